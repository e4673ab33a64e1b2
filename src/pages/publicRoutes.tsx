import type { ReactElement } from 'react';
import { ApiDocsPage } from './ApiDocsPage';
import { ConfirmEmailPage } from './ConfirmEmailPage';
import { ErrorPage } from './ErrorPage';
import { InitialPasswordSetupPage } from './InitialPasswordSetupPage';
import { LoginPage } from './LoginPage';
import { LogoutPage } from './LogoutPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { ResetTwoFactorPage } from './ResetTwoFactorPage';

/** Routes outside the layout: the public ones of SPEC 2.1 besides /login (react-admin's login page), and /docs, which asks for sign-in itself. */
export const publicRoutes: { path: string; element: ReactElement }[] = [
    { path: '/alternate', element: <LoginPage /> },
    { path: '/logout', element: <LogoutPage /> },
    { path: '/reset_password', element: <ResetPasswordPage /> },
    { path: '/reset_2fa', element: <ResetTwoFactorPage /> },
    { path: '/error', element: <ErrorPage /> },
    { path: '/initial-password-setup', element: <InitialPasswordSetupPage /> },
    { path: '/docs', element: <ApiDocsPage /> },
    { path: '/confirm_email', element: <ConfirmEmailPage /> },
];

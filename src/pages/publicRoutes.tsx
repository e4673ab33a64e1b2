import type { ReactElement } from 'react';
import { ErrorPage } from './ErrorPage';
import { LoginPage } from './LoginPage';
import { LogoutPage } from './LogoutPage';
import { onDemand } from '../plugins/onDemand';

// The pages a link in a mail or the API docs open load when opened, not with the sign-in page.
const ApiDocsPage = onDemand(() => import('./ApiDocsPage').then(m => m.ApiDocsPage));
const ConfirmEmailPage = onDemand(() => import('./ConfirmEmailPage').then(m => m.ConfirmEmailPage));
const InitialPasswordSetupPage = onDemand(() => import('./InitialPasswordSetupPage').then(m => m.InitialPasswordSetupPage));
const ResetPasswordPage = onDemand(() => import('./ResetPasswordPage').then(m => m.ResetPasswordPage));
const ResetTwoFactorPage = onDemand(() => import('./ResetTwoFactorPage').then(m => m.ResetTwoFactorPage));

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

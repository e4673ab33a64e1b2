import { useEffect, type ReactElement } from 'react';
import { API_DOCS_PATH } from '../../contract/constants';
import { ErrorPage } from './ErrorPage';
import { InitialPasswordSetupPage } from './InitialPasswordSetupPage';
import { LoginPage } from './LoginPage';
import { LogoutPage } from './LogoutPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { ResetTwoFactorPage } from './ResetTwoFactorPage';

/** /docs sets the browser location to the API documentation (SPEC 2.2). */
const ApiDocs = () => {
    useEffect(() => window.location.assign(API_DOCS_PATH), []);
    return null;
};

/** Public routes of SPEC 2.1 besides /login (react-admin's login page). */
export const publicRoutes: { path: string; element: ReactElement }[] = [
    { path: '/alternate', element: <LoginPage /> },
    { path: '/logout', element: <LogoutPage /> },
    { path: '/reset_password', element: <ResetPasswordPage /> },
    { path: '/reset_2fa', element: <ResetTwoFactorPage /> },
    { path: '/error', element: <ErrorPage /> },
    { path: '/initial-password-setup', element: <InitialPasswordSetupPage /> },
    { path: '/docs', element: <ApiDocs /> },
];

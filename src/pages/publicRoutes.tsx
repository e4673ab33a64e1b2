import type { ReactElement } from 'react';
import { LoginPage } from './LoginPage';

/** Public routes of SPEC 2.1 besides /login (react-admin's login page). */
export const publicRoutes: { path: string; element: ReactElement }[] = [{ path: '/alternate', element: <LoginPage /> }];

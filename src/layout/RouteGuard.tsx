import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuthenticated, usePermissions } from 'react-admin';
import { canOpenRoute, type RouteKey } from '../../contract/routes';
import type { Session } from '../session/session';

/** SPEC 2.5: a route the session may not open redirects to /. */
export const RouteGuard = ({ routeKey, children }: { routeKey?: RouteKey; children: ReactNode }) => {
    useAuthenticated();
    const { permissions, isPending } = usePermissions<Session>();
    if (!routeKey) return <>{children}</>;
    if (isPending || !permissions) return null;
    return canOpenRoute(routeKey, permissions.flags) ? <>{children}</> : <Navigate to="/" replace />;
};

/** Wraps a resource view in its route guard. */
export const guarded = (Component: React.ComponentType | undefined, routeKey?: RouteKey) => {
    if (!Component) return undefined;
    const Guarded = () => (
        <RouteGuard routeKey={routeKey}>
            <Component />
        </RouteGuard>
    );
    Guarded.displayName = `Guarded(${Component.displayName ?? Component.name ?? 'view'})`;
    return Guarded;
};

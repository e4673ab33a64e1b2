import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Session } from '../session/session';
import { useAccountList } from '../session/accounts';
import { useSession } from '../session/useSession';

/** Pages the gate never sends away from (they are where it sends users). */
const GATE_PAGES = ['/login', '/initial-password-setup', '/logout'];

/**
 * SPEC 2.5, 4.1: where a signed-in user must go before any screen, or
 * undefined. A required password change comes first (everything redirects
 * there), then the terms, which the sign-in page asks for.
 */
export const gateRedirect = (session: Session | undefined, location: { pathname: string; search: string }): string | undefined => {
    if (!session || GATE_PAGES.some(p => location.pathname === p || location.pathname.startsWith(`${p}/`))) return undefined;
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    if (!session.me.password_changed) return `/initial-password-setup?redirect_url=${back}`;
    if (!session.me.accepted_tos) return `/login?redirect_url=${back}`;
    return undefined;
};

/**
 * Inside the layout: sends a user who must change their password or accept
 * the terms away before any screen shows, and loads the account list at
 * start-up unless single-tenant mode is on (SPEC 4.1 step 4).
 */
export const SessionGate = ({ children }: { children: ReactNode }) => {
    const session = useSession();
    const navigate = useNavigate();
    const location = useLocation();
    useAccountList();
    const target = gateRedirect(session, location);
    useEffect(() => {
        if (target) navigate(target, { replace: true });
    }, [target, navigate]);
    return target ? null : <>{children}</>;
};

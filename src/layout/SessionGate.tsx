import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../session/useSession';

/** Pages the gate never sends away from (they are where it sends users). */
const GATE_PAGES = ['/login', '/initial-password-setup', '/logout'];

/**
 * SPEC 2.5: a user who must change their password goes to
 * /initial-password-setup; one who has not accepted the terms goes to /login
 * with redirect_url, where the terms step waits.
 */
export const SessionGate = ({ children }: { children: ReactNode }) => {
    const session = useSession();
    const navigate = useNavigate();
    const { pathname, search } = useLocation();
    const blocked = !!session && (!session.me.password_changed || !session.me.accepted_tos);
    useEffect(() => {
        if (!session || !blocked || GATE_PAGES.some(p => pathname.startsWith(p))) return;
        const back = encodeURIComponent(`${pathname}${search}`);
        navigate(session.me.password_changed ? `/login?redirect_url=${back}` : `/initial-password-setup?redirect_url=${back}`, { replace: true });
    }, [session, blocked, navigate, pathname, search]);
    return blocked ? null : <>{children}</>;
};

import type { AuthProvider } from 'react-admin';
import type { LoginReply } from '../../contract/auth';
import { can, isAction, type Action } from '../../contract/rights';
import { apiFetch } from '../dataProvider/http';
import { rightResourceOf } from '../plugins/installed';
import { clearSession, storedUser, tokens } from '../dataProvider/tokens';
import { getSession, resetSession } from '../session/sessionCache';

/** Pages where a 401/403 does not send the user away (SPEC 8.1). */
const PUBLIC_PATHS = ['/login', '/alternate', '/reset_password', '/logout', '/error', '/confirm_email', '/enroll'];
const onPublicPage = (pathname: string) =>
    [...PUBLIC_PATHS, '/reset_2fa', '/initial-password-setup'].some(p => pathname === p || pathname.startsWith(`${p}/`));

const here = () => `${window.location.pathname}${window.location.search}`;

/** SPEC 8.1: where a 401 or 403 sends the user, or undefined to stay. */
export const errorRedirect = (
    status: number | undefined,
    location: { pathname: string; search: string; href: string },
): string | undefined => {
    if (status !== 401 && status !== 403) return undefined;
    if (PUBLIC_PATHS.some(p => location.pathname === p || location.pathname.startsWith(`${p}/`))) return undefined;
    const current = encodeURIComponent(`${location.pathname}${location.search}`);
    return location.href.includes('token=') ? `/login?redirect_url=${current}` : `/logout?redirect_url=${current}`;
};

/** react-admin action -> right of SPEC 6.2 */
const ACTION_RIGHTS: Record<string, Action> = {
    list: 'read',
    show: 'read',
    create: 'write',
    edit: 'edit',
    delete: 'delete',
    export: 'export',
};

export { getSession, resetSession } from '../session/sessionCache';

export const authProvider: AuthProvider = {
    /**
     * Resolves the login reply; the login page goes on with the second factor
     * or the terms when due, and navigates itself (redirectTo: false).
     */
    async login({ username, password }: { username: string; password: string }) {
        const reply = await apiFetch<LoginReply>('/login', { method: 'POST', body: { username, password }, noAccount: true });
        tokens.save(reply as { token: string; refresh_token?: string });
        resetSession();
        return { ...reply, redirectTo: false };
    },

    async logout() {
        if (tokens.access) await apiFetch('/logout', { method: 'POST', noAccount: true }).catch(() => undefined);
        clearSession();
        resetSession();
        return undefined;
    },

    async checkAuth() {
        if (!tokens.access) {
            // A public page needs no session: answering "signed out" there would make react-admin
            // navigate to the same page again and again.
            if (onPublicPage(window.location.pathname)) return;
            throw { redirectTo: `/login?redirect_url=${encodeURIComponent(here())}`, message: false };
        }
        await getSession();
    },

    async checkError(error: { status?: number }) {
        const redirectTo = errorRedirect(error?.status, window.location);
        if (redirectTo) throw { redirectTo, logoutUser: false, message: false };
    },

    async getIdentity() {
        if (!tokens.access) throw new Error('Not signed in');
        const me = storedUser() ?? (await getSession()).me;
        return { id: me.id, fullName: me.name };
    },

    async getPermissions() {
        if (!tokens.access) return undefined;
        return getSession();
    },

    async canAccess({ resource, action }) {
        if (!tokens.access) return false;
        const session = await getSession();
        const right = rightResourceOf(resource);
        if (!right) return true;
        const wanted = isAction(action) ? action : ACTION_RIGHTS[action];
        if (!wanted) return false;
        // Resources whose matrix has no separate edit right are edited with write.
        return can(session.role, right, wanted) || (wanted === 'edit' && can(session.role, right, 'write'));
    },
};

import type { Me, LoginProvider } from '../../contract/auth';
import { STORAGE_KEYS } from '../../contract/constants';

/**
 * What the console keeps between page loads (SPEC 3 "stored values"): the
 * token and refreshToken, the current user, and a per-user current account id.
 */
const get = (key: string) => localStorage.getItem(key);
const set = (key: string, value: string | null) => (value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value));

export const tokens = {
    get access() {
        return get(STORAGE_KEYS.token);
    },
    get refresh() {
        return get(STORAGE_KEYS.refreshToken);
    },
    save(pair: { token: string; refresh_token?: string }) {
        set(STORAGE_KEYS.token, pair.token);
        if (pair.refresh_token) set(STORAGE_KEYS.refreshToken, pair.refresh_token);
    },
    clear() {
        set(STORAGE_KEYS.token, null);
        set(STORAGE_KEYS.refreshToken, null);
    },
};

const USER_KEY = 'user';
const currentAccountKey = (userId: number) => `currentAccountId.${userId}`;

export const storedUser = (): Me | undefined => {
    const raw = get(USER_KEY);
    if (!raw) return undefined;
    try {
        return JSON.parse(raw) as Me;
    } catch {
        return undefined;
    }
};
// Read on every render of a list (the store's keys name the user): parsed again only when it changed.
let lastUser: { raw: string | null; id: number | undefined } = { raw: null, id: undefined };
/** The id of the user signed in on this browser, if any. */
export const storedUserId = (): number | undefined => {
    const raw = get(USER_KEY);
    if (raw !== lastUser.raw) lastUser = { raw, id: storedUser()?.id };
    return lastUser.id;
};
export const saveUser = (me: Me | undefined) => set(USER_KEY, me ? JSON.stringify(me) : null);

/** The account the console works in: the stored selection, otherwise the user's own (SPEC 4.1 step 3). */
export const currentAccountId = (): number | undefined => {
    const me = storedUser();
    if (!me) return undefined;
    const stored = Number(get(currentAccountKey(me.id)));
    return stored > 0 ? stored : me.account.id;
};
export const storedAccountSelection = (userId: number): number | undefined => {
    const stored = Number(get(currentAccountKey(userId)));
    return stored > 0 ? stored : undefined;
};
export const saveCurrentAccountId = (userId: number, accountId: number | null) =>
    set(currentAccountKey(userId), accountId === null ? null : String(accountId));

let loginProviderCache: LoginProvider | undefined;
export const cachedLoginProvider = () => loginProviderCache;
export const cacheLoginProvider = (value: LoginProvider) => {
    loginProviderCache = value;
};

/** Logout clears the session state and the stored account (SPEC 4.3). */
export const clearSession = () => {
    const me = storedUser();
    if (me) saveCurrentAccountId(me.id, null);
    saveUser(undefined);
    tokens.clear();
};

/** A link that carries token and refresh_token (e.g. from an SSO sign-in) stores them (SPEC 7.3). */
export const adoptTokensFromUrl = (search: string) => {
    const params = new URLSearchParams(search);
    const token = params.get('token');
    if (!token) return false;
    sessionStorage.setItem(STORAGE_KEYS.token, token);
    const refresh = params.get('refresh_token');
    if (refresh) sessionStorage.setItem(STORAGE_KEYS.refreshToken, refresh);
    tokens.save({ token, refresh_token: refresh ?? undefined });
    return true;
};

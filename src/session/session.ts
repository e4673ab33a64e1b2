import type { LoginProvider, Me } from '../../contract/auth';
import { optionOn, ACCOUNT_OPTIONS, singleTenantMode, type AccountOption, type SessionFlags } from '../../contract/session';
import type { Role } from '../../contract/roles';
import { apiFetch } from '../dataProvider/http';
import {
    cacheLoginProvider,
    cachedLoginProvider,
    currentAccountId,
    saveCurrentAccountId,
    saveUser,
    storedAccountSelection,
    storedUser,
} from '../dataProvider/tokens';
import { applyUserLocale } from './store';

/** What the console knows about the signed-in session (SPEC 3 session state); react-admin's "permissions". */
export interface Session {
    me: Me;
    role: Role;
    flags: SessionFlags;
    ownAccountId: number;
    currentAccountId: number;
    /** the account the console works in (SPEC 2.4 header) */
    currentAccount: { id: number; name: string };
    loginProvider: LoginProvider;
    platformVersion: string;
    isAdmin: boolean;
}

export const fetchLoginProvider = async (): Promise<LoginProvider> => {
    const cached = cachedLoginProvider();
    if (cached) return cached;
    const value = await apiFetch<LoginProvider>('/login_provider', { noAccount: true });
    cacheLoginProvider(value);
    return value;
};

/**
 * Start-up of SPEC 4.1: me (a failure means signed out), login-provider and
 * version info, the current account (stored selection, else own), and the
 * feature flags of the current account.
 */
export const loadSession = async (signal?: AbortSignal): Promise<Session> => {
    // The account the last session worked in: its options are asked for with me, not after it (checked below).
    const last = storedUser();
    const guessed = last && (storedAccountSelection(last.id) ?? last.account.id);
    const optionsOf = (id: number) =>
        apiFetch<{ options: AccountOption[] }>(`/accounts/${id}/options`, { noAccount: true, signal }).then(r => r.options);
    const early = guessed === undefined ? undefined : optionsOf(guessed).catch(() => undefined);
    // me without account (a stored selection may point to an account the user lost), at once with what needs no user.
    const [me, loginProvider, version] = await Promise.all([
        apiFetch<Me>('/me', { noAccount: true, signal }),
        fetchLoginProvider(),
        apiFetch<{ platform_version: string }>('/version', { noAccount: true, signal }),
    ]);
    saveUser(me);
    // the user's own choice, else the language the brand of their account sets
    applyUserLocale(me.locale ?? me.default_locale);
    const role: Role = me.role ?? 'user';
    const singleTenant = singleTenantMode(loginProvider.singleTenant, me.account.main, role);
    let current = storedAccountSelection(me.id) ?? me.account.id;
    let options = current === guessed && last?.id === me.id ? await early : undefined;
    if (!options) {
        try {
            options = await optionsOf(current);
        } catch {
            // The stored account is gone or out of reach: fall back to the user's own.
            saveCurrentAccountId(me.id, null);
            current = me.account.id;
            options = await optionsOf(current);
        }
    }
    const flags: SessionFlags = {
        role,
        cloud: loginProvider.platformInstallation === 'cloud',
        singleTenantInstallation: loginProvider.singleTenant,
        singleTenant,
        acsEnabled: optionOn(options, ACCOUNT_OPTIONS.acsEnabled) && loginProvider.acsServiceRunning,
        agEnabled: optionOn(options, ACCOUNT_OPTIONS.agEnabled),
        optOutEnabled: optionOn(options, ACCOUNT_OPTIONS.optOutEnabled),
        enrollmentEnabled: loginProvider.enrollmentEnabled,
        accountENREnabled: optionOn(options, ACCOUNT_OPTIONS.enrEnabled),
        tfaEnabled: optionOn(options, ACCOUNT_OPTIONS.tfaEnabled),
    };
    const currentName =
        current === me.account.id
            ? me.account.name
            : await apiFetch<{ name: string }>(`/accounts/${current}`, { noAccount: true, signal }).then(
                  a => a.name,
                  () => `#${current}`,
              );
    return {
        me,
        role,
        flags,
        ownAccountId: me.account.id,
        currentAccountId: currentAccountId() ?? current,
        currentAccount: { id: current, name: currentName },
        loginProvider,
        platformVersion: version.platform_version,
        isAdmin: role === 'admin',
    };
};

import type { Role } from './roles';

/** What decides which routes and menu items a signed-in user gets (SPEC 3 session state, 4.2). */
export interface SessionFlags {
    role: Role;
    /** platformInstallation === 'cloud' */
    cloud: boolean;
    /** the installation itself is single-tenant (login_provider.singleTenant) */
    singleTenantInstallation: boolean;
    /** single-tenant mode of SPEC 4.2: single-tenant installation, own account is main, not admin */
    singleTenant: boolean;
    /** ACS integration on for the current account (acs/enabled) and its service running */
    acsEnabled: boolean;
    /** access groups on for the current account (ag/enabled) */
    agEnabled: boolean;
    /** bio opt-out on for the current account (acs/opt_out_enabled) */
    optOutEnabled: boolean;
    /** web enrollment on for the system */
    enrollmentEnabled: boolean;
    /** web enrollment on for the current account (enr/enabled) */
    accountENREnabled: boolean;
    /** two-factor on for the current account (tfa/enabled) */
    tfaEnabled: boolean;
}

/** SPEC 4.2: single-tenant mode. */
export const singleTenantMode = (installationSingleTenant: boolean, ownAccountIsMain: boolean, role: Role): boolean =>
    role !== 'admin' && installationSingleTenant && ownAccountIsMain;

export interface AccountOption {
    type: string;
    name: string;
    value: string;
}

/** SPEC 3: an option is on when its value is the text 'true'. */
export const optionOn = (options: readonly AccountOption[] | undefined, name: string): boolean =>
    options?.some(o => o.name === name && o.value === 'true') ?? false;

export const ACCOUNT_OPTIONS = {
    acsEnabled: 'acs/enabled',
    optOutEnabled: 'acs/opt_out_enabled',
    acsProvider: 'acs/provider',
    agEnabled: 'ag/enabled',
    enrEnabled: 'enr/enabled',
    profileRetention: 'prp/profiles',
    tfaEnabled: 'tfa/enabled',
    /** spoofing detection on: the Security Events filter offers the spoofing group (SPEC 2.7) */
    spoofingEnabled: 'spf/enabled',
} as const;

import { ACCOUNT_OPTIONS, optionOn, singleTenantMode, type SessionFlags } from '../../../contract/session';
import type { Config } from '../../config';
import type { AuthContext } from '../../http/auth';
import type { AccountOption } from '../../../contract/session';

/** The session flags of SPEC 3/4.2 for a user working in an account with these options. */
export const sessionFlags = (config: Config, auth: AuthContext, currentOptions: readonly AccountOption[]): SessionFlags => ({
    role: auth.user.role,
    cloud: config.platformInstallation === 'cloud',
    singleTenantInstallation: config.singleTenant,
    singleTenant: singleTenantMode(config.singleTenant, auth.account.main, auth.user.role),
    acsEnabled: optionOn(currentOptions, ACCOUNT_OPTIONS.acsEnabled),
    agEnabled: optionOn(currentOptions, ACCOUNT_OPTIONS.agEnabled),
    optOutEnabled: optionOn(currentOptions, ACCOUNT_OPTIONS.optOutEnabled),
    enrollmentEnabled: config.enrollmentEnabled,
    accountENREnabled: optionOn(currentOptions, ACCOUNT_OPTIONS.enrEnabled),
    tfaEnabled: optionOn(currentOptions, ACCOUNT_OPTIONS.tfaEnabled),
});

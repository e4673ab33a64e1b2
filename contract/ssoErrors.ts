/**
 * SPEC 8.5's single sign-on errors, word for word: a leaf module without
 * zod, because the sign-in page shows them (the sign-in page downloads no
 * schema library: docs/performance.md "Console first load").
 */
export const SSO_ERRORS = {
    invalidConfiguration: 'Invalid SSO Configuration',
    cannotAuthenticate: 'Cannot authenticate to external identity provider',
    noRoleMatch: 'Unable to match external user groups/roles to product roles',
    cannotLogin: 'Cannot login to external user',
    cannotCreate: 'Cannot create external user',
    adConnect: 'Failed to connect to AD server',
    adBind: 'Failed to bind to AD instance',
    adUserData: 'Failed to fetch required user data from AD',
} as const;
export type SsoErrorText = (typeof SSO_ERRORS)[keyof typeof SSO_ERRORS];

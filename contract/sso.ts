import { z } from 'zod';

/**
 * Single sign-on of the main account (SPEC 3 identity provider, 5, 6.1, 8.5;
 * docs/decisions.md "Single sign-on"). One identity provider per main account, of one of three kinds;
 * its secrets are write-only: replies say whether they are set, never what
 * they are.
 */
export const IDENTITY_PROVIDER_KINDS = ['oidc', 'saml', 'directory'] as const;
export type IdentityProviderKind = (typeof IDENTITY_PROVIDER_KINDS)[number];

/** SPEC 6.1: the account roles an external group or role may be mapped to. */
export const SSO_ROLES = ['moderator', 'manager', 'user'] as const;
export type SsoRole = (typeof SSO_ROLES)[number];

/** SPEC 9 */
export const DEFAULT_SAML_ASSERTION_KEY = 'memberOf';

export { SSO_ERRORS, type SsoErrorText } from './ssoErrors';

export const roleMappingEntry = z.object({
    /** the external group or role as the provider sends it (a group DN, a group name, a role claim value) */
    group: z.string().trim().min(1).max(500),
    role: z.enum(SSO_ROLES),
});
/** SPEC 5: at least one role mapped to an external group or role. */
export const roleMapping = z
    .array(roleMappingEntry)
    .min(1, { error: 'Map at least one role (Account administrator, Account manager or Account user) to an external group or role' })
    .max(100);
export type RoleMapping = z.infer<typeof roleMapping>;

const httpsOrHttpUrl = z.url({ protocol: /^https?$/ }).max(1000);

/** OpenID Connect: discovery from the domain (issuer), authorization code with PKCE. */
export const oidcSettings = z.object({
    /** the issuer, e.g. https://login.example.com/realms/staff; discovery reads <domain>/.well-known/openid-configuration */
    domain: httpsOrHttpUrl,
    client_id: z.string().trim().min(1).max(500),
    /** the claim that carries the groups or roles matched against the mapping */
    groups_claim: z.string().trim().min(1).max(200).default('groups'),
    scopes: z.string().trim().max(500).default('openid profile email'),
});
export const oidcSecrets = z.object({ client_secret: z.string().max(2000) });

/** SAML 2.0 web browser SSO: the identity provider from its metadata (URL or file); signed assertions required. */
export const samlSettings = z.object({
    metadata_url: httpsOrHttpUrl.nullable().default(null),
    /** the metadata file's XML, when no URL is given */
    metadata_xml: z.string().max(200_000).nullable().default(null),
    /** our service provider's entity ID (the audience the IdP writes into assertions) */
    entity_id: z.string().trim().min(1).max(500),
    /** the attribute that carries the groups (SPEC 9 default memberOf) */
    assertion_key: z.string().trim().min(1).max(200).default(DEFAULT_SAML_ASSERTION_KEY),
});
export const samlSecrets = z.object({});

/** LDAP / Active Directory (SPEC 3 directory variant). */
export const directorySettings = z.object({
    /** ldap://host:389 or ldaps://host:636 */
    server_address: z
        .string()
        .trim()
        .regex(/^ldaps?:\/\/[^\s/]+(:\d+)?\/?$/, { error: 'Enter an ldap:// or ldaps:// address, e.g. ldaps://dc1.example.com:636' }),
    /** none: plain LDAP; ldaps: TLS from the start; starttls: upgrade a plain connection */
    secure_connection: z.enum(['none', 'ldaps', 'starttls']).default('ldaps'),
    /** PEM certificates of the CAs to trust for TLS; empty: the system's */
    certificates: z.string().max(100_000).default(''),
    bind_dn: z.string().trim().min(1).max(1000),
    base_dn: z.string().trim().min(1).max(1000),
    /** appended to a bare username to form the UPN, e.g. @example.com */
    upn_suffix: z.string().trim().max(200).default(''),
    /** {user_dn} and {username} are replaced; e.g. (&(objectClass=groupOfNames)(member={user_dn})) */
    group_search_filter: z.string().trim().max(1000).default('(&(objectClass=group)(member={user_dn}))'),
    /** where users are searched (defaults to base_dn when empty) */
    user_query_dn: z.string().trim().max(1000).default(''),
});
export const directorySecrets = z.object({ bind_password: z.string().max(1000) });

export type OidcSettings = z.infer<typeof oidcSettings>;
export type SamlSettings = z.infer<typeof samlSettings>;
export type DirectorySettings = z.infer<typeof directorySettings>;
export type OidcSecrets = z.infer<typeof oidcSecrets>;
export type DirectorySecrets = z.infer<typeof directorySecrets>;

/** SPEC 3 login preferences: which sign-in the login page offers. */
export const LOGIN_MODES = ['local', 'sso', 'both'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

// ---- the calls of the SSO configuration and login preferences sections ----

/** PUT /accounts/{id}/identity_providers: secrets absent keep the stored ones, given replace them. */
export const identityProviderInput = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('oidc'), settings: oidcSettings, secrets: oidcSecrets.optional(), role_mapping: roleMapping }),
    z.object({ kind: z.literal('saml'), settings: samlSettings, secrets: samlSecrets.optional(), role_mapping: roleMapping }),
    z.object({
        kind: z.literal('directory'),
        settings: directorySettings,
        secrets: directorySecrets.optional(),
        role_mapping: roleMapping,
    }),
]);
export type IdentityProviderInput = z.infer<typeof identityProviderInput>;

/** SAML needs the identity provider's metadata, from its URL or its file. */
export const SSO_MESSAGES = {
    samlMetadata: 'Give the identity provider metadata URL or its metadata file',
    bindPassword: 'Enter the bind password',
    clientSecret: 'Enter the client secret',
    mainAccountOnly: 'Only the main account can use single sign-on',
    noProvider: 'Configure an identity provider before choosing single sign-on only',
    breakGlassRequired: 'Choose a local account administrator who may still sign in with a password',
    breakGlassInvalid: 'The break-glass user must be an enabled local platform administrator or account administrator of the main account',
    providerInUse: 'The login page offers single sign-on only: choose another login mode before removing the identity provider',
    keytabFile: 'Send a keytab file',
    keytabInvalid: 'This is not a keytab file',
    keytabTooLarge: 'The keytab is larger than 64 KB',
    keytabDirectoryOnly: 'A keytab is for a directory (LDAP / Active Directory) identity provider',
    ssoOnly: 'This account signs in with single sign-on',
} as const;

export const KEYTAB_MAX_BYTES = 64 * 1024;

export const keytabInfo = z.object({ name: z.string(), size: z.number().int(), uploaded_at: z.string() });
export type KeytabInfo = z.infer<typeof keytabInfo>;

/** What the administrator gives the identity provider about us. */
export const serviceProviderValues = z.object({
    oidc_redirect_uri: z.string(),
    saml_acs_url: z.string(),
    /** our entity ID as configured, else the suggested one (the public URL) */
    saml_entity_id: z.string(),
});
export type ServiceProviderValues = z.infer<typeof serviceProviderValues>;

/** GET /accounts/{id}/identity_providers: each provider with its secrets as "set" flags, never their values. */
export const identityProviderReply = z.object({
    kind: z.enum(IDENTITY_PROVIDER_KINDS),
    settings: z.record(z.string(), z.unknown()),
    secrets: z.object({ client_secret_set: z.boolean().optional(), bind_password_set: z.boolean().optional() }),
    role_mapping: roleMapping,
    keytab: keytabInfo.nullable(),
    service_provider: serviceProviderValues,
    updated_at: z.string(),
    updated_by: z.string().nullable(),
});
export type IdentityProviderReply = z.infer<typeof identityProviderReply>;

export const loginPreferencesInput = z.object({
    mode: z.enum(LOGIN_MODES),
    break_glass_user_id: z.number().int().positive().nullable().default(null),
});
export const loginPreferencesReply = z.object({
    mode: z.enum(LOGIN_MODES),
    break_glass_user_id: z.number().int().nullable(),
});
export type LoginPreferences = z.infer<typeof loginPreferencesReply>;

/** SPEC 6.1 / 8.5: the order in which a person's mapped roles win (highest first). */
export const SSO_ROLE_ORDER: readonly SsoRole[] = ['moderator', 'manager', 'user'];

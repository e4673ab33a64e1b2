import {
    identityProviderInput,
    SSO_MESSAGES,
    type IdentityProviderKind,
    type IdentityProviderReply,
    type SsoRole,
} from '../../../contract/sso';

export const T = 'resources.sso';

export interface Field {
    name: string;
    /** empty means the contract's default: the field is left out */
    optional?: boolean;
    /** empty means null (SAML metadata: a URL or a file) */
    nullable?: boolean;
    multiline?: boolean;
    choices?: readonly string[];
}

/** The settings of each kind, as contract/sso.ts names them. */
export const FIELDS: Record<IdentityProviderKind, Field[]> = {
    oidc: [{ name: 'domain' }, { name: 'client_id' }, { name: 'groups_claim', optional: true }, { name: 'scopes', optional: true }],
    saml: [
        { name: 'metadata_url', nullable: true },
        { name: 'metadata_xml', nullable: true, multiline: true },
        { name: 'entity_id' },
        { name: 'assertion_key', optional: true },
    ],
    directory: [
        { name: 'server_address' },
        { name: 'secure_connection', optional: true, choices: ['none', 'ldaps', 'starttls'] },
        { name: 'certificates', optional: true, multiline: true },
        { name: 'bind_dn' },
        { name: 'base_dn' },
        { name: 'upn_suffix', optional: true },
        { name: 'group_search_filter', optional: true },
        { name: 'user_query_dn', optional: true },
    ],
};
const DEFAULTS: Record<string, string> = {
    groups_claim: 'groups',
    scopes: 'openid profile email',
    assertion_key: 'memberOf',
    secure_connection: 'ldaps',
    group_search_filter: '(&(objectClass=group)(member={user_dn}))',
};
/** Each kind's write-only secret, and the reply's flag that says it is set. */
export const SECRET: Record<IdentityProviderKind, { field: string; flag: 'client_secret_set' | 'bind_password_set' } | undefined> = {
    oidc: { field: 'client_secret', flag: 'client_secret_set' },
    saml: undefined,
    directory: { field: 'bind_password', flag: 'bind_password_set' },
};

export type Mapping = { group: string; role: SsoRole }[];
export type Values = Record<string, string>;
/** Field errors keyed as the server keys them ('settings.domain', 'role_mapping.0.group'). */
export type Errors = Record<string, string>;

export const valuesOf = (provider?: IdentityProviderReply): Values => {
    const values: Values = { ...DEFAULTS };
    for (const [k, v] of Object.entries(provider?.settings ?? {})) values[k] = v === null || v === undefined ? '' : String(v);
    return values;
};

/** The PUT body from the form: empty optional fields take the server's default, a secret is sent only when typed. */
export const providerBody = (kind: IdentityProviderKind, values: Values, secret: string | undefined, mapping: Mapping) => {
    const settings: Record<string, string | null> = {};
    for (const f of FIELDS[kind]) {
        const v = (values[f.name] ?? '').trim() === '' ? '' : values[f.name]!;
        if (v !== '') settings[f.name] = v;
        else if (f.nullable) settings[f.name] = null;
        else if (!f.optional) settings[f.name] = '';
    }
    const s = SECRET[kind];
    return {
        kind,
        settings,
        ...(s && secret !== undefined ? { secrets: { [s.field]: secret } } : {}),
        // A row left empty is no mapping; none at all is the SPEC 5 error.
        role_mapping: mapping.filter(m => m.group.trim() !== '').map(m => ({ group: m.group.trim(), role: m.role })),
    };
};
export type ProviderBody = ReturnType<typeof providerBody>;

/** Field errors of the contract's rules, keyed as the server keys them ('settings.domain', 'role_mapping'). */
export const checkBody = (body: ProviderBody): Errors => {
    const parsed = identityProviderInput.safeParse(body);
    const errors: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
    if (body.kind === 'saml' && !body.settings.metadata_url && !body.settings.metadata_xml)
        errors['settings.metadata_url'] ??= SSO_MESSAGES.samlMetadata;
    return errors;
};

/**
 * The query keys of the account's single sign-on (the login preferences section reads the providers too). Not
 * under 'accounts': what react-admin refreshes of that resource must not reload, and so reset, these forms.
 */
export const ssoKeys = {
    providers: (accountId: number) => ['sso', accountId, 'identity_providers'] as const,
    serviceProvider: (accountId: number) => ['sso', accountId, 'service_provider'] as const,
    loginPreferences: (accountId: number) => ['sso', accountId, 'login_preferences'] as const,
};

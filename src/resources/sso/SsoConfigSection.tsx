import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Divider, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import UploadFile from '@mui/icons-material/UploadFile';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { MULTIPART_UPLOAD_TIMEOUT_MS } from '../../../contract/constants';
import { can } from '../../../contract/rights';
import {
    IDENTITY_PROVIDER_KINDS,
    identityProviderInput,
    SSO_MESSAGES,
    SSO_ROLES,
    type IdentityProviderKind,
    type IdentityProviderReply,
    type KeytabInfo,
    type ServiceProviderValues,
    type SsoRole,
} from '../../../contract/sso';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';

const T = 'resources.sso';

interface Field {
    name: string;
    /** empty means the contract's default: the field is left out */
    optional?: boolean;
    /** empty means null (SAML metadata: a URL or a file) */
    nullable?: boolean;
    multiline?: boolean;
    choices?: readonly string[];
}

/** The settings of each kind, as contract/sso.ts names them. */
const FIELDS: Record<IdentityProviderKind, Field[]> = {
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
const SECRET: Record<IdentityProviderKind, { field: string; flag: 'client_secret_set' | 'bind_password_set' } | undefined> = {
    oidc: { field: 'client_secret', flag: 'client_secret_set' },
    saml: undefined,
    directory: { field: 'bind_password', flag: 'bind_password_set' },
};

type Mapping = { group: string; role: SsoRole }[];
type Values = Record<string, string>;

const valuesOf = (provider?: IdentityProviderReply): Values => {
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

/** Field errors of the contract's rules, keyed as the server keys them ('settings.domain', 'role_mapping'). */
const checkBody = (body: ReturnType<typeof providerBody>): Record<string, string> => {
    const parsed = identityProviderInput.safeParse(body);
    const errors: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
    if (body.kind === 'saml' && !body.settings.metadata_url && !body.settings.metadata_xml)
        errors['settings.metadata_url'] ??= SSO_MESSAGES.samlMetadata;
    return errors;
};

const CopyValue = ({ label, value }: { label: string; value: string }) => {
    const translate = useTranslate();
    const [copied, setCopied] = useState(false);
    return (
        <TextField
            label={label}
            value={value}
            size="small"
            fullWidth
            slotProps={{
                input: {
                    readOnly: true,
                    endAdornment: (
                        <Tooltip title={translate(copied ? `${T}.values.copied` : `${T}.values.copy`)}>
                            <IconButton
                                aria-label={`${translate(`${T}.values.copy`)} ${label}`}
                                onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
                                edge="end"
                            >
                                <ContentCopy fontSize="small" />
                            </IconButton>
                        </Tooltip>
                    ),
                },
            }}
        />
    );
};

/** A write-only secret: 'Set' and a Change button while stored; a password field once changed or while none is stored. */
const SecretField = (props: {
    label: string;
    set: boolean;
    value: string | undefined;
    error?: string;
    readOnly: boolean;
    onChange: (value: string | undefined) => void;
}) => {
    const translate = useTranslate();
    if (props.set && props.value === undefined)
        return (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2">{props.label}</Typography>
                <Chip size="small" color="success" label={translate(`${T}.secretSet`)} />
                {!props.readOnly && (
                    <Button size="small" onClick={() => props.onChange('')}>
                        {translate(`${T}.secretChange`)}
                    </Button>
                )}
            </Stack>
        );
    return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
                label={props.label}
                type="password"
                autoComplete="new-password"
                size="small"
                fullWidth
                disabled={props.readOnly}
                value={props.value ?? ''}
                error={!!props.error}
                helperText={props.error}
                onChange={e => props.onChange(e.target.value)}
            />
            {props.set && (
                <Button size="small" onClick={() => props.onChange(undefined)} sx={{ whiteSpace: 'nowrap' }}>
                    {translate(`${T}.secretKeep`)}
                </Button>
            )}
        </Stack>
    );
};

const Keytab = ({
    accountId,
    keytab,
    readOnly,
    onChange,
}: {
    accountId: number;
    keytab: KeytabInfo | null;
    readOnly: boolean;
    onChange: () => void;
}) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notify = useNotify();
    const notices = useNotices();
    const path = `/accounts/${accountId}/identity_providers/keytab`;
    const upload = (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return dataProvider
            .call(path, { method: 'POST', body: form, noAccount: true, timeout: MULTIPART_UPLOAD_TIMEOUT_MS })
            .then(() => {
                notify(translate(`${T}.keytab.uploaded`), { type: 'success' });
                onChange();
            })
            .catch(e => notices.failed(`${T}.keytab.failed`, e));
    };
    const remove = () =>
        dataProvider
            .call(path, { method: 'DELETE', noAccount: true })
            .then(onChange)
            .catch(e => notices.failed(`${T}.keytab.failed`, e));
    return (
        <Stack spacing={1}>
            <Typography variant="subtitle2">{translate(`${T}.keytab.title`)}</Typography>
            <Typography variant="body2" color="text.secondary">
                {keytab
                    ? translate(`${T}.keytab.current`, { name: keytab.name, size: keytab.size, date: formatDate(keytab.uploaded_at) })
                    : translate(`${T}.keytab.none`)}
            </Typography>
            {!readOnly && (
                <Stack direction="row" spacing={1}>
                    <Button component="label" variant="outlined" size="small" startIcon={<UploadFile />}>
                        {translate(`${T}.keytab.upload`)}
                        <input
                            hidden
                            type="file"
                            aria-label={translate(`${T}.keytab.upload`)}
                            onChange={e => {
                                const file = e.target.files?.[0];
                                e.target.value = '';
                                if (file) void upload(file);
                            }}
                        />
                    </Button>
                    {keytab && (
                        <Button size="small" color="error" startIcon={<Delete />} onClick={() => void remove()}>
                            {translate(`${T}.keytab.remove`)}
                        </Button>
                    )}
                </Stack>
            )}
        </Stack>
    );
};

/**
 * SPEC 3 account settings "SSO configuration" of the main account: the
 * identity provider's kind and settings, its write-only secret, the role
 * mapping (at least one, SPEC 5), the values to give the provider, and the
 * directory's keytab.
 */
export const SsoConfigSection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notify = useNotify();
    const notices = useNotices();
    const session = useSession();
    const readOnly = !session || !can(session.role, 'sso', 'write');
    const [loaded, setLoaded] = useState<{ provider?: IdentityProviderReply; values: ServiceProviderValues }>();
    const [failed, setFailed] = useState(false);
    const [kind, setKind] = useState<IdentityProviderKind>('oidc');
    const [values, setValues] = useState<Values>(valuesOf());
    const [secret, setSecret] = useState<string>();
    const [mapping, setMapping] = useState<Mapping>([{ group: '', role: 'user' }]);
    const [errors, setErrors] = useState<Record<string, string>>({});
    const [asking, setAsking] = useState(false);

    const load = () =>
        Promise.all([
            dataProvider.call<IdentityProviderReply[]>(`/accounts/${accountId}/identity_providers`, { noAccount: true }),
            dataProvider.call<ServiceProviderValues>(`/accounts/${accountId}/identity_providers/service_provider`, { noAccount: true }),
        ])
            .then(([providers, sp]) => {
                const provider = providers[0];
                setLoaded({ provider, values: sp });
                setKind(provider?.kind ?? 'oidc');
                setValues(valuesOf(provider));
                setSecret(undefined);
                setMapping(provider?.role_mapping ?? [{ group: '', role: 'user' }]);
                setErrors({});
            })
            .catch(() => setFailed(true));
    useEffect(() => {
        void load();
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [accountId]);

    if (failed) return <Alert severity="error">{translate('layout.failure.text')}</Alert>;
    if (!loaded) return null;
    const provider = loaded.provider;
    const secretSpec = SECRET[kind];
    const secretSet = !!(secretSpec && provider?.kind === kind && provider.secrets[secretSpec.flag]);

    const save = () => {
        const body = providerBody(kind, values, secret, mapping);
        const found = checkBody(body);
        setErrors(found);
        if (Object.keys(found).length) return;
        return dataProvider
            .call<IdentityProviderReply>(`/accounts/${accountId}/identity_providers`, { method: 'PUT', body, noAccount: true })
            .then(() => {
                notify(translate(`${T}.saved`), { type: 'success' });
                return load();
            })
            .catch(e => {
                const fields = (e as { body?: { fields?: Record<string, string> } }).body?.fields;
                if (fields) setErrors(fields);
                notices.failed(`${T}.saveFailed`, e);
            });
    };
    const remove = () => {
        setAsking(false);
        return dataProvider
            .call(`/accounts/${accountId}/identity_providers`, { method: 'DELETE', noAccount: true })
            .then(() => {
                notify(translate(`${T}.removed`), { type: 'success' });
                return load();
            })
            .catch(e => notices.failed(`${T}.removeFailed`, e));
    };
    const sp = loaded.values;
    const shown: [keyof ServiceProviderValues, string][] =
        kind === 'oidc'
            ? [['oidc_redirect_uri', sp.oidc_redirect_uri]]
            : kind === 'saml'
              ? [
                    ['saml_entity_id', values.entity_id?.trim() || sp.saml_entity_id],
                    ['saml_acs_url', sp.saml_acs_url],
                ]
              : [];

    return (
        <Box sx={{ p: 2, maxWidth: 720 }}>
            <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${T}.intro`)}
                </Typography>
                <TextField
                    select
                    label={translate(`${T}.kind`)}
                    value={kind}
                    size="small"
                    disabled={readOnly}
                    onChange={e => {
                        setKind(e.target.value as IdentityProviderKind);
                        setSecret(undefined);
                        setErrors({});
                    }}
                >
                    {IDENTITY_PROVIDER_KINDS.map(k => (
                        <MenuItem key={k} value={k}>
                            {translate(`${T}.kinds.${k}`)}
                        </MenuItem>
                    ))}
                </TextField>
                {FIELDS[kind].map(f => (
                    <TextField
                        key={`${kind}.${f.name}`}
                        select={!!f.choices}
                        label={translate(`${T}.fields.${f.name}`)}
                        value={values[f.name] ?? ''}
                        size="small"
                        multiline={f.multiline}
                        minRows={f.multiline ? 3 : undefined}
                        disabled={readOnly}
                        error={!!errors[`settings.${f.name}`]}
                        helperText={errors[`settings.${f.name}`]}
                        onChange={e => setValues({ ...values, [f.name]: e.target.value })}
                    >
                        {f.choices?.map(c => (
                            <MenuItem key={c} value={c}>
                                {translate(`${T}.secure.${c}`)}
                            </MenuItem>
                        ))}
                    </TextField>
                ))}
                {kind === 'saml' && !readOnly && (
                    <Box>
                        <Button component="label" size="small" startIcon={<UploadFile />}>
                            {translate(`${T}.loadMetadata`)}
                            <input
                                hidden
                                type="file"
                                accept=".xml,application/xml,text/xml"
                                onChange={e => {
                                    const file = e.target.files?.[0];
                                    e.target.value = '';
                                    if (file) void file.text().then(xml => setValues(v => ({ ...v, metadata_xml: xml })));
                                }}
                            />
                        </Button>
                    </Box>
                )}
                {secretSpec && (
                    <SecretField
                        label={translate(`${T}.fields.${secretSpec.field}`)}
                        set={secretSet}
                        value={secret}
                        error={errors[`secrets.${secretSpec.field}`]}
                        readOnly={readOnly}
                        onChange={setSecret}
                    />
                )}

                <Divider />
                <Typography variant="subtitle1" component="h3">
                    {translate(`${T}.mapping.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${T}.mapping.help`)}
                </Typography>
                {mapping.map((m, i) => (
                    <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                        <TextField
                            label={translate(`${T}.mapping.group`)}
                            value={m.group}
                            size="small"
                            sx={{ flex: 2 }}
                            disabled={readOnly}
                            error={!!errors[`role_mapping.${i}.group`]}
                            helperText={errors[`role_mapping.${i}.group`]}
                            onChange={e => setMapping(mapping.map((x, j) => (j === i ? { ...x, group: e.target.value } : x)))}
                        />
                        <TextField
                            select
                            label={translate(`${T}.mapping.role`)}
                            value={m.role}
                            size="small"
                            sx={{ flex: 1 }}
                            disabled={readOnly}
                            onChange={e => setMapping(mapping.map((x, j) => (j === i ? { ...x, role: e.target.value as SsoRole } : x)))}
                        >
                            {SSO_ROLES.map(r => (
                                <MenuItem key={r} value={r}>
                                    {translate(`${T}.roles.${r}`)}
                                </MenuItem>
                            ))}
                        </TextField>
                        {!readOnly && (
                            <IconButton
                                aria-label={translate(`${T}.mapping.remove`)}
                                onClick={() => setMapping(mapping.filter((_x, j) => j !== i))}
                            >
                                <Delete />
                            </IconButton>
                        )}
                    </Stack>
                ))}
                {errors.role_mapping && (
                    <Alert severity="error" role="alert">
                        {errors.role_mapping}
                    </Alert>
                )}
                {!readOnly && (
                    <Box>
                        <Button size="small" onClick={() => setMapping([...mapping, { group: '', role: 'user' }])}>
                            {translate(`${T}.mapping.add`)}
                        </Button>
                    </Box>
                )}

                {shown.length > 0 && (
                    <>
                        <Divider />
                        <Typography variant="subtitle1" component="h3">
                            {translate(`${T}.values.title`)}
                        </Typography>
                        {shown.map(([key, value]) => (
                            <CopyValue key={key} label={translate(`${T}.values.${key}`)} value={value} />
                        ))}
                    </>
                )}

                {kind === 'directory' && (
                    <>
                        <Divider />
                        {provider?.kind === 'directory' ? (
                            <Keytab accountId={accountId} keytab={provider.keytab} readOnly={readOnly} onChange={() => void load()} />
                        ) : (
                            <Typography variant="body2" color="text.secondary">
                                {translate(`${T}.keytab.saveFirst`)}
                            </Typography>
                        )}
                    </>
                )}

                {!readOnly && (
                    <Stack direction="row" spacing={1}>
                        <Button variant="contained" onClick={() => void save()}>
                            {translate('ra.action.save')}
                        </Button>
                        {provider && (
                            <Button color="error" onClick={() => setAsking(true)}>
                                {translate(`${T}.remove`)}
                            </Button>
                        )}
                    </Stack>
                )}
            </Stack>
            <Confirm
                isOpen={asking}
                title={`${T}.removeTitle`}
                content={`${T}.removeContent`}
                confirm="ra.action.delete"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void remove()}
                onClose={() => setAsking(false)}
            />
        </Box>
    );
};

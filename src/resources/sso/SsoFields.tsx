import { useState } from 'react';
import { Alert, Box, Button, Chip, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import UploadFile from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { IDENTITY_PROVIDER_KINDS, SSO_ROLES, type IdentityProviderKind, type SsoRole } from '../../../contract/sso';
import { FIELDS, T, type Errors, type Mapping, type Values } from './ssoForm';

/** A value to give the identity provider, with its copy button. */
export const CopyValue = ({ label, value }: { label: string; value: string }) => {
    const translate = useTranslate();
    const [copied, setCopied] = useState(false);
    const copy = (
        <Tooltip title={translate(copied ? `${T}.values.copied` : `${T}.values.copy`)}>
            <IconButton
                aria-label={`${translate(`${T}.values.copy`)} ${label}`}
                onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
                edge="end"
            >
                <ContentCopy fontSize="small" />
            </IconButton>
        </Tooltip>
    );
    return <TextField label={label} value={value} size="small" fullWidth slotProps={{ input: { readOnly: true, endAdornment: copy } }} />;
};

/** A write-only secret: 'Set' and a Change button while stored; a password field once changed or while none is stored. */
export const SecretField = (props: {
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

/** The identity provider's kind. */
export const KindInput = (props: { kind: IdentityProviderKind; readOnly: boolean; onChange: (kind: IdentityProviderKind) => void }) => {
    const translate = useTranslate();
    return (
        <TextField
            select
            label={translate(`${T}.kind`)}
            value={props.kind}
            size="small"
            disabled={props.readOnly}
            onChange={e => props.onChange(e.target.value as IdentityProviderKind)}
        >
            {IDENTITY_PROVIDER_KINDS.map(k => (
                <MenuItem key={k} value={k}>
                    {translate(`${T}.kinds.${k}`)}
                </MenuItem>
            ))}
        </TextField>
    );
};

/** The settings of the chosen kind; for SAML, the metadata may be read from a file. */
export const SettingsFields = (props: {
    kind: IdentityProviderKind;
    values: Values;
    errors: Errors;
    readOnly: boolean;
    onChange: (change: (values: Values) => Values) => void;
}) => {
    const translate = useTranslate();
    const { kind, values, errors, readOnly } = props;
    return (
        <>
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
                    onChange={e => props.onChange(v => ({ ...v, [f.name]: e.target.value }))}
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
                                if (file) void file.text().then(xml => props.onChange(v => ({ ...v, metadata_xml: xml })));
                            }}
                        />
                    </Button>
                </Box>
            )}
        </>
    );
};

/** The role mapping: external groups or roles to the platform's roles, at least one (SPEC 5). */
export const RoleMappingFields = (props: { mapping: Mapping; errors: Errors; readOnly: boolean; onChange: (mapping: Mapping) => void }) => {
    const translate = useTranslate();
    const { mapping, errors, readOnly } = props;
    const change = (i: number, row: Partial<Mapping[number]>) => props.onChange(mapping.map((x, j) => (j === i ? { ...x, ...row } : x)));
    return (
        <>
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
                        onChange={e => change(i, { group: e.target.value })}
                    />
                    <TextField
                        select
                        label={translate(`${T}.mapping.role`)}
                        value={m.role}
                        size="small"
                        sx={{ flex: 1 }}
                        disabled={readOnly}
                        onChange={e => change(i, { role: e.target.value as SsoRole })}
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
                            onClick={() => props.onChange(mapping.filter((_x, j) => j !== i))}
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
                    <Button size="small" onClick={() => props.onChange([...mapping, { group: '', role: 'user' }])}>
                        {translate(`${T}.mapping.add`)}
                    </Button>
                </Box>
            )}
        </>
    );
};

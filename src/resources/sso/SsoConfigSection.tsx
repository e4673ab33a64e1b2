import { useState } from 'react';
import { Box, Button, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { can } from '../../../contract/rights';
import type { IdentityProviderKind, IdentityProviderReply, ServiceProviderValues } from '../../../contract/sso';
import { LoadFailure } from '../../components/LoadFailure';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';
import { useFailureNotice } from '../../notifications/useFailureNotice';
import { useSession } from '../../session/useSession';
import { Keytab } from './Keytab';
import { CopyValue, KindInput, RoleMappingFields, SecretField, SettingsFields } from './SsoFields';
import { checkBody, providerBody, SECRET, ssoKeys, T, valuesOf, type Errors, type Mapping, type ProviderBody } from './ssoForm';

/** What the provider is given of this platform for the chosen kind: OIDC its redirect URI, SAML its entity and ACS URL. */
const ServiceProviderBlock = ({ kind, entityId, sp }: { kind: IdentityProviderKind; entityId?: string; sp: ServiceProviderValues }) => {
    const translate = useTranslate();
    const shown: [keyof ServiceProviderValues, string][] =
        kind === 'oidc'
            ? [['oidc_redirect_uri', sp.oidc_redirect_uri]]
            : kind === 'saml'
              ? [
                    ['saml_entity_id', entityId?.trim() || sp.saml_entity_id],
                    ['saml_acs_url', sp.saml_acs_url],
                ]
              : [];
    if (!shown.length) return null;
    return (
        <>
            <Divider />
            <Typography variant="subtitle1" component="h3">
                {translate(`${T}.values.title`)}
            </Typography>
            {shown.map(([key, value]) => (
                <CopyValue key={key} label={translate(`${T}.values.${key}`)} value={value} />
            ))}
        </>
    );
};

interface FormProps {
    accountId: number;
    provider?: IdentityProviderReply;
    sp: ServiceProviderValues;
    readOnly: boolean;
    /** loads the provider again, which starts the form afresh */
    reload: () => Promise<unknown>;
}

/** The form, started from the stored provider (or an empty OIDC one). */
const SsoForm = ({ accountId, provider, sp, readOnly, reload }: FormProps) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notify = useNotify();
    const notices = useNotices();
    const [kind, setKind] = useState<IdentityProviderKind>(provider?.kind ?? 'oidc');
    const [values, setValues] = useState(() => valuesOf(provider));
    const [secret, setSecret] = useState<string>();
    const [mapping, setMapping] = useState<Mapping>(provider?.role_mapping ?? [{ group: '', role: 'user' }]);
    const [errors, setErrors] = useState<Errors>({});
    const [asking, setAsking] = useState(false);
    const path = `/accounts/${accountId}/identity_providers`;
    const save = useMutation({
        mutationFn: (body: ProviderBody) => dataProvider.call<IdentityProviderReply>(path, { method: 'PUT', body, noAccount: true }),
        onSuccess: () => {
            notify(translate(`${T}.saved`), { type: 'success' });
            return reload();
        },
        onError: e => {
            const fields = (e as { body?: { fields?: Errors } }).body?.fields;
            if (fields) setErrors(fields);
            notices.failed(`${T}.saveFailed`, e);
        },
    });
    const remove = useMutation({
        mutationFn: () => dataProvider.call(path, { method: 'DELETE', noAccount: true }),
        onSuccess: () => {
            notify(translate(`${T}.removed`), { type: 'success' });
            return reload();
        },
        onError: e => notices.failed(`${T}.removeFailed`, e),
    });
    const submit = () => {
        const body = providerBody(kind, values, secret, mapping);
        const found = checkBody(body);
        setErrors(found);
        if (!Object.keys(found).length) save.mutate(body);
    };
    const secretSpec = SECRET[kind];
    const secretSet = !!(secretSpec && provider?.kind === kind && provider.secrets[secretSpec.flag]);

    return (
        <Box sx={{ p: 2, maxWidth: 720 }}>
            <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${T}.intro`)}
                </Typography>
                <KindInput
                    kind={kind}
                    readOnly={readOnly}
                    onChange={k => {
                        setKind(k);
                        setSecret(undefined);
                        setErrors({});
                    }}
                />
                <SettingsFields kind={kind} values={values} errors={errors} readOnly={readOnly} onChange={setValues} />
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
                <RoleMappingFields mapping={mapping} errors={errors} readOnly={readOnly} onChange={setMapping} />
                <ServiceProviderBlock kind={kind} entityId={values.entity_id} sp={sp} />
                {kind === 'directory' && <Divider />}
                {kind === 'directory' &&
                    (provider?.kind === 'directory' ? (
                        <Keytab accountId={accountId} keytab={provider.keytab} readOnly={readOnly} onChange={() => void reload()} />
                    ) : (
                        <Typography variant="body2" color="text.secondary">
                            {translate(`${T}.keytab.saveFirst`)}
                        </Typography>
                    ))}
                {!readOnly && (
                    <Stack direction="row" spacing={1}>
                        <Button variant="contained" onClick={submit}>
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
                onConfirm={() => {
                    setAsking(false);
                    remove.mutate();
                }}
                onClose={() => setAsking(false)}
            />
        </Box>
    );
};

/**
 * SPEC 3 account settings "SSO configuration" of the main account
 * (docs/decisions.md "Single sign-on"): the identity provider's kind and
 * settings, its write-only secret, the role mapping (at least one, SPEC 5),
 * the values to give the provider, and the directory's keytab.
 */
export const SsoConfigSection = ({ accountId }: { accountId: number }) => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const session = useSession();
    const readOnly = !session || !can(session.role, 'sso', 'write');
    // Under the account, not CRUD resources: read with the dataProvider's call. Not refetched on focus: a new
    // reply starts the form afresh, which only a save, a removal or a keytab change should do.
    const providers = useQuery({
        queryKey: ssoKeys.providers(accountId),
        queryFn: ({ signal }) =>
            dataProvider.call<IdentityProviderReply[]>(`/accounts/${accountId}/identity_providers`, { noAccount: true, signal }),
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
    });
    const sp = useQuery({
        queryKey: ssoKeys.serviceProvider(accountId),
        queryFn: ({ signal }) =>
            dataProvider.call<ServiceProviderValues>(`/accounts/${accountId}/identity_providers/service_provider`, {
                noAccount: true,
                signal,
            }),
    });
    const error = providers.error ?? sp.error;
    useFailureNotice(error);
    const refetch = () => Promise.all([providers.refetch(), sp.refetch()]);

    if (error) return <LoadFailure onRefresh={() => void refetch()} />;
    if (!providers.data || !sp.data) return <LinearProgress />;
    return (
        <SsoForm
            key={providers.dataUpdatedAt}
            accountId={accountId}
            provider={providers.data[0]}
            sp={sp.data}
            readOnly={readOnly}
            reload={refetch}
        />
    );
};

import { useEffect, useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AccountBranding, BrandingInput } from '../../../contract/branding';
import type { ConsoleDataProvider } from '../../dataProvider';
import { LOCALES } from '../../i18n/locales';
import { useNotices } from '../../notifications/notices';
import { wearAccountBrand } from '../../session/brand';
import { useSession } from '../../session/useSession';

type Draft = Omit<BrandingInput, 'domains'> & { domains: string };

const draftOf = (branding: AccountBranding): Draft => {
    const from = branding.own ?? { ...branding.effective, domains: [] as string[] };
    return {
        product_name: from.product_name,
        primary_color: from.primary_color,
        secondary_color: from.secondary_color,
        support_email: from.support_email,
        support_url: from.support_url,
        default_locale: from.default_locale,
        domains: from.domains.join(', '),
    };
};

/** The field errors of a refused save (400 { fields }), or none. */
const fieldsOf = (error: unknown): Record<string, string> =>
    ((error as { body?: { fields?: Record<string, string> } }).body?.fields ?? {}) as Record<string, string>;

/** The brand as it will look: its logo, its name on its primary colour, its secondary colour. */
const BrandPreview = ({ logoUrl, draft }: { logoUrl: string | null; draft: Draft }) => {
    const translate = useTranslate();
    return (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {logoUrl ? (
                <Box
                    component="img"
                    src={logoUrl}
                    alt={translate('resources.accounts.brand.logo')}
                    sx={{ height: 48, maxWidth: 200, objectFit: 'contain' }}
                />
            ) : null}
            <Box sx={{ px: 2, py: 1, borderRadius: 1, bgcolor: draft.primary_color, color: '#fff', fontWeight: 600 }}>
                {draft.product_name || translate('resources.accounts.brand.fields.product_name')}
            </Box>
            <Box
                sx={{ width: 32, height: 32, borderRadius: 1, bgcolor: draft.secondary_color }}
                title={translate('resources.accounts.brand.fields.secondary_color')}
            />
        </Stack>
    );
};

/**
 * The account's brand (docs/decisions.md "Brands per account"): its own, or which one it wears and from where; the
 * roles with the branding right set it, others see it read-only.
 */
export const AccountBrand = ({ accountId, readOnly }: { accountId: number; readOnly: boolean }) => {
    const translate = useTranslate();
    const t = (key: string, options?: object) => translate(`resources.accounts.brand.${key}`, options);
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notify = useNotify();
    const notices = useNotices();
    const session = useSession();
    const [branding, setBranding] = useState<AccountBranding>();
    const [draft, setDraft] = useState<Draft>();
    const [errors, setErrors] = useState<Record<string, string>>({});
    const [failed, setFailed] = useState(false);

    const shown = (next: AccountBranding) => {
        setBranding(next);
        setDraft(draftOf(next));
        setErrors({});
        // the user's own account: the console wears the new brand at once
        if (session && accountId === session.ownAccountId) void wearAccountBrand(accountId);
    };
    useEffect(() => {
        dataProvider
            .call<AccountBranding>(`/accounts/${accountId}/branding`, { noAccount: true })
            .then(shown)
            .catch(() => setFailed(true));
        // eslint-disable-next-line react-hooks/exhaustive-deps -- once per account
    }, [dataProvider, accountId]);

    if (failed) return <Alert severity="error">{translate('layout.failure.text')}</Alert>;
    if (!branding || !draft) return null;
    const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
        setDraft({ ...draft, [field]: e.target.value === '' && field !== 'product_name' ? null : e.target.value });
    const save = () =>
        dataProvider
            .call<AccountBranding>(`/accounts/${accountId}/branding`, {
                method: 'PUT',
                noAccount: true,
                body: {
                    ...draft,
                    domains: draft.domains
                        .split(/[\s,]+/)
                        .map(d => d.trim())
                        .filter(Boolean),
                },
            })
            .then(next => {
                shown(next);
                notify(t('saved'), { type: 'success' });
            })
            .catch(error => {
                const fields = fieldsOf(error);
                setErrors(fields);
                // a refused field says why under itself; "try again later" would not be true
                if (Object.keys(fields).length) notify('ra.message.invalid_form', { type: 'warning' });
                else notices.modifyFailed('accounts', error);
            });
    const inherit = () =>
        dataProvider
            .call<AccountBranding>(`/accounts/${accountId}/branding`, { method: 'DELETE', noAccount: true })
            .then(next => {
                shown(next);
                notify(t('inherits'), { type: 'info' });
            })
            .catch(error => notices.modifyFailed('accounts', error));
    const upload = (file: File) => {
        const form = new FormData();
        form.append('file', file);
        dataProvider
            .multipart<AccountBranding>(`/accounts/${accountId}/branding/logo`, form)
            .then(shown)
            .catch(error => notices.modifyFailed('accounts', error));
    };
    const field = (name: keyof Draft, extra: object = {}) => ({
        label: t(`fields.${name}`),
        value: draft[name] ?? '',
        onChange: set(name),
        disabled: readOnly,
        error: Boolean(errors[name]),
        helperText: errors[name] ?? t(`help.${name}`),
        fullWidth: true,
        ...extra,
    });
    const effective = branding.effective;
    return (
        <Box sx={{ p: 2, maxWidth: 640 }}>
            <Stack spacing={2}>
                <Alert severity="info" icon={false}>
                    {branding.own
                        ? t('ownBrand')
                        : // a role that may only see the brand is not told to save one
                          `${effective.from_account_id === null ? t('platformBrand') : t('inherited', { name: effective.product_name })}${readOnly ? '' : ` ${t('saveToOwn')}`}`}
                </Alert>
                <BrandPreview logoUrl={effective.logo_url} draft={draft} />
                <TextField {...field('product_name')} required />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextField {...field('primary_color', { type: 'color' })} />
                    <TextField {...field('secondary_color', { type: 'color' })} />
                </Stack>
                <TextField {...field('support_email', { type: 'email' })} />
                <TextField {...field('support_url')} />
                <TextField {...field('domains')} />
                <TextField {...field('default_locale', { select: true })}>
                    <MenuItem value="">{t('noLanguage')}</MenuItem>
                    {LOCALES.map(l => (
                        <MenuItem key={l.locale} value={l.locale}>
                            {l.name}
                        </MenuItem>
                    ))}
                </TextField>
                {!readOnly && (
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                        <Button variant="contained" onClick={() => void save()}>
                            {t('save')}
                        </Button>
                        <Button component="label" variant="outlined" disabled={!branding.own}>
                            {t('uploadLogo')}
                            <input
                                hidden
                                type="file"
                                accept="image/png,image/jpeg,image/webp"
                                onChange={e => e.target.files?.[0] && upload(e.target.files[0])}
                            />
                        </Button>
                        {branding.own && (
                            <Button color="warning" onClick={() => void inherit()}>
                                {t('inherit')}
                            </Button>
                        )}
                    </Stack>
                )}
                {!readOnly && !branding.own ? (
                    <Typography variant="caption" color="text.secondary">
                        {t('logoAfterSave')}
                    </Typography>
                ) : null}
            </Stack>
        </Box>
    );
};

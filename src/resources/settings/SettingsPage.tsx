import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PlatformSettings, SettingKey } from '../../../contract/settings';
import type { ConsoleDataProvider } from '../../dataProvider';
import { LoadFailure } from '../../components/LoadFailure';
import { useNotices } from '../../notifications/notices';
import { SettingsContext, type SettingsScreen } from './settingsContext';
import { changesOf, formErrors, formOf, resetField, SECTIONS, type FieldError, type SettingsForm } from './settingsForm';
import { NumericSettingInput, TextSettingInput } from './SettingInputs';
import { SmtpSetting } from './SmtpSetting';
import { TestMessage } from './TestMessage';

const QUERY_KEY = ['system', 'settings'];
const MAIL_KEYS: readonly string[] = ['public_url', 'mail_from', 'smtp_url'];

const Section = ({ section, unsaved }: { section: (typeof SECTIONS)[number]; unsaved: boolean }) => {
    const translate = useTranslate();
    const title = translate(`settings.sections.${section.key}.title`);
    return (
        <Card variant="outlined" component="section" aria-label={title}>
            <CardContent>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {translate(`settings.sections.${section.key}.intro`)}
                </Typography>
                {section.fields.map(field =>
                    field.key === 'smtp_url' ? (
                        <SmtpSetting key={field.key} />
                    ) : 'units' in field || 'suffix' in field ? (
                        <NumericSettingInput key={field.key} field={field} />
                    ) : (
                        <TextSettingInput key={field.key} setting={field.key} />
                    ),
                )}
                {section.key === 'mail' && (
                    <>
                        <Divider sx={{ mt: 1 }} />
                        <TestMessage unsaved={unsaved} />
                    </>
                )}
            </CardContent>
        </Card>
    );
};

/**
 * /settings (SPEC 2.2; 6.2 "system settings: admin only"): the platform's
 * settings over GET/PUT /system/settings, grouped as a user thinks of them.
 * Each shows whether it is saved here or comes from the environment; a saved
 * one can go back to the environment's value (DELETE /system/settings/{key}).
 * Save sends only what changed.
 */
export const SettingsPage = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const notices = useNotices();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const queryClient = useQueryClient();
    const query = useQuery({
        queryKey: QUERY_KEY,
        queryFn: ({ signal }) => dataProvider.call<PlatformSettings>('/system/settings', { signal, noAccount: true }),
        // what the user is typing stays compared with what was loaded
        refetchOnWindowFocus: false,
    });
    const settings = query.data;
    const [form, setForm] = useState<SettingsForm>();
    const [serverErrors, setServerErrors] = useState<Partial<Record<SettingKey, string>>>({});
    const [busy, setBusy] = useState(false);
    useEffect(() => {
        if (settings && !form) setForm(formOf(settings));
    }, [settings, form]);

    const errors = useMemo(() => (settings && form ? formErrors(form, settings) : {}), [settings, form]);
    const changes = useMemo(() => (settings && form ? changesOf(form, settings) : {}), [settings, form]);
    const changed = Object.keys(changes);

    const loaded = (reply: PlatformSettings) => queryClient.setQueryData(QUERY_KEY, reply);
    const save = async () => {
        setBusy(true);
        try {
            const reply = await dataProvider.call<PlatformSettings>('/system/settings', { method: 'PUT', body: changes, noAccount: true });
            loaded(reply);
            setForm(formOf(reply));
            setServerErrors({});
            notify(translate('settings.saved'), { type: 'success' });
        } catch (error) {
            const fields = (error as { body?: { fields?: Partial<Record<SettingKey, string>> } }).body?.fields;
            if (fields) setServerErrors(fields);
            notices.failed('settings.saveFailed', error, fields ? 'settings.checkFields' : undefined);
        } finally {
            setBusy(false);
        }
    };

    if (query.error) return <LoadFailure onRefresh={() => void query.refetch()} />;
    if (!settings || !form) return <LinearProgress sx={{ mt: 2 }} />;
    const screen: SettingsScreen = {
        settings,
        form,
        busy,
        change: (key, next) => {
            setForm(f => (f ? next(f) : f));
            setServerErrors(({ [key]: _gone, ...rest }) => rest);
        },
        errorOf: (key): FieldError | undefined =>
            errors[key] ?? (serverErrors[key] ? { kind: 'server', message: serverErrors[key] } : undefined),
        reset: async key => {
            setBusy(true);
            try {
                const reply = await dataProvider.call<PlatformSettings>(`/system/settings/${key}`, { method: 'DELETE', noAccount: true });
                loaded(reply);
                setForm(f => resetField(f ?? formOf(reply), reply, key));
                setServerErrors(({ [key]: _gone, ...rest }) => rest);
                notify(translate('settings.source.resetDone', { field: translate(`settings.fields.${key}.label`) }), { type: 'success' });
            } catch (error) {
                notices.failed('settings.source.resetFailed', error);
            } finally {
                setBusy(false);
            }
        },
    };
    const invalid = Object.keys(errors).length > 0;
    return (
        <SettingsContext.Provider value={screen}>
            <Box sx={{ py: 2, maxWidth: 980 }}>
                <Title title={translate('settings.title')} />
                <Typography variant="h5" component="h1">
                    {translate('settings.title')}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                    {translate('settings.intro')}
                </Typography>
                <Stack spacing={2}>
                    {SECTIONS.map(section => (
                        <Section key={section.key} section={section} unsaved={changed.some(k => MAIL_KEYS.includes(k))} />
                    ))}
                </Stack>
                <Card
                    variant="outlined"
                    sx={{ position: 'sticky', bottom: 0, mt: 2, zIndex: 1, display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5 }}
                >
                    <Button variant="contained" disabled={busy || invalid || !changed.length} onClick={() => void save()}>
                        {translate('ra.action.save')}
                    </Button>
                    <Button
                        disabled={busy || !changed.length}
                        onClick={() => {
                            setForm(formOf(settings));
                            setServerErrors({});
                        }}
                    >
                        {translate('settings.discard')}
                    </Button>
                    <Typography variant="body2" color="text.secondary">
                        {changed.length ? translate('settings.changes', { smart_count: changed.length }) : translate('settings.noChanges')}
                    </Typography>
                </Card>
            </Box>
        </SettingsContext.Provider>
    );
};

import { useEffect, useState } from 'react';
import { Alert, Box, Button, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { CONSENT_TYPES, ENROLLMENT_OPTIONS, LINK_DAYS, enrollmentSettings, type EnrollmentSettings } from '../../../contract/enrollments';
import { can } from '../../../contract/rights';
import type { ConsoleDataProvider } from '../../dataProvider';
import { saveFile } from '../../dataProvider/files';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { useAccountOptions, withOption } from '../accounts';

/**
 * SPEC 3 account settings, web enrollment: link expiration period (1, 3 or 7
 * days), multi-factor for the enrollee, e-mail notifications to staff, the
 * consent type and its template (SPEC 5: a PDF).
 */
export const EnrollmentSettingsSection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const notices = useNotices();
    const session = useSession();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { options, failed, save } = useAccountOptions(accountId);
    const [settings, setSettings] = useState<EnrollmentSettings>();
    const [file, setFile] = useState<File | null>(null);
    const [version, setVersion] = useState('');
    const [testTo, setTestTo] = useState('');
    useEffect(() => {
        if (options) setSettings(enrollmentSettings(options));
    }, [options]);
    const t = (key: string) => translate(`resources.web_enrollments.settings.${key}`);
    if (failed) return <Alert severity="error">{translate('layout.failure.text')}</Alert>;
    if (!options || !settings || !session) return null;
    const readOnly = !can(session.role, 'accounts', 'edit');
    const submit = () => {
        let next = withOption(options, ENROLLMENT_OPTIONS.linkDays, String(settings.linkDays), 'number');
        next = withOption(next, ENROLLMENT_OPTIONS.multiFactor, String(settings.multiFactor), 'bool');
        next = withOption(next, ENROLLMENT_OPTIONS.notify, String(settings.notify), 'bool');
        next = withOption(next, ENROLLMENT_OPTIONS.consentType, settings.consentType, 'string');
        return save(next)
            .then(() => notify(t('saved'), { type: 'success' }))
            .catch(e => notices.modifyFailed('accounts', e));
    };
    const upload = async () => {
        const form = new FormData();
        form.append('version', version);
        form.append('file', file!);
        try {
            await dataProvider.call(`/accounts/${accountId}/consent_template`, { method: 'PUT', body: form, noAccount: true });
            notify(t('templateSaved'), { type: 'success' });
            setFile(null);
            setVersion('');
        } catch (e) {
            notices.failed('resources.web_enrollments.settings.template', e);
        }
    };
    const previewSigned = async () => {
        try {
            const pdf = await dataProvider.call<Blob>('/accounts/test/esignature', {
                method: 'POST',
                body: { account_id: accountId },
                blob: true,
                noAccount: true,
            });
            saveFile(pdf, 'consent-test.pdf');
        } catch (e) {
            notices.failed('resources.web_enrollments.settings.previewSigned', e);
        }
    };
    const sendTest = async () => {
        try {
            await dataProvider.call('/accounts/test/email', { method: 'POST', body: { email: testTo.trim() }, noAccount: true });
            notify(t('testSent'), { type: 'success' });
        } catch (e) {
            notices.failed('resources.web_enrollments.settings.testMail', e);
        }
    };
    return (
        <Box sx={{ p: 2, maxWidth: 640 }}>
            <Stack spacing={2}>
                <TextField
                    select
                    size="small"
                    label={t('linkDays')}
                    value={settings.linkDays}
                    disabled={readOnly}
                    onChange={e => setSettings({ ...settings, linkDays: Number(e.target.value) })}
                    fullWidth={false}
                    sx={{ width: 220 }}
                >
                    {LINK_DAYS.map(d => (
                        <MenuItem key={d} value={d}>
                            {translate('resources.web_enrollments.settings.days', { smart_count: d })}
                        </MenuItem>
                    ))}
                </TextField>
                <FormControlLabel
                    control={
                        <Switch
                            checked={settings.multiFactor}
                            disabled={readOnly}
                            onChange={e => setSettings({ ...settings, multiFactor: e.target.checked })}
                        />
                    }
                    label={t('multiFactor')}
                />
                <FormControlLabel
                    control={
                        <Switch
                            checked={settings.notify}
                            disabled={readOnly}
                            onChange={e => setSettings({ ...settings, notify: e.target.checked })}
                        />
                    }
                    label={t('notify')}
                />
                <TextField
                    select
                    size="small"
                    label={t('consentType')}
                    value={settings.consentType}
                    disabled={readOnly}
                    onChange={e => setSettings({ ...settings, consentType: e.target.value as EnrollmentSettings['consentType'] })}
                    fullWidth={false}
                    sx={{ width: 320 }}
                >
                    {CONSENT_TYPES.map(c => (
                        <MenuItem key={c} value={c}>
                            {t(`consentTypes.${c}`)}
                        </MenuItem>
                    ))}
                </TextField>
                {!readOnly && (
                    <Box>
                        <Button variant="contained" onClick={() => void submit()}>
                            {translate('ra.action.save')}
                        </Button>
                    </Box>
                )}
                <Typography variant="h6">{t('template')}</Typography>
                <Typography variant="body2" color="text.secondary">
                    {t('templateHelp')}
                </Typography>
                {!readOnly && (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                        <Button component="label" variant="outlined" startIcon={<UploadFile />}>
                            {file ? file.name : t('chooseTemplate')}
                            <input hidden type="file" accept="application/pdf,.pdf" onChange={e => setFile(e.target.files?.[0] ?? null)} />
                        </Button>
                        <TextField
                            size="small"
                            label={t('version')}
                            value={version}
                            onChange={e => setVersion(e.target.value)}
                            fullWidth={false}
                            sx={{ width: 160 }}
                        />
                        <Button variant="contained" disabled={!file} onClick={() => void upload()}>
                            {t('uploadTemplate')}
                        </Button>
                        <Button onClick={() => void previewSigned()}>{t('previewSigned')}</Button>
                    </Stack>
                )}
                {!readOnly && (
                    <>
                        <Typography variant="h6">{t('testMail')}</Typography>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                            <TextField
                                size="small"
                                type="email"
                                label={t('testTo')}
                                value={testTo}
                                onChange={e => setTestTo(e.target.value)}
                                fullWidth={false}
                                sx={{ width: 280 }}
                            />
                            <Button variant="outlined" disabled={!testTo.includes('@')} onClick={() => void sendTest()}>
                                {t('sendTest')}
                            </Button>
                        </Stack>
                    </>
                )}
            </Stack>
        </Box>
    );
};

import { useEffect, useState } from 'react';
import { Alert, Box, Button, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { CONSENT_TYPES, ENROLLMENT_OPTIONS, LINK_DAYS, enrollmentSettings, type EnrollmentSettings } from '../../../contract/enrollments';
import { can } from '../../../contract/rights';
import type { AccountOption } from '../../../contract/session';
import type { ConsoleDataProvider } from '../../dataProvider';
import { saveFile } from '../../dataProvider/files';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { useAccountOptions, withOption } from '../accounts';

const S = 'resources.web_enrollments.settings';

/** The enrollment options of the account: link expiration, multi-factor, notifications, consent type. */
const SettingsForm = ({
    options,
    readOnly,
    save,
}: {
    options: AccountOption[];
    readOnly: boolean;
    save: (next: AccountOption[]) => Promise<unknown>;
}) => {
    const translate = useTranslate();
    const notify = useNotify();
    const notices = useNotices();
    const [settings, setSettings] = useState<EnrollmentSettings>(() => enrollmentSettings(options));
    // what the server kept becomes the form again
    useEffect(() => setSettings(enrollmentSettings(options)), [options]);
    const submit = useMutation({
        mutationFn: () => {
            let next = withOption(options, ENROLLMENT_OPTIONS.linkDays, String(settings.linkDays), 'number');
            next = withOption(next, ENROLLMENT_OPTIONS.multiFactor, String(settings.multiFactor), 'bool');
            next = withOption(next, ENROLLMENT_OPTIONS.notify, String(settings.notify), 'bool');
            next = withOption(next, ENROLLMENT_OPTIONS.consentType, settings.consentType, 'string');
            return save(next);
        },
        onSuccess: () => notify(translate(`${S}.saved`), { type: 'success' }),
        onError: e => notices.modifyFailed('accounts', e),
    });
    const toggle = (key: 'multiFactor' | 'notify') => (
        <FormControlLabel
            control={
                <Switch checked={settings[key]} disabled={readOnly} onChange={e => setSettings({ ...settings, [key]: e.target.checked })} />
            }
            label={translate(`${S}.${key}`)}
        />
    );
    return (
        <>
            <TextField
                select
                size="small"
                label={translate(`${S}.linkDays`)}
                value={settings.linkDays}
                disabled={readOnly}
                onChange={e => setSettings({ ...settings, linkDays: Number(e.target.value) })}
                fullWidth={false}
                sx={{ width: 220 }}
            >
                {LINK_DAYS.map(d => (
                    <MenuItem key={d} value={d}>
                        {translate(`${S}.days`, { smart_count: d })}
                    </MenuItem>
                ))}
            </TextField>
            {toggle('multiFactor')}
            {toggle('notify')}
            <TextField
                select
                size="small"
                label={translate(`${S}.consentType`)}
                value={settings.consentType}
                disabled={readOnly}
                onChange={e => setSettings({ ...settings, consentType: e.target.value as EnrollmentSettings['consentType'] })}
                fullWidth={false}
                sx={{ width: 320 }}
            >
                {CONSENT_TYPES.map(c => (
                    <MenuItem key={c} value={c}>
                        {translate(`${S}.consentTypes.${c}`)}
                    </MenuItem>
                ))}
            </TextField>
            {!readOnly && (
                <Box>
                    <Button variant="contained" onClick={() => submit.mutate()}>
                        {translate('ra.action.save')}
                    </Button>
                </Box>
            )}
        </>
    );
};

/** The consent template (SPEC 5: a PDF) with its version, and a preview of it signed. */
const ConsentTemplate = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const notices = useNotices();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const [file, setFile] = useState<File | null>(null);
    const [version, setVersion] = useState('');
    const upload = useMutation({
        mutationFn: (body: FormData) =>
            dataProvider.call(`/accounts/${accountId}/consent_template`, { method: 'PUT', body, noAccount: true }),
        onSuccess: () => {
            notify(translate(`${S}.templateSaved`), { type: 'success' });
            setFile(null);
            setVersion('');
        },
        onError: e => notices.failed(`${S}.template`, e),
    });
    const preview = useMutation({
        mutationFn: () =>
            dataProvider.call<Blob>('/accounts/test/esignature', {
                method: 'POST',
                body: { account_id: accountId },
                blob: true,
                noAccount: true,
            }),
        onSuccess: pdf => saveFile(pdf, 'consent-test.pdf'),
        onError: e => notices.failed(`${S}.previewSigned`, e),
    });
    const send = () => {
        const form = new FormData();
        form.append('version', version);
        form.append('file', file!);
        upload.mutate(form);
    };
    return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button component="label" variant="outlined" startIcon={<UploadFile />}>
                {file ? file.name : translate(`${S}.chooseTemplate`)}
                <input hidden type="file" accept="application/pdf,.pdf" onChange={e => setFile(e.target.files?.[0] ?? null)} />
            </Button>
            <TextField
                size="small"
                label={translate(`${S}.version`)}
                value={version}
                onChange={e => setVersion(e.target.value)}
                fullWidth={false}
                sx={{ width: 160 }}
            />
            <Button variant="contained" disabled={!file} onClick={send}>
                {translate(`${S}.uploadTemplate`)}
            </Button>
            <Button onClick={() => preview.mutate()}>{translate(`${S}.previewSigned`)}</Button>
        </Stack>
    );
};

/** A test e-mail through the platform's mail server. */
const TestMail = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const notices = useNotices();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const [testTo, setTestTo] = useState('');
    const send = useMutation({
        mutationFn: () => dataProvider.call('/accounts/test/email', { method: 'POST', body: { email: testTo.trim() }, noAccount: true }),
        onSuccess: () => notify(translate(`${S}.testSent`), { type: 'success' }),
        onError: e => notices.failed(`${S}.testMail`, e),
    });
    return (
        <>
            <Typography variant="h6">{translate(`${S}.testMail`)}</Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                    size="small"
                    type="email"
                    label={translate(`${S}.testTo`)}
                    value={testTo}
                    onChange={e => setTestTo(e.target.value)}
                    fullWidth={false}
                    sx={{ width: 280 }}
                />
                <Button variant="outlined" disabled={!testTo.includes('@')} onClick={() => send.mutate()}>
                    {translate(`${S}.sendTest`)}
                </Button>
            </Stack>
        </>
    );
};

/**
 * SPEC 3 account settings, web enrollment: link expiration period (1, 3 or 7
 * days), multi-factor for the enrollee, e-mail notifications to staff, the
 * consent type and its template (SPEC 5: a PDF).
 */
export const EnrollmentSettingsSection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const session = useSession();
    const { options, failed, save } = useAccountOptions(accountId);
    if (failed) return <Alert severity="error">{translate('layout.failure.text')}</Alert>;
    if (!options || !session) return null;
    const readOnly = !can(session.role, 'accounts', 'edit');
    return (
        <Box sx={{ p: 2, maxWidth: 640 }}>
            <Stack spacing={2}>
                <SettingsForm options={options} readOnly={readOnly} save={save} />
                <Typography variant="h6">{translate(`${S}.template`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${S}.templateHelp`)}
                </Typography>
                {!readOnly && <ConsentTemplate accountId={accountId} />}
                {!readOnly && <TestMail />}
            </Stack>
        </Box>
    );
};

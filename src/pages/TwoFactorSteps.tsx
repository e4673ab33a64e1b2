import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch } from '../dataProvider/http';
import { PublicCard } from './PublicCard';

type Pair = { token?: string; refresh_token?: string };

const CodeField = ({ value, onChange }: { value: string; onChange: (v: string) => void }) => {
    const translate = useTranslate();
    return (
        <TextField
            label={translate('pages.tfa.code')}
            value={value}
            onChange={e => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9]{6}' } }}
            autoFocus
            required
        />
    );
};

/** SPEC 4.5 step 2: the one-time code of a user who has two-factor set up. */
export const TwoFactorCodeStep = ({ onDone }: { onDone: (pair: Pair) => Promise<unknown> }) => {
    const translate = useTranslate();
    const [otp, setOtp] = useState('');
    const [error, setError] = useState<string>();
    const submit = async (e: FormEvent) => {
        e.preventDefault();
        setError(undefined);
        try {
            await onDone(await apiFetch<Pair>('/login-2fa', { method: 'POST', body: { otp }, noAccount: true }));
        } catch (err) {
            const status = (err as { status?: number }).status;
            setError(translate(status === 429 ? 'pages.login.locked' : 'pages.tfa.invalid'));
            setOtp('');
        }
    };
    return (
        <PublicCard title={translate('pages.tfa.codeTitle')}>
            <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }} noValidate>
                <Typography color="text.secondary">{translate('pages.tfa.codeHelp')}</Typography>
                {error && <Alert severity="error">{error}</Alert>}
                <CodeField value={otp} onChange={setOtp} />
                <Button type="submit" variant="contained" size="large" disabled={otp.length !== 6}>
                    {translate('pages.tfa.verify')}
                </Button>
                <Link component={RouterLink} to="/reset_2fa" variant="body2">
                    {translate('pages.tfa.lost')}
                </Link>
            </Box>
        </PublicCard>
    );
};

/** SPEC 4.5 step 3: fetch a setup (secret and QR), confirm it with a code, then show the recovery codes once. */
export const TwoFactorSetupStep = ({ onDone }: { onDone: (pair: Pair) => Promise<unknown> }) => {
    const translate = useTranslate();
    const [setup, setSetup] = useState<{ secret: string; qr: string }>();
    const [otp, setOtp] = useState('');
    const [error, setError] = useState<string>();
    const [confirmed, setConfirmed] = useState<{ recovery_codes: string[] } & Pair>();

    useEffect(() => {
        apiFetch<{ secret: string; qr: string }>('/2fa-setup', { noAccount: true })
            .then(setSetup)
            .catch(() => setError(translate('pages.tfa.setupFailed')));
    }, [translate]);

    const submit = async (e: FormEvent) => {
        e.preventDefault();
        setError(undefined);
        try {
            setConfirmed(await apiFetch('/2fa-setup', { method: 'POST', body: { otp }, noAccount: true }));
        } catch {
            setError(translate('pages.tfa.setupFailed'));
            setOtp('');
        }
    };

    if (confirmed) {
        const text = confirmed.recovery_codes.join('\n');
        return (
            <PublicCard title={translate('pages.tfa.recoveryTitle')}>
                <Typography color="text.secondary">{translate('pages.tfa.recoveryHelp')}</Typography>
                <Box
                    component="pre"
                    aria-label={translate('pages.tfa.recoveryTitle')}
                    sx={{ m: 0, p: 2, bgcolor: 'action.hover', borderRadius: 1, columns: 2, fontSize: 15 }}
                >
                    {text}
                </Box>
                <Stack direction="row" spacing={1}>
                    <Button onClick={() => void navigator.clipboard?.writeText(text)}>{translate('pages.tfa.copy')}</Button>
                    <Button href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt">
                        {translate('pages.tfa.download')}
                    </Button>
                </Stack>
                <Button variant="contained" size="large" onClick={() => void onDone(confirmed)}>
                    {translate('pages.tfa.continue')}
                </Button>
            </PublicCard>
        );
    }

    return (
        <PublicCard title={translate('pages.tfa.setupTitle')} width={440}>
            <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }} noValidate>
                <Typography color="text.secondary">{translate('pages.tfa.setupHelp')}</Typography>
                {error && <Alert severity="error">{error}</Alert>}
                {setup && (
                    <>
                        <Box component="img" src={setup.qr} alt="QR code" sx={{ width: 220, height: 220, justifySelf: 'center' }} />
                        <TextField
                            label={translate('pages.tfa.secret')}
                            value={setup.secret}
                            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'tfa-secret' } }}
                            size="small"
                        />
                    </>
                )}
                <CodeField value={otp} onChange={setOtp} />
                <Button type="submit" variant="contained" size="large" disabled={!setup || otp.length !== 6}>
                    {translate('pages.tfa.verify')}
                </Button>
            </Box>
        </PublicCard>
    );
};

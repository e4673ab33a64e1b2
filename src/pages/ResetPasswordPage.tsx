import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { RESET_LINK_COOLDOWN_MS, SUCCESS_TICK_MS } from '../../contract/constants';
import { apiFetch } from '../dataProvider/http';
import { NewPasswordForm } from './PasswordFields';
import { PublicCard, SuccessTick } from './PublicCard';

const BackToLogin = () => {
    const translate = useTranslate();
    return (
        <Link component={RouterLink} to="/login" variant="body2">
            {translate('pages.backToLogin')}
        </Link>
    );
};

/** Asks for a reset link; the button rests 3 s after each click (SPEC 4.5). */
const RequestLink = () => {
    const translate = useTranslate();
    const [email, setEmail] = useState('');
    const [coolingDown, setCoolingDown] = useState(false);
    const [sent, setSent] = useState(false);
    const [tick, setTick] = useState(false);
    const [error, setError] = useState<string>();
    const submit = async (e: FormEvent) => {
        e.preventDefault();
        setCoolingDown(true);
        setTimeout(() => setCoolingDown(false), RESET_LINK_COOLDOWN_MS);
        setError(undefined);
        try {
            await apiFetch('/reset_password', { method: 'POST', body: { email }, noAccount: true });
            setSent(true);
            setTick(true);
            setTimeout(() => setTick(false), SUCCESS_TICK_MS);
        } catch (err) {
            setError((err as Error).message);
        }
    };
    return (
        <PublicCard title={translate('pages.reset.title')}>
            <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }} noValidate>
                <Typography color="text.secondary">{translate('pages.reset.help')}</Typography>
                {sent && <Alert severity="success">{translate('pages.reset.sent')}</Alert>}
                {error && <Alert severity="error">{error}</Alert>}
                <TextField
                    label={translate('pages.reset.email')}
                    type="email"
                    value={email}
                    onChange={e => setEmail(e.target.value)}
                    autoComplete="email"
                    required
                    autoFocus
                />
                <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    disabled={coolingDown || !email}
                    startIcon={tick ? <SuccessTick data-testid="success-tick" /> : undefined}
                >
                    {translate('pages.reset.send')}
                </Button>
                <BackToLogin />
            </Box>
        </PublicCard>
    );
};

type Status = 'checking' | 'valid' | 'expired' | 'used' | 'invalid' | 'done';

/** Opens a reset link: its status first, then the new password. */
const SetNewPassword = ({ token }: { token: string }) => {
    const translate = useTranslate();
    const [status, setStatus] = useState<Status>('checking');

    useEffect(() => {
        apiFetch<{ status: Status }>(`/reset_password/${encodeURIComponent(token)}/status`, { noAccount: true })
            .then(r => setStatus(r.status))
            .catch(() => setStatus('invalid'));
    }, [token]);

    const setPassword = async (password: string) => {
        try {
            await apiFetch(`/reset_password/${encodeURIComponent(token)}`, { method: 'PUT', body: { password }, noAccount: true });
            setStatus('done');
            return undefined;
        } catch (err) {
            if ((err as { status?: number }).status !== 410) return translate('pages.reset.failed');
            setStatus('expired');
            return undefined;
        }
    };

    if (status === 'checking') return <PublicCard title={translate('pages.reset.newTitle')}>{null}</PublicCard>;
    if (status === 'done')
        return (
            <PublicCard title={translate('pages.reset.newTitle')}>
                <Alert severity="success" icon={<SuccessTick data-testid="success-tick" />}>
                    {translate('pages.reset.done')}
                </Alert>
                <BackToLogin />
            </PublicCard>
        );
    if (status !== 'valid')
        return (
            <PublicCard title={translate('pages.reset.newTitle')}>
                <Alert severity="warning">{translate(`pages.reset.${status}`)}</Alert>
                <Link component={RouterLink} to="/reset_password" variant="body2">
                    {translate('pages.reset.again')}
                </Link>
            </PublicCard>
        );
    return (
        <PublicCard title={translate('pages.reset.newTitle')}>
            <NewPasswordForm onSubmit={setPassword} />
        </PublicCard>
    );
};

/** /reset_password (SPEC 2.1, 4.5). */
export const ResetPasswordPage = () => {
    const [params] = useSearchParams();
    const token = params.get('token');
    return token ? <SetNewPassword token={token} /> : <RequestLink />;
};

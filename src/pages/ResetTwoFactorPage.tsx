import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { RESET_2FA_TICK_MS } from '../../contract/constants';
import { apiFetch } from '../dataProvider/http';
import { tokens } from '../dataProvider/tokens';
import { PublicCard, SuccessTick } from './PublicCard';

/** /reset_2fa: a recovery code clears two-factor login; set up again at the next sign-in (SPEC 4.5). */
export const ResetTwoFactorPage = () => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const [code, setCode] = useState('');
    const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
    const submit = async (e: FormEvent) => {
        e.preventDefault();
        try {
            await apiFetch('/2fa-setup', { method: 'DELETE', query: { recovery_code: code.trim() }, noAccount: true });
            setState('done');
            tokens.clear();
            setTimeout(() => navigate('/login', { replace: true }), RESET_2FA_TICK_MS);
        } catch {
            setState('failed');
        }
    };
    return (
        <PublicCard title={translate('pages.reset2fa.title')}>
            <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }} noValidate>
                <Typography color="text.secondary">
                    {translate(tokens.access ? 'pages.reset2fa.help' : 'pages.reset2fa.signInFirst')}
                </Typography>
                {state === 'done' && (
                    <Alert severity="success" icon={<SuccessTick data-testid="success-tick" />}>
                        {translate('pages.reset2fa.success')}
                    </Alert>
                )}
                {state === 'failed' && <Alert severity="error">{translate('pages.reset2fa.failed')}</Alert>}
                <TextField
                    label={translate('pages.reset2fa.code')}
                    value={code}
                    onChange={e => setCode(e.target.value)}
                    autoComplete="off"
                    required
                    autoFocus
                />
                <Button type="submit" variant="contained" size="large" disabled={!code || state === 'done'}>
                    {translate('pages.reset2fa.submit')}
                </Button>
                <Link component={RouterLink} to="/login" variant="body2">
                    {translate('pages.backToLogin')}
                </Link>
            </Box>
        </PublicCard>
    );
};

import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { LoginReply, Me } from '../../contract/auth';
import { getSession } from '../authProvider';
import { tokens } from '../session/storage';
import { completeSignIn, redirectTarget } from './auth';
import { PublicCard } from './PublicCard';
import { TermsStep } from './TermsStep';
import { TwoFactorCodeStep, TwoFactorSetupStep } from './TwoFactorSteps';

type Step = 'credentials' | 'code' | 'setup' | 'terms';

/**
 * /login and /alternate (SPEC 2.1, 4.5): credentials, then the second factor
 * when the account asks for it (setup the first time), then the terms of
 * service until accepted, then redirect_url.
 */
export const LoginPage = () => {
    const translate = useTranslate();
    const authProvider = useAuthProvider()!;
    const queryClient = useQueryClient();
    const navigate = useNavigate();
    const location = useLocation();
    const [step, setStep] = useState<Step>('credentials');
    const [username, setUsername] = useState('');
    const [password, setPassword] = useState('');
    const [error, setError] = useState<string>();
    const [busy, setBusy] = useState(false);

    const proceed = (me: Me) => {
        if (!me.password_changed)
            navigate(`/initial-password-setup?redirect_url=${encodeURIComponent(redirectTarget(location.search))}`, { replace: true });
        else if (!me.accepted_tos) setStep('terms');
        else navigate(redirectTarget(location.search), { replace: true });
    };

    // A signed-in user sent here because the terms are not accepted yet sees the terms step.
    useEffect(() => {
        if (!tokens.access) return;
        getSession()
            .then(session => !session.me.accepted_tos && setStep('terms'))
            .catch(() => undefined);
    }, []);

    const submit = async (e: FormEvent) => {
        e.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
            const reply = (await authProvider.login({ username, password })) as LoginReply & { redirectTo?: false };
            if ('tfa_required' in reply) setStep(reply.tfa_setup_required ? 'setup' : 'code');
            else proceed(await completeSignIn(queryClient));
        } catch (err) {
            const status = (err as { status?: number }).status;
            setError(translate(status === 422 ? 'pages.login.incorrect' : status === 429 ? 'pages.login.locked' : 'pages.login.failed'));
        } finally {
            setBusy(false);
        }
    };

    const signedIn = async (pair: { token?: string; refresh_token?: string }) => proceed(await completeSignIn(queryClient, pair));

    if (step === 'code') return <TwoFactorCodeStep onDone={signedIn} />;
    if (step === 'setup') return <TwoFactorSetupStep onDone={signedIn} />;
    if (step === 'terms') return <TermsStep onAccepted={() => navigate(redirectTarget(location.search), { replace: true })} />;

    return (
        <PublicCard title={translate('pages.login.title')}>
            <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }} noValidate>
                {error && <Alert severity="error">{error}</Alert>}
                <TextField
                    label={translate('pages.login.email')}
                    value={username}
                    onChange={e => setUsername(e.target.value)}
                    autoComplete="username"
                    autoFocus
                />
                <TextField
                    label={translate('pages.login.password')}
                    type="password"
                    value={password}
                    onChange={e => setPassword(e.target.value)}
                    autoComplete="current-password"
                />
                <Button type="submit" variant="contained" size="large" disabled={busy || !username || !password}>
                    {translate('pages.login.submit')}
                </Button>
                <Link component={RouterLink} to="/reset_password" variant="body2">
                    {translate('pages.login.forgot')}
                </Link>
            </Box>
        </PublicCard>
    );
};

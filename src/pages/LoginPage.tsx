import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Divider, Link, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { LoginProvider, LoginReply, Me } from '../../contract/auth';
import { SSO_ERRORS } from '../../contract/ssoErrors';
import { getSession } from '../authProvider';
import { apiFetch } from '../dataProvider/http';
import { preloadSignedIn } from '../layout/preload';
import { adoptTokensFromUrl, tokens } from '../dataProvider/tokens';
import { completeSignIn, redirectTarget } from './auth';
import { PublicCard } from './PublicCard';
import { TermsStep } from './TermsStep';
import { TwoFactorCodeStep, TwoFactorSetupStep } from './TwoFactorSteps';

type Step = 'credentials' | 'code' | 'setup' | 'terms';

/** What the login page offers: the password form alone, or the SSO button with the form beside it (both) or behind a link (SSO only). */
type Offer = 'local' | 'both' | 'ssoOnly';

/** The i18n key of an SPEC 8.5 text the server sent back in ?sso_error=; any other text is not shown as such. */
const ssoErrorKey = (text: string | null) => {
    const key = text === null ? undefined : Object.entries(SSO_ERRORS).find(([, v]) => v === text)?.[0];
    return key ? `pages.login.ssoErrors.${key}` : 'pages.login.failed';
};

/**
 * GET /login_provider, asked afresh (the administrator may just have changed
 * it); a failure leaves the password form. A directory (LDAP / Active
 * Directory) signs in through the password form itself: no button.
 */
const useOffer = (): Offer | undefined => {
    const [offer, setOffer] = useState<Offer>();
    useEffect(() => {
        apiFetch<LoginProvider>('/login_provider', { noAccount: true })
            .then(r =>
                setOffer(
                    !r?.provider || r.provider === 'local' || r.provider === 'directory' ? 'local' : r.alternateLogin ? 'both' : 'ssoOnly',
                ),
            )
            .catch(() => setOffer('local'));
    }, []);
    return offer;
};

/**
 * /login and /alternate (SPEC 2.1, 4.5): credentials, then the second factor
 * when the account asks for it (setup the first time), then the terms of
 * service until accepted, then redirect_url. When the main account signs in
 * with single sign-on, /login offers its button; /alternate is
 * always the password form. A single sign-on ends here with the tokens in
 * the query (SPEC 7.3) or the reason it failed (SPEC 8.5).
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
    const offer = useOffer();
    const alternate = location.pathname === '/alternate';
    const [showForm, setShowForm] = useState(false);

    const proceed = (me: Me) => {
        if (!me.password_changed)
            navigate(`/initial-password-setup?redirect_url=${encodeURIComponent(redirectTarget(location.search))}`, { replace: true });
        else if (!me.accepted_tos) setStep('terms');
        else navigate(redirectTarget(location.search), { replace: true });
    };

    // The end of a single sign-on: its tokens are kept as a password sign-in's, or its failure is told.
    const params = new URLSearchParams(location.search);
    const ssoError = params.has('sso_error') ? translate(ssoErrorKey(params.get('sso_error'))) : undefined;
    const [adopting, setAdopting] = useState(() => params.has('token'));
    const arrivedWithTokens = useRef(adopting);
    useEffect(() => {
        if (!adopting) return;
        adoptTokensFromUrl(location.search);
        // The tokens leave the address bar (and the history) at once.
        window.history.replaceState(window.history.state, '', location.pathname);
        completeSignIn(queryClient)
            .then(me => proceed(me))
            .catch(() => setError(translate('pages.login.failed')))
            .finally(() => setAdopting(false));
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);

    // A signed-in user sent here because the terms are not accepted yet sees the terms step.
    useEffect(() => {
        if (!tokens.access || arrivedWithTokens.current) return;
        getSession()
            .then(session => !session.me.accepted_tos && setStep('terms'))
            .catch(() => undefined);
    }, []);

    // What the person signs in to starts downloading as they type, and at the latest when they press Sign in: after
    // it the console shows at once rather than after its files (docs/performance.md "Console first load").
    const prepareSignedIn = () => preloadSignedIn(redirectTarget(location.search).split(/[?#]/)[0]!);

    const submit = async (e: FormEvent) => {
        e.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
            const checked = authProvider.login({ username, password });
            // after the sign-in request, which would otherwise wait for a free connection behind those files
            prepareSignedIn();
            const reply = (await checked) as LoginReply & { redirectTo?: false };
            if ('tfa_required' in reply) setStep(reply.tfa_setup_required ? 'setup' : 'code');
            else proceed(await completeSignIn(queryClient));
        } catch (err) {
            const { status, body } = err as { status?: number; body?: { error?: unknown } };
            // a directory's failure (SPEC 8.5) is shown as such; any other reply reads as SPEC 8.1 says
            const directoryError = status === 401 && typeof body?.error === 'string' ? ssoErrorKey(body.error) : undefined;
            setError(
                translate(
                    status === 422
                        ? 'pages.login.incorrect'
                        : status === 429
                          ? 'pages.login.locked'
                          : (directoryError ?? 'pages.login.failed'),
                ),
            );
        } finally {
            setBusy(false);
        }
    };

    const signedIn = async (pair: { token?: string; refresh_token?: string }) => proceed(await completeSignIn(queryClient, pair));

    if (step === 'code') return <TwoFactorCodeStep onDone={signedIn} />;
    if (step === 'setup') return <TwoFactorSetupStep onDone={signedIn} />;
    if (step === 'terms') return <TermsStep onAccepted={() => navigate(redirectTarget(location.search), { replace: true })} />;
    if (!offer || adopting) return null;

    const sso = !alternate && offer !== 'local';
    const formShown = !sso || offer === 'both' || showForm;
    return (
        <PublicCard title={translate('pages.login.title')}>
            {sso && (
                <Box sx={{ display: 'grid', gap: 2, mb: formShown ? 2 : 0 }}>
                    {(error ?? ssoError) && !formShown && <Alert severity="error">{error ?? ssoError}</Alert>}
                    <Button variant="contained" size="large" onClick={() => window.location.assign('/api/v2/sso/login')}>
                        {translate('pages.login.sso')}
                    </Button>
                    {!formShown && (
                        <Link component="button" type="button" variant="body2" onClick={() => setShowForm(true)}>
                            {translate('pages.login.localAccount')}
                        </Link>
                    )}
                    {formShown && <Divider>{translate('pages.login.or')}</Divider>}
                </Box>
            )}
            {formShown && (
                <Box component="form" onSubmit={submit} onInput={prepareSignedIn} sx={{ display: 'grid', gap: 2 }} noValidate>
                    {(error ?? ssoError) && <Alert severity="error">{error ?? ssoError}</Alert>}
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
                    <Button type="submit" variant={sso ? 'outlined' : 'contained'} size="large" disabled={busy || !username || !password}>
                        {translate('pages.login.submit')}
                    </Button>
                    <Link component={RouterLink} to="/reset_password" variant="body2">
                        {translate('pages.login.forgot')}
                    </Link>
                </Box>
            )}
        </PublicCard>
    );
};

import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { Me } from '../../contract/auth';
import { apiFetch } from '../dataProvider/http';
import { tokens } from '../session/storage';
import { completeSignIn, redirectTarget } from './auth';
import { PasswordFields, passwordPairProblems, type PasswordPair } from './PasswordFields';
import { PublicCard } from './PublicCard';

/** /initial-password-setup: only while a password change is required; otherwise back to / (SPEC 2.1). */
export const InitialPasswordSetupPage = () => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const location = useLocation();
    const queryClient = useQueryClient();
    const [me, setMe] = useState<Me | null>();
    const [value, setValue] = useState<PasswordPair>({ password: '', confirm: '' });
    const [tried, setTried] = useState(false);
    const [error, setError] = useState<string>();

    useEffect(() => {
        if (!tokens.access) return setMe(null);
        apiFetch<Me>('/me', { noAccount: true })
            .then(setMe)
            .catch(() => setMe(null));
    }, []);

    if (me === undefined) return null;
    if (me === null) return <Navigate to="/login" replace />;
    if (me.password_changed) return <Navigate to="/" replace />;

    const submit = async (e: FormEvent) => {
        e.preventDefault();
        setTried(true);
        const problems = passwordPairProblems(value);
        if (problems.password || problems.confirm) return;
        try {
            await apiFetch(`/users/${me.id}/password_setup`, { method: 'PUT', body: { password: value.password }, noAccount: true });
            const fresh = await completeSignIn(queryClient);
            navigate(fresh.accepted_tos ? redirectTarget(location.search) : `/login?redirect_url=${encodeURIComponent(redirectTarget(location.search))}`, { replace: true });
        } catch {
            setError(translate('pages.initial.failed'));
        }
    };

    return (
        <PublicCard title={translate('pages.initial.title')}>
            <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }} noValidate>
                <Typography color="text.secondary">{translate('pages.initial.help')}</Typography>
                {error && <Alert severity="error">{error}</Alert>}
                <PasswordFields value={value} onChange={setValue} showErrors={tried} />
                <Button type="submit" variant="contained" size="large">
                    {translate('pages.reset.set')}
                </Button>
            </Box>
        </PublicCard>
    );
};

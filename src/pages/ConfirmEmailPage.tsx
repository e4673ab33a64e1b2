import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { apiFetch } from '../dataProvider/http';
import { PublicCard } from './PublicCard';

/**
 * /confirm_email?token=…, the link mailed to a new address a user gave for
 * themselves: opening it applies the address (POST /confirm_email/:token),
 * once, and says so or why not. No sign-in needed: the link is the proof.
 */
export const ConfirmEmailPage = () => {
    const translate = useTranslate();
    const [params] = useSearchParams();
    const token = params.get('token') ?? '';
    const [outcome, setOutcome] = useState<{ done: true } | { error: string }>();
    const sent = useRef(false);
    useEffect(() => {
        // Once: the link works once, and React may run an effect twice in development.
        if (sent.current) return;
        sent.current = true;
        apiFetch(`/confirm_email/${encodeURIComponent(token)}`, { method: 'POST', noAccount: true }).then(
            () => setOutcome({ done: true }),
            (err: Error) => setOutcome({ error: err.message }),
        );
    }, [token]);
    return (
        <PublicCard title={translate('resources.users.confirmEmail.title')}>
            {!outcome && <Typography color="text.secondary">{translate('resources.users.confirmEmail.confirming')}</Typography>}
            {outcome && 'done' in outcome && <Alert severity="success">{translate('resources.users.confirmEmail.done')}</Alert>}
            {outcome && 'error' in outcome && <Alert severity="error">{outcome.error}</Alert>}
            {outcome && (
                <Button component={RouterLink} to="/login" variant="contained" sx={{ mt: 2 }}>
                    {translate('resources.users.confirmEmail.signIn')}
                </Button>
            )}
        </PublicCard>
    );
};

import { useEffect } from 'react';
import { Typography } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PublicCard } from './PublicCard';

/** /logout: ends the session and goes to sign-in, keeping redirect_url (SPEC 8.1). */
export const LogoutPage = () => {
    const logout = useLogout();
    const translate = useTranslate();
    const [params] = useSearchParams();
    const redirect = params.get('redirect_url');
    useEffect(() => {
        void logout({}, redirect ? `/login?redirect_url=${encodeURIComponent(redirect)}` : '/login');
    }, [logout, redirect]);
    return (
        <PublicCard title={translate('pages.loggingOut')}>
            <Typography color="text.secondary">{translate('pages.loggingOut')}</Typography>
        </PublicCard>
    );
};

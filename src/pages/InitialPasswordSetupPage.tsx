import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { Me } from '../../contract/auth';
import { apiFetch } from '../dataProvider/http';
import { tokens } from '../dataProvider/tokens';
import { completeSignIn, redirectTarget } from './auth';
import { NewPasswordForm } from './PasswordFields';
import { PublicCard } from './PublicCard';

/** /initial-password-setup: only while a password change is required; otherwise back to / (SPEC 2.1). */
export const InitialPasswordSetupPage = () => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const location = useLocation();
    const queryClient = useQueryClient();
    const [me, setMe] = useState<Me | null>();

    useEffect(() => {
        if (!tokens.access) return setMe(null);
        apiFetch<Me>('/me', { noAccount: true })
            .then(setMe)
            .catch(() => setMe(null));
    }, []);

    if (me === undefined) return null;
    if (me === null) return <Navigate to="/login" replace />;
    if (me.password_changed) return <Navigate to="/" replace />;

    const setPassword = async (password: string) => {
        try {
            await apiFetch(`/users/${me.id}/password_setup`, { method: 'PUT', body: { password }, noAccount: true });
            const fresh = await completeSignIn(queryClient);
            navigate(
                fresh.accepted_tos
                    ? redirectTarget(location.search)
                    : `/login?redirect_url=${encodeURIComponent(redirectTarget(location.search))}`,
                { replace: true },
            );
            return undefined;
        } catch {
            return translate('pages.initial.failed');
        }
    };

    return (
        <PublicCard title={translate('pages.initial.title')}>
            <NewPasswordForm help={translate('pages.initial.help')} onSubmit={setPassword} />
        </PublicCard>
    );
};

import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '../../contract/auth';
import { getSession, resetSession } from '../authProvider';
import { apiFetch } from '../dataProvider/http';
import { tokens } from '../dataProvider/tokens';

/** Where sign-in goes next: a local path from redirect_url, never another site. */
export const redirectTarget = (search: string): string => {
    const target = new URLSearchParams(search).get('redirect_url') ?? '/';
    return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') && !target.startsWith('/logout')
        ? target
        : '/';
};

/** After the last sign-in step: keep the tokens, reload the session and forget what react-admin knew before. */
export const completeSignIn = async (queryClient: QueryClient, pair?: { token?: string; refresh_token?: string }): Promise<Me> => {
    if (pair?.token) tokens.save({ token: pair.token, refresh_token: pair.refresh_token });
    resetSession();
    queryClient.removeQueries({ queryKey: ['auth'] });
    return (await getSession()).me;
};

export const acceptTerms = async (queryClient: QueryClient) => {
    try {
        await apiFetch('/tos', { method: 'PUT', noAccount: true });
    } catch {
        throw new Error('Error when setting accepted TOS!');
    }
    await completeSignIn(queryClient);
};

import { useQuery } from '@tanstack/react-query';
import { useAuthProvider } from 'react-admin';
import type { Session } from './session';

/**
 * The signed-in session, or undefined while it loads: react-admin's permissions, read from the same query
 * (key, function and freshness as usePermissions), without usePermissions itself. That hook also reaches the
 * router (to sign out on a refused session), so every component showing the session rendered again each time
 * react-admin rendered its routes, which it does twice as it registers its resources after sign-in: the whole
 * menu, app bar and list. Refused sessions are still handled by react-admin's own usePermissions.
 */
export const useSession = (): Session | undefined => {
    const authProvider = useAuthProvider();
    return (
        useQuery({
            queryKey: ['auth', 'getPermissions', {}],
            queryFn: async ({ signal }) => ((await authProvider?.getPermissions?.({ signal })) as Session | undefined) ?? null,
            staleTime: 5 * 60 * 1000,
        }).data ?? undefined
    );
};

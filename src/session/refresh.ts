import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { resetSession } from './sessionCache';

/**
 * Reloads the session (me, flags of the current account, menu) and the
 * identity shown in the app bar. SPEC 4.4: when the edited user is the current
 * user the displayed name updates; options of the current account change its
 * flags and menu too. Lists are left alone.
 */
export const useRefreshSession = () => {
    const queryClient = useQueryClient();
    return useCallback(async () => {
        resetSession();
        // the session first: it stores the fresh user the identity is read from
        await queryClient.invalidateQueries({ queryKey: ['auth', 'getPermissions'] });
        await queryClient.invalidateQueries({ queryKey: ['auth'] });
    }, [queryClient]);
};

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { useNotices } from '../notifications/notices';

/**
 * A write outside react-admin's CRUD shape (a custom method of the dataProvider: call, multipart, download) as a
 * react-query mutation, as react-admin does its own: on success the queries of the resources in `reloads` reload
 * (react-admin's keys start with the resource) and `done` shows, if it says something; a failure is the SPEC 8.4
 * notice titled `failed` (an i18n key) with the request id. Where the resource fits the CRUD shape, use
 * react-admin's useCreate/useUpdate/useDelete instead.
 */
export const useCallMutation = <Vars = void, Reply = unknown>({
    call,
    reloads = [],
    failed,
    done,
}: {
    call: (dataProvider: ConsoleDataProvider, vars: Vars) => Promise<Reply>;
    reloads?: string[];
    failed: string;
    done?: (reply: Reply, vars: Vars) => string | undefined;
}) => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const queryClient = useQueryClient();
    const notices = useNotices();
    return useMutation<Reply, unknown, Vars>({
        mutationFn: vars => call(dataProvider, vars),
        onSuccess: async (reply, vars) => {
            const text = done?.(reply, vars);
            if (text) notices.success(text);
            // Pending until the lists show the change, so a form is not sent twice meanwhile.
            await Promise.all(reloads.map(resource => queryClient.invalidateQueries({ queryKey: [resource] })));
        },
        onError: error => notices.failed(failed, error),
    });
};

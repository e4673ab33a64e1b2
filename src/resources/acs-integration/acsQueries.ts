import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AcsIntegrationRecord } from '../../../contract/acsIntegration';
import type { ConsoleDataProvider } from '../../dataProvider';
import { requestIdOf } from '../../dataProvider/http';
import { useFailureNotice } from '../../notifications/useFailureNotice';
import { problemText, useNotices } from '../../notifications/notices';
import { useRefreshSession } from '../../session/refresh';
import { useSession } from '../../session/useSession';
import { toBody, type ConnectionForm } from './connectionForm';

export const T = 'resources.acs_integration';

/** The log is a list of the dataProvider (GET /acs-integration/logs pages, sorts and filters as every list does). */
export const LOG_RESOURCE = 'acs-integration/logs';

/** What the section reads of one account, under one key so an account's data goes together. */
export const acsKey = (accountId: number, ...part: string[]) => ['acs-integration', accountId, ...part];

/** POST /acs-integration/test: whether the ACS answered, in its words or ours. */
type TestResult = { ok: true; detail: string } | { ok: false; error: string };

export const statusOf = (e: unknown) => (e as { status?: number } | undefined)?.status;

/** The account's integration (null: none yet); a failure to read it is a notice with its request id. */
export const useIntegration = (accountId: number) => {
    const dp = useDataProvider<ConsoleDataProvider>();
    const query = useQuery({
        queryKey: acsKey(accountId),
        queryFn: ({ signal }) =>
            dp
                .call<{ integration: AcsIntegrationRecord | null }>('/acs-integration', {
                    query: { account_id: accountId },
                    noAccount: true,
                    signal,
                })
                .then(r => r.integration),
    });
    useFailureNotice(query.error, `${T}.loadFailed`);
    return query;
};

/** The log shows what a test, a save or a synchronisation wrote: it reads its page again. */
export const useReloadLog = () => {
    const queryClient = useQueryClient();
    return () => void queryClient.invalidateQueries({ queryKey: [LOG_RESOURCE] });
};

/**
 * A failure that is not the user's to fix in the form (the server's or the
 * ACS's, not a 400): a notice with the server's words and the request id.
 */
export const useCallFailed = () => {
    const translate = useTranslate();
    const notices = useNotices();
    return (title: string, e: unknown) =>
        notices.error({
            title: translate(title),
            description: problemText(e) || translate('notices.serverError'),
            requestId: requestIdOf(e),
        });
};

/** The calls of the connection form: test the unsaved form, synchronise now, save, remove. */
export const useConnectionCalls = (accountId: number) => {
    const dp = useDataProvider<ConsoleDataProvider>();
    const queryClient = useQueryClient();
    const session = useSession();
    const refreshSession = useRefreshSession();
    const reloadLog = useReloadLog();
    const stored = (integration: AcsIntegrationRecord | null) => {
        queryClient.setQueryData(acsKey(accountId), integration);
        reloadLog();
        // acs/enabled of the current account decides the Readers screen (SPEC 6.3): the session reads it again.
        if (session?.currentAccountId === accountId) void refreshSession();
    };
    const test = useMutation({
        mutationFn: (form: ConnectionForm) =>
            dp.call<TestResult>('/acs-integration/test', { method: 'POST', body: toBody(form, accountId), noAccount: true }),
        onSettled: reloadLog,
    });
    const sync = useMutation({
        mutationFn: () =>
            dp.call<{ status: string }>('/acs-integration/sync', { method: 'POST', body: { account_id: accountId }, noAccount: true }),
        onSettled: reloadLog,
    });
    const save = useMutation({
        mutationFn: (form: ConnectionForm) =>
            dp.call<AcsIntegrationRecord>('/acs-integration/update', { method: 'PUT', body: toBody(form, accountId), noAccount: true }),
        onSuccess: stored,
    });
    const remove = useMutation({
        mutationFn: (id: number) =>
            dp.call(`/acs-integration/${id}`, { method: 'DELETE', query: { account_id: accountId }, noAccount: true }),
        onSuccess: () => stored(null),
    });
    return { test, sync, save, remove };
};

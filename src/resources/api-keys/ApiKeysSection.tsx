import { useState } from 'react';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { ApiKey } from '../../../contract/apiKeys';
import type { ListReply } from '../../../contract/api';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import { can } from '../../../contract/rights';
import { assignableRoles } from '../../../contract/roles';
import { LoadFailure } from '../../components/LoadFailure';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';
import { useFailureNotice } from '../../notifications/useFailureNotice';
import { useSession } from '../../session/useSession';
import { ApiKeyTable } from './ApiKeyTable';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';

const TEXTS = 'resources.api_keys';

/**
 * SPEC 3 account settings "API keys" (docs/decisions.md "API keys"): the
 * account's keys (never their secret, which the server no longer has), a new
 * one shown once, revocation after a confirmation (SPEC: destructive actions
 * ask OK/Cancel).
 */
export const ApiKeysSection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const session = useSession();
    const [creating, setCreating] = useState(false);
    const [revoking, setRevoking] = useState<ApiKey>();
    // The account's keys are under the account (/accounts/{id}/api_keys), not a resource of the dataProvider's CRUD.
    const keys = useQuery({
        queryKey: ['api_keys', accountId],
        queryFn: ({ signal }) =>
            dataProvider.call<ListReply<ApiKey>>(`/accounts/${accountId}/api_keys`, {
                query: { per_page: LIST_MAX_PAGE_SIZE },
                noAccount: true,
                signal,
            }),
    });
    useFailureNotice(keys.error);
    const reload = () => void keys.refetch();
    const revoke = useMutation({
        mutationFn: (key: ApiKey) => dataProvider.call(`/accounts/${accountId}/api_keys/${key.id}`, { method: 'DELETE', body: {} }),
        onSuccess: (_reply, key) => notices.success(translate(`${TEXTS}.revoked`, { description: key.description })),
        onError: e => notices.failed(`${TEXTS}.revokeFailed`, e),
        onSettled: reload,
    });

    if (keys.error) return <LoadFailure onRefresh={reload} />;
    if (keys.isPending) return <LinearProgress />;
    if (!session) return null;
    const mayCreate = can(session.role, 'apiKeys', 'write') && assignableRoles(session.role).length > 0;
    const mayRevoke = can(session.role, 'apiKeys', 'delete');

    return (
        <Box sx={{ p: 2 }}>
            <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 720 }}>
                    {translate(`${TEXTS}.intro`)}
                </Typography>
                {mayCreate && (
                    <Box>
                        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
                            {translate(`${TEXTS}.create.open`)}
                        </Button>
                    </Box>
                )}
                <ApiKeyTable keys={keys.data.result} onRevoke={mayRevoke ? setRevoking : undefined} />
            </Stack>
            {creating && (
                <CreateApiKeyDialog accountId={accountId} actor={session.role} onClose={() => setCreating(false)} onCreated={reload} />
            )}
            <Confirm
                isOpen={!!revoking}
                title={`${TEXTS}.revoke.confirmTitle`}
                titleTranslateOptions={{ description: revoking?.description ?? '' }}
                content={`${TEXTS}.revoke.confirmContent`}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => {
                    setRevoking(undefined);
                    revoke.mutate(revoking!);
                }}
                onClose={() => setRevoking(undefined)}
            />
        </Box>
    );
};

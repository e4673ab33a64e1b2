import { useState } from 'react';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { Title, useDelete, useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import { can } from '../../../contract/rights';
import type { Webhook } from '../../../contract/webhooks';
import { LoadFailure } from '../../components/LoadFailure';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { DeliveriesDialog } from './DeliveriesDialog';
import { WebhookDialog } from './WebhookDialog';
import { WebhookTable } from './WebhookTable';

const TEXTS = 'resources.webhooks';
// the server's own order: newest first
const NEWEST_FIRST = { field: 'created_at', order: 'DESC' } as const;

/**
 * /webhooks (docs/decisions.md "Webhooks"): the current account's webhooks
 * (never their secret), each with its status; a paused one says why and can
 * be resumed; its deliveries can be looked at and replayed. A delete is
 * undoable (docs/decisions.md "Deletes: undo or a named confirmation").
 */
export const WebhooksPage = () => {
    const translate = useTranslate();
    const notices = useNotices();
    const notify = useNotify();
    const session = useSession();
    const [editing, setEditing] = useState<Webhook | 'new'>();
    const [watching, setWatching] = useState<Webhook>();
    const webhooks = useGetList<Webhook>(
        'webhooks',
        { pagination: { page: 1, perPage: LIST_MAX_PAGE_SIZE }, sort: NEWEST_FIRST },
        { onError: e => notices.failed('layout.failure.text', e) },
    );
    const [update] = useUpdate<Webhook>();
    const [deleteOne] = useDelete<Webhook>();
    const reload = () => void webhooks.refetch();

    const resume = (w: Webhook) =>
        update(
            'webhooks',
            { id: w.id, data: { status: 'active' }, previousData: w },
            {
                onSuccess: () => notices.success(translate(`${TEXTS}.resumed`)),
                onError: e => notices.failed(`${TEXTS}.saveFailed`, e),
                onSettled: reload,
            },
        );
    // Gone from the table at once; DELETE goes when the undo notice closes, and a refusal brings the row back.
    const remove = (w: Webhook) =>
        deleteOne(
            'webhooks',
            { id: w.id, previousData: w },
            {
                mutationMode: 'undoable',
                onSuccess: () => notify(`${TEXTS}.deleted`, { type: 'info', undoable: true, messageArgs: { smart_count: 1 } }),
                onError: e => notices.failed(`${TEXTS}.deleteFailed`, e),
                onSettled: reload,
            },
        );

    if (!session) return null;
    const mayWrite = can(session.role, 'webhooks', 'write');
    const mayEdit = can(session.role, 'webhooks', 'edit');
    const mayDelete = can(session.role, 'webhooks', 'delete');

    return (
        <Box sx={{ p: 2 }}>
            <Title title={translate('menu.webhooks')} />
            <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 760 }}>
                    {translate(`${TEXTS}.intro`, { signature: 'X-Signature-256', delivery: 'X-Delivery-Id' })}
                </Typography>
                {mayWrite && (
                    <Box>
                        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
                            {translate(`${TEXTS}.add`)}
                        </Button>
                    </Box>
                )}
                {webhooks.isPending && !webhooks.error && <LinearProgress />}
                {webhooks.error && <LoadFailure onRefresh={reload} />}
                {webhooks.data && (
                    <WebhookTable
                        webhooks={webhooks.data}
                        actions={{
                            resume: mayEdit ? w => resume(w) : undefined,
                            deliveries: setWatching,
                            edit: mayEdit ? setEditing : undefined,
                            remove: mayDelete ? w => void remove(w) : undefined,
                        }}
                    />
                )}
            </Stack>
            {editing && (
                <WebhookDialog webhook={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} onSaved={reload} />
            )}
            {watching && <DeliveriesDialog webhook={watching} mayReplay={mayWrite} onClose={() => setWatching(undefined)} />}
        </Box>
    );
};

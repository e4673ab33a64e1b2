import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
    Datagrid,
    FunctionField,
    ListContextProvider,
    TextField,
    useDataProvider,
    useList,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import type { ListReply } from '../../../contract/api';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import type { Delivery, DeliveryStatus, Webhook } from '../../../contract/webhooks';
import { LoadFailure } from '../../components/LoadFailure';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { useNotices } from '../../notifications/notices';
import { useFailureNotice } from '../../notifications/useFailureNotice';

const TEXTS = 'resources.webhooks';
const FIELDS = `${TEXTS}.deliveries.fields`;
const DELIVERY_COLOR: Record<DeliveryStatus, 'success' | 'default' | 'error'> = {
    pending: 'default',
    delivered: 'success',
    failed: 'error',
};

/** The delivery's event: its type, and its id below. */
const EventCell = () => {
    const translate = useTranslate();
    const d = useRecordContext<Delivery>()!;
    return (
        <>
            {translate(`resources.events.types.${d.event_type}`, { _: d.event_type })}
            <Typography variant="body2" color="text.secondary">
                #{d.event_id}
            </Typography>
        </>
    );
};

const ReplayButton = ({ onReplay }: { onReplay: (d: Delivery) => void }) => {
    const translate = useTranslate();
    const d = useRecordContext<Delivery>()!;
    return (
        <Button size="small" aria-label={translate(`${TEXTS}.deliveries.replayLabel`, { id: d.id })} onClick={() => onReplay(d)}>
            {translate(`${TEXTS}.deliveries.replay`)}
        </Button>
    );
};

/** The deliveries' table: the newest first, as the server sends them. */
const DeliveryTable = ({ deliveries, onReplay }: { deliveries: Delivery[]; onReplay?: (d: Delivery) => void }) => {
    const translate = useTranslate();
    const list = useList({ data: deliveries, resource: 'webhook_deliveries' });
    return (
        <ListContextProvider value={list}>
            <Box sx={{ overflowX: 'auto' }}>
                <Datagrid
                    resource="webhook_deliveries"
                    aria-label={translate(`${TEXTS}.deliveries.table`)}
                    bulkActionButtons={false}
                    rowClick={false}
                    empty={<Typography sx={{ pt: 1 }}>{translate(`${TEXTS}.deliveries.empty`)}</Typography>}
                >
                    <TextField source="id" label={`${FIELDS}.id`} sortable={false} sx={{ fontFamily: 'monospace' }} />
                    <FunctionField label={`${FIELDS}.event`} sortable={false} render={() => <EventCell />} />
                    <FunctionField
                        label={`${FIELDS}.status`}
                        sortable={false}
                        render={(d: Delivery) => (
                            <Chip
                                size="small"
                                color={DELIVERY_COLOR[d.status]}
                                label={translate(`${TEXTS}.deliveries.status.${d.status}`)}
                            />
                        )}
                    />
                    <TextField source="attempts" label={`${FIELDS}.attempts`} sortable={false} />
                    <FunctionField
                        label={`${FIELDS}.last`}
                        sortable={false}
                        render={(d: Delivery) => d.last_error ?? (d.last_status_code !== null ? `HTTP ${d.last_status_code}` : '')}
                    />
                    <FunctionField
                        label={`${FIELDS}.next_attempt_at`}
                        sortable={false}
                        render={(d: Delivery) => (d.next_attempt_at ? formatDate(d.next_attempt_at) : '')}
                    />
                    <FunctionField label={`${FIELDS}.created_at`} sortable={false} render={(d: Delivery) => formatDate(d.created_at)} />
                    {onReplay && <FunctionField label={false} textAlign="right" render={() => <ReplayButton onReplay={onReplay} />} />}
                </Datagrid>
            </Box>
        </ListContextProvider>
    );
};

/** A webhook's deliveries, newest first, each with a Replay button for those who may write. */
export const DeliveriesDialog = ({ webhook, mayReplay, onClose }: { webhook: Webhook; mayReplay: boolean; onClose: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const deliveries = useQuery({
        queryKey: ['webhooks', webhook.id, 'deliveries'],
        queryFn: ({ signal }) =>
            dataProvider.call<ListReply<Delivery>>(`/webhooks/${webhook.id}/deliveries`, {
                query: { per_page: LIST_MAX_PAGE_SIZE },
                noAccount: true,
                signal,
            }),
    });
    useFailureNotice(deliveries.error);
    const replay = useMutation({
        mutationFn: (d: Delivery) =>
            dataProvider.call(`/webhooks/${webhook.id}/deliveries/${d.id}/replay`, { method: 'POST', body: {}, noAccount: true }),
        onSuccess: (_reply, d) => notices.success(translate(`${TEXTS}.deliveries.replayed`, { id: d.id })),
        onError: e => notices.failed(`${TEXTS}.deliveries.replayFailed`, e),
        onSettled: () => void deliveries.refetch(),
    });
    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="webhook-deliveries">
            <DialogTitle id="webhook-deliveries">{translate(`${TEXTS}.deliveries.title`, { url: webhook.url })}</DialogTitle>
            <DialogContent>
                {webhook.status === 'paused' && <Alert severity="info">{translate(`${TEXTS}.deliveries.pausedNote`)}</Alert>}
                {deliveries.error && <LoadFailure onRefresh={() => void deliveries.refetch()} />}
                {deliveries.data && (
                    <DeliveryTable deliveries={deliveries.data.result} onReplay={mayReplay ? d => replay.mutate(d) : undefined} />
                )}
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('ra.action.close')}</Button>
            </DialogActions>
        </Dialog>
    );
};

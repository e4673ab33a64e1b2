import { Box, Button, Chip, Typography } from '@mui/material';
import { Datagrid, FunctionField, ListContextProvider, TextField, useList, useRecordContext, useTranslate } from 'react-admin';
import type { Webhook } from '../../../contract/webhooks';
import { formatDate } from '../../i18n/format';

const TEXTS = 'resources.webhooks';

/** What may be done with a webhook, each named by its URL. */
export interface WebhookActions {
    resume?: (w: Webhook) => void;
    deliveries: (w: Webhook) => void;
    edit?: (w: Webhook) => void;
    remove?: (w: Webhook) => void;
}

/** Its state; a paused one says since when, an active one failing says since when it fails. */
const StatusCell = () => {
    const translate = useTranslate();
    const w = useRecordContext<Webhook>()!;
    return (
        <>
            <Chip size="small" color={w.status === 'paused' ? 'warning' : 'success'} label={translate(`${TEXTS}.status.${w.status}`)} />
            {w.status === 'paused' && w.paused_at && (
                <Typography variant="body2" color="text.secondary">
                    {translate(`${TEXTS}.pausedSince`, { date: formatDate(w.paused_at) })}
                </Typography>
            )}
            {w.status === 'active' && w.failing_since && (
                <Typography variant="body2" color="warning.main">
                    {translate(`${TEXTS}.failingSince`, { date: formatDate(w.failing_since) })}
                </Typography>
            )}
        </>
    );
};

const ActionsCell = ({ actions }: { actions: WebhookActions }) => {
    const translate = useTranslate();
    const w = useRecordContext<Webhook>()!;
    const label = (key: string) => translate(`${TEXTS}.${key}`, { url: w.url });
    return (
        <Box sx={{ whiteSpace: 'nowrap' }}>
            {actions.resume && w.status === 'paused' && (
                <Button size="small" aria-label={label('resumeLabel')} onClick={() => actions.resume!(w)}>
                    {translate(`${TEXTS}.resume`)}
                </Button>
            )}
            <Button size="small" aria-label={label('deliveriesLabel')} onClick={() => actions.deliveries(w)}>
                {translate(`${TEXTS}.deliveries.open`)}
            </Button>
            {actions.edit && (
                <Button size="small" aria-label={label('editLabel')} onClick={() => actions.edit!(w)}>
                    {translate('ra.action.edit')}
                </Button>
            )}
            {actions.remove && (
                <Button size="small" color="error" aria-label={label('deleteLabel')} onClick={() => actions.remove!(w)}>
                    {translate('ra.action.delete')}
                </Button>
            )}
        </Box>
    );
};

/** The account's webhooks (never their secret), newest first as the server sends them. */
export const WebhookTable = ({ webhooks, actions }: { webhooks: Webhook[]; actions: WebhookActions }) => {
    const translate = useTranslate();
    const list = useList({ data: webhooks, resource: 'webhooks' });
    const eventTypes = (w: Webhook) =>
        w.event_types.length
            ? w.event_types.map(t => translate(`resources.events.types.${t}`, { _: t })).join(', ')
            : translate(`${TEXTS}.allTypes`);
    return (
        <ListContextProvider value={list}>
            <Box sx={{ overflowX: 'auto' }}>
                <Datagrid
                    resource="webhooks"
                    aria-label={translate(`${TEXTS}.name`, { smart_count: 2 })}
                    bulkActionButtons={false}
                    rowClick={false}
                    empty={<Typography>{translate(`${TEXTS}.empty`)}</Typography>}
                >
                    <TextField source="description" sortable={false} />
                    <TextField source="url" sortable={false} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
                    <FunctionField source="event_types" sortable={false} render={eventTypes} />
                    <FunctionField source="status" sortable={false} render={() => <StatusCell />} />
                    <FunctionField source="created_at" sortable={false} render={(w: Webhook) => formatDate(w.created_at)} />
                    <FunctionField label={false} textAlign="right" render={() => <ActionsCell actions={actions} />} />
                </Datagrid>
            </Box>
        </ListContextProvider>
    );
};

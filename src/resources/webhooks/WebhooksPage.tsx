import { useCallback, useEffect, useState } from 'react';
import {
    Alert,
    Box,
    Button,
    Chip,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    MenuItem,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import { Confirm, Title, useDataProvider, useTranslate } from 'react-admin';
import type { ListReply } from '../../../contract/api';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import { EVENT_TYPES } from '../../../contract/eventTypes';
import { can } from '../../../contract/rights';
import {
    WEBHOOK_DESCRIPTION_MAX,
    WEBHOOK_SECRET_MIN,
    type Delivery,
    type DeliveryStatus,
    type Webhook,
    type WebhookInput,
    type WebhookUpdate,
} from '../../../contract/webhooks';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';

const TEXTS = 'resources.webhooks';
const DELIVERY_COLOR: Record<DeliveryStatus, 'success' | 'default' | 'error'> = {
    pending: 'default',
    delivered: 'success',
    failed: 'error',
};

/** Create or edit: URL, what it is for, the event types (none: all), and the secret (on edit: only to replace it). */
const WebhookDialog = ({ webhook, onClose, onSaved }: { webhook?: Webhook; onClose: () => void; onSaved: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [url, setUrl] = useState(webhook?.url ?? '');
    const [description, setDescription] = useState(webhook?.description ?? '');
    const [types, setTypes] = useState<string[]>(webhook?.event_types ?? []);
    const [secret, setSecret] = useState('');
    const [busy, setBusy] = useState(false);
    const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
    const secretShort = secret !== '' && secret.length < WEBHOOK_SECRET_MIN;
    const ready =
        url.trim() !== '' &&
        (webhook ? !secretShort : secret.length >= WEBHOOK_SECRET_MIN) &&
        description.length <= WEBHOOK_DESCRIPTION_MAX;

    const save = async () => {
        setBusy(true);
        setFieldErrors({});
        try {
            if (webhook) {
                const body: WebhookUpdate = {
                    url: url.trim(),
                    description: description.trim(),
                    event_types: types as WebhookUpdate['event_types'],
                };
                if (secret) body.secret = secret;
                await dataProvider.call(`/webhooks/${webhook.id}`, { method: 'PUT', body });
            } else {
                const body: WebhookInput = {
                    url: url.trim(),
                    secret,
                    description: description.trim(),
                    event_types: types as WebhookInput['event_types'],
                };
                await dataProvider.call('/webhooks', { method: 'POST', body });
            }
            notices.success(translate(`${TEXTS}.saved`));
            onSaved();
            onClose();
        } catch (e) {
            // The server's reason per field (an address a cloud platform does not call, a bad URL) goes under the field.
            const fields = (e as { body?: { fields?: Record<string, string> } }).body?.fields;
            if (fields) setFieldErrors(fields);
            else notices.failed(`${TEXTS}.saveFailed`, e);
        } finally {
            setBusy(false);
        }
    };

    return (
        <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-dialog">
            <DialogTitle id="webhook-dialog">{translate(webhook ? `${TEXTS}.edit` : `${TEXTS}.add`)}</DialogTitle>
            <DialogContent>
                <Stack spacing={2} sx={{ pt: 1 }}>
                    <TextField
                        label={translate(`${TEXTS}.fields.url`)}
                        value={url}
                        onChange={e => setUrl(e.target.value)}
                        required
                        autoFocus
                        error={!!fieldErrors.url}
                        helperText={fieldErrors.url ?? translate(`${TEXTS}.urlHelp`)}
                        fullWidth
                    />
                    <TextField
                        label={translate(`${TEXTS}.fields.description`)}
                        value={description}
                        onChange={e => setDescription(e.target.value)}
                        error={description.length > WEBHOOK_DESCRIPTION_MAX}
                        fullWidth
                    />
                    <TextField
                        select
                        label={translate(`${TEXTS}.fields.event_types`)}
                        value={types}
                        onChange={e => setTypes(e.target.value as unknown as string[])}
                        helperText={translate(`${TEXTS}.typesHelp`)}
                        slotProps={{
                            select: {
                                multiple: true,
                                renderValue: value =>
                                    (value as string[]).map(t => translate(`resources.events.types.${t}`, { _: t })).join(', '),
                            },
                        }}
                        fullWidth
                    >
                        {EVENT_TYPES.map(t => (
                            <MenuItem key={t} value={t}>
                                {translate(`resources.events.types.${t}`, { _: t })}
                            </MenuItem>
                        ))}
                    </TextField>
                    <TextField
                        label={translate(`${TEXTS}.fields.secret`)}
                        type="password"
                        value={secret}
                        onChange={e => setSecret(e.target.value)}
                        required={!webhook}
                        error={secretShort || !!fieldErrors.secret}
                        helperText={
                            fieldErrors.secret ??
                            translate(secretShort ? `${TEXTS}.secretShort` : webhook ? `${TEXTS}.secretKeep` : `${TEXTS}.secretHelp`, {
                                min: WEBHOOK_SECRET_MIN,
                            })
                        }
                        autoComplete="new-password"
                        fullWidth
                    />
                    {!webhook && <Alert severity="warning">{translate(`${TEXTS}.secretOnce`)}</Alert>}
                </Stack>
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose} disabled={busy}>
                    {translate('ra.action.cancel')}
                </Button>
                <Button variant="contained" onClick={() => void save()} disabled={busy || !ready}>
                    {translate('ra.action.save')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};

/** A webhook's deliveries, newest first, each with a Replay button for those who may write. */
const DeliveriesDialog = ({ webhook, mayReplay, onClose }: { webhook: Webhook; mayReplay: boolean; onClose: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [deliveries, setDeliveries] = useState<ListReply<Delivery>>();
    const load = useCallback(
        () =>
            dataProvider
                .call<ListReply<Delivery>>(`/webhooks/${webhook.id}/deliveries`, {
                    query: { per_page: LIST_MAX_PAGE_SIZE },
                    noAccount: true,
                })
                .then(setDeliveries)
                .catch(e => notices.failed('layout.failure.text', e)),
        // notices is a new object each render: loading once per webhook is what is meant
        // eslint-disable-next-line react-hooks/exhaustive-deps
        [dataProvider, webhook.id],
    );
    useEffect(() => {
        void load();
    }, [load]);
    const replay = async (d: Delivery) => {
        try {
            await dataProvider.call(`/webhooks/${webhook.id}/deliveries/${d.id}/replay`, { method: 'POST', body: {}, noAccount: true });
            notices.success(translate(`${TEXTS}.deliveries.replayed`, { id: d.id }));
        } catch (e) {
            notices.failed(`${TEXTS}.deliveries.replayFailed`, e);
        }
        await load();
    };
    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="webhook-deliveries">
            <DialogTitle id="webhook-deliveries">{translate(`${TEXTS}.deliveries.title`, { url: webhook.url })}</DialogTitle>
            <DialogContent>
                {webhook.status === 'paused' && <Alert severity="info">{translate(`${TEXTS}.deliveries.pausedNote`)}</Alert>}
                {deliveries && deliveries.result.length === 0 && (
                    <Typography sx={{ pt: 1 }}>{translate(`${TEXTS}.deliveries.empty`)}</Typography>
                )}
                {deliveries && deliveries.result.length > 0 && (
                    <Box sx={{ overflowX: 'auto' }}>
                        <Table size="small" aria-label={translate(`${TEXTS}.deliveries.table`)}>
                            <TableHead>
                                <TableRow>
                                    {['id', 'event', 'status', 'attempts', 'last', 'next_attempt_at', 'created_at'].map(f => (
                                        <TableCell key={f}>{translate(`${TEXTS}.deliveries.fields.${f}`)}</TableCell>
                                    ))}
                                    {mayReplay && <TableCell />}
                                </TableRow>
                            </TableHead>
                            <TableBody>
                                {deliveries.result.map(d => (
                                    <TableRow key={d.id}>
                                        <TableCell sx={{ fontFamily: 'monospace' }}>{d.id}</TableCell>
                                        <TableCell>
                                            {translate(`resources.events.types.${d.event_type}`, { _: d.event_type })}
                                            <Typography variant="body2" color="text.secondary">
                                                #{d.event_id}
                                            </Typography>
                                        </TableCell>
                                        <TableCell>
                                            <Chip
                                                size="small"
                                                color={DELIVERY_COLOR[d.status]}
                                                label={translate(`${TEXTS}.deliveries.status.${d.status}`)}
                                            />
                                        </TableCell>
                                        <TableCell>{d.attempts}</TableCell>
                                        <TableCell>
                                            {d.last_error ?? (d.last_status_code !== null ? `HTTP ${d.last_status_code}` : '')}
                                        </TableCell>
                                        <TableCell>{d.next_attempt_at ? formatDate(d.next_attempt_at) : ''}</TableCell>
                                        <TableCell>{formatDate(d.created_at)}</TableCell>
                                        {mayReplay && (
                                            <TableCell align="right">
                                                <Button
                                                    size="small"
                                                    aria-label={translate(`${TEXTS}.deliveries.replayLabel`, { id: d.id })}
                                                    onClick={() => void replay(d)}
                                                >
                                                    {translate(`${TEXTS}.deliveries.replay`)}
                                                </Button>
                                            </TableCell>
                                        )}
                                    </TableRow>
                                ))}
                            </TableBody>
                        </Table>
                    </Box>
                )}
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('ra.action.close')}</Button>
            </DialogActions>
        </Dialog>
    );
};

/**
 * /webhooks (issue 15): the current account's webhooks (never their secret),
 * each with its status; a paused one says why and can be resumed; its
 * deliveries can be looked at and replayed.
 */
export const WebhooksPage = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const session = useSession();
    const [webhooks, setWebhooks] = useState<Webhook[]>();
    const [failed, setFailed] = useState(false);
    const [editing, setEditing] = useState<Webhook | 'new'>();
    const [deleting, setDeleting] = useState<Webhook>();
    const [watching, setWatching] = useState<Webhook>();

    const load = useCallback(
        () =>
            dataProvider
                .call<ListReply<Webhook>>('/webhooks', { query: { per_page: LIST_MAX_PAGE_SIZE } })
                .then(r => {
                    setWebhooks(r.result);
                    setFailed(false);
                })
                .catch(() => setFailed(true)),
        [dataProvider],
    );
    useEffect(() => {
        void load();
    }, [load]);

    const act = async (run: () => Promise<unknown>, done: string, failure: string) => {
        try {
            await run();
            notices.success(translate(done));
        } catch (e) {
            notices.failed(failure, e);
        }
        await load();
    };
    const resume = (w: Webhook) =>
        act(
            () => dataProvider.call(`/webhooks/${w.id}`, { method: 'PUT', body: { status: 'active' } }),
            `${TEXTS}.resumed`,
            `${TEXTS}.saveFailed`,
        );
    const remove = (w: Webhook) => {
        setDeleting(undefined);
        return act(
            () => dataProvider.call(`/webhooks/${w.id}`, { method: 'DELETE', body: {} }),
            `${TEXTS}.deleted`,
            `${TEXTS}.deleteFailed`,
        );
    };

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
                {failed && <Alert severity="error">{translate('layout.failure.text')}</Alert>}
                {webhooks && webhooks.length === 0 && <Typography>{translate(`${TEXTS}.empty`)}</Typography>}
                {webhooks && webhooks.length > 0 && (
                    <Box sx={{ overflowX: 'auto' }}>
                        <Table size="small" aria-label={translate(`${TEXTS}.name`, { smart_count: 2 })}>
                            <TableHead>
                                <TableRow>
                                    {['description', 'url', 'event_types', 'status', 'created_at'].map(f => (
                                        <TableCell key={f}>{translate(`${TEXTS}.fields.${f}`)}</TableCell>
                                    ))}
                                    <TableCell />
                                </TableRow>
                            </TableHead>
                            <TableBody>
                                {webhooks.map(w => (
                                    <TableRow key={w.id}>
                                        <TableCell>{w.description}</TableCell>
                                        <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{w.url}</TableCell>
                                        <TableCell>
                                            {w.event_types.length
                                                ? w.event_types.map(t => translate(`resources.events.types.${t}`, { _: t })).join(', ')
                                                : translate(`${TEXTS}.allTypes`)}
                                        </TableCell>
                                        <TableCell>
                                            <Chip
                                                size="small"
                                                color={w.status === 'paused' ? 'warning' : 'success'}
                                                label={translate(`${TEXTS}.status.${w.status}`)}
                                            />
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
                                        </TableCell>
                                        <TableCell>{formatDate(w.created_at)}</TableCell>
                                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                                            {mayEdit && w.status === 'paused' && (
                                                <Button
                                                    size="small"
                                                    aria-label={translate(`${TEXTS}.resumeLabel`, { url: w.url })}
                                                    onClick={() => void resume(w)}
                                                >
                                                    {translate(`${TEXTS}.resume`)}
                                                </Button>
                                            )}
                                            <Button
                                                size="small"
                                                aria-label={translate(`${TEXTS}.deliveriesLabel`, { url: w.url })}
                                                onClick={() => setWatching(w)}
                                            >
                                                {translate(`${TEXTS}.deliveries.open`)}
                                            </Button>
                                            {mayEdit && (
                                                <Button
                                                    size="small"
                                                    aria-label={translate(`${TEXTS}.editLabel`, { url: w.url })}
                                                    onClick={() => setEditing(w)}
                                                >
                                                    {translate('ra.action.edit')}
                                                </Button>
                                            )}
                                            {mayDelete && (
                                                <Button
                                                    size="small"
                                                    color="error"
                                                    aria-label={translate(`${TEXTS}.deleteLabel`, { url: w.url })}
                                                    onClick={() => setDeleting(w)}
                                                >
                                                    {translate('ra.action.delete')}
                                                </Button>
                                            )}
                                        </TableCell>
                                    </TableRow>
                                ))}
                            </TableBody>
                        </Table>
                    </Box>
                )}
            </Stack>
            {editing && (
                <WebhookDialog
                    webhook={editing === 'new' ? undefined : editing}
                    onClose={() => setEditing(undefined)}
                    onSaved={() => void load()}
                />
            )}
            {watching && <DeliveriesDialog webhook={watching} mayReplay={mayWrite} onClose={() => setWatching(undefined)} />}
            <Confirm
                isOpen={!!deleting}
                title={`${TEXTS}.confirmDeleteTitle`}
                titleTranslateOptions={{ url: deleting?.url ?? '' }}
                content={`${TEXTS}.confirmDeleteContent`}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void remove(deleting!)}
                onClose={() => setDeleting(undefined)}
            />
        </Box>
    );
};

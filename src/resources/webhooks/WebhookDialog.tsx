import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useTranslate, useUpdate } from 'react-admin';
import { EVENT_TYPES } from '../../../contract/eventTypes';
import {
    WEBHOOK_DESCRIPTION_MAX,
    WEBHOOK_SECRET_MIN,
    type Webhook,
    type WebhookInput,
    type WebhookUpdate,
} from '../../../contract/webhooks';
import { useNotices } from '../../notifications/notices';

const TEXTS = 'resources.webhooks';

/** The event types chosen (none: all), named as the events list names them. */
const EventTypesInput = ({ value, onChange }: { value: string[]; onChange: (types: string[]) => void }) => {
    const translate = useTranslate();
    const name = (t: string) => translate(`resources.events.types.${t}`, { _: t });
    return (
        <TextField
            select
            label={translate(`${TEXTS}.fields.event_types`)}
            value={value}
            onChange={e => onChange(e.target.value as unknown as string[])}
            helperText={translate(`${TEXTS}.typesHelp`)}
            slotProps={{ select: { multiple: true, renderValue: v => (v as string[]).map(name).join(', ') } }}
            fullWidth
        >
            {EVENT_TYPES.map(t => (
                <MenuItem key={t} value={t}>
                    {name(t)}
                </MenuItem>
            ))}
        </TextField>
    );
};

/** The secret: required on create; on edit, typed only to replace it. */
const SecretInput = (props: { editing: boolean; value: string; error?: string; onChange: (secret: string) => void }) => {
    const translate = useTranslate();
    const short = props.value !== '' && props.value.length < WEBHOOK_SECRET_MIN;
    const help = short ? `${TEXTS}.secretShort` : props.editing ? `${TEXTS}.secretKeep` : `${TEXTS}.secretHelp`;
    return (
        <TextField
            label={translate(`${TEXTS}.fields.secret`)}
            type="password"
            value={props.value}
            onChange={e => props.onChange(e.target.value)}
            required={!props.editing}
            error={short || !!props.error}
            helperText={props.error ?? translate(help, { min: WEBHOOK_SECRET_MIN })}
            autoComplete="new-password"
            fullWidth
        />
    );
};

/** Create or edit: URL, what it is for, the event types (none: all), and the secret (on edit: only to replace it). */
export const WebhookDialog = ({ webhook, onClose, onSaved }: { webhook?: Webhook; onClose: () => void; onSaved: () => void }) => {
    const translate = useTranslate();
    const notices = useNotices();
    const queryClient = useQueryClient();
    const [create, { isPending: creating }] = useCreate<Webhook>();
    const [update, { isPending: updating }] = useUpdate<Webhook>();
    const busy = creating || updating;
    const [url, setUrl] = useState(webhook?.url ?? '');
    const [description, setDescription] = useState(webhook?.description ?? '');
    const [types, setTypes] = useState<string[]>(webhook?.event_types ?? []);
    const [secret, setSecret] = useState('');
    const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
    const ready =
        url.trim() !== '' &&
        (webhook ? secret === '' || secret.length >= WEBHOOK_SECRET_MIN : secret.length >= WEBHOOK_SECRET_MIN) &&
        description.length <= WEBHOOK_DESCRIPTION_MAX;

    const options = {
        onSuccess: (saved: Webhook) => {
            // react-admin keeps what was sent as the record's cache: the secret is kept nowhere once sent.
            queryClient.removeQueries({ queryKey: ['webhooks', 'getOne', { id: String(saved.id) }] });
            notices.success(translate(`${TEXTS}.saved`));
            onSaved();
            onClose();
        },
        onError: (e: unknown) => {
            // The server's reason per field (an address a cloud platform does not call, a bad URL) goes under the field.
            const fields = (e as { body?: { fields?: Record<string, string> } }).body?.fields;
            if (fields) setFieldErrors(fields);
            else notices.failed(`${TEXTS}.saveFailed`, e);
        },
    };
    const save = () => {
        setFieldErrors({});
        const common = { url: url.trim(), description: description.trim() };
        if (webhook) {
            const data: WebhookUpdate = { ...common, event_types: types as WebhookUpdate['event_types'] };
            if (secret) data.secret = secret;
            update('webhooks', { id: webhook.id, data, previousData: webhook }, options);
        } else {
            const data: WebhookInput = {
                url: common.url,
                secret,
                description: common.description,
                event_types: types as WebhookInput['event_types'],
            };
            create('webhooks', { data }, options);
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
                    <EventTypesInput value={types} onChange={setTypes} />
                    <SecretInput editing={!!webhook} value={secret} error={fieldErrors.secret} onChange={setSecret} />
                    {!webhook && <Alert severity="warning">{translate(`${TEXTS}.secretOnce`)}</Alert>}
                </Stack>
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose} disabled={busy}>
                    {translate('ra.action.cancel')}
                </Button>
                <Button variant="contained" onClick={save} disabled={busy || !ready}>
                    {translate('ra.action.save')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};

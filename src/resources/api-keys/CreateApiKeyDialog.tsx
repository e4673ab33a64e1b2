import { useState } from 'react';
import {
    Alert,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    IconButton,
    InputAdornment,
    MenuItem,
    Stack,
    TextField,
    Tooltip,
    Typography,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { API_KEY_DESCRIPTION_MAX, type CreatedApiKey } from '../../../contract/apiKeys';
import { assignableRoles, type Role } from '../../../contract/roles';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';

const TEXTS = 'resources.api_keys';

/** The end of the chosen day in the browser's time zone: a key "expiring on the 3rd" works all of the 3rd. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();
const today = () => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

interface Draft {
    description: string;
    role: Role;
    /** a day (yyyy-mm-dd), or empty: no expiry */
    expires: string;
}
const tooLong = (d: Draft) => d.description.length > API_KEY_DESCRIPTION_MAX;
const pastDay = (d: Draft) => d.expires !== '' && d.expires < today();

/** Description, a role the signed-in user may give, an optional last day. */
const DraftFields = ({ draft, roles, onChange }: { draft: Draft; roles: Role[]; onChange: (draft: Draft) => void }) => {
    const translate = useTranslate();
    const long = tooLong(draft);
    const past = pastDay(draft);
    return (
        <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
                label={translate(`${TEXTS}.fields.description`)}
                value={draft.description}
                onChange={e => onChange({ ...draft, description: e.target.value })}
                required
                autoFocus
                error={long}
                helperText={translate(long ? `${TEXTS}.create.tooLong` : `${TEXTS}.create.descriptionHelp`, {
                    max: API_KEY_DESCRIPTION_MAX,
                })}
                fullWidth
            />
            <TextField
                select
                label={translate(`${TEXTS}.fields.role`)}
                value={draft.role}
                onChange={e => onChange({ ...draft, role: e.target.value as Role })}
                helperText={translate(`${TEXTS}.create.roleHelp`)}
                fullWidth
            >
                {roles.map(r => (
                    <MenuItem key={r} value={r}>
                        {translate(`app.roles.${r}`)}
                    </MenuItem>
                ))}
            </TextField>
            <TextField
                type="date"
                label={translate(`${TEXTS}.fields.expires_at`)}
                value={draft.expires}
                onChange={e => onChange({ ...draft, expires: e.target.value })}
                error={past}
                helperText={translate(past ? `${TEXTS}.create.pastDay` : `${TEXTS}.create.expiryHelp`)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
                fullWidth
            />
        </Stack>
    );
};

/** The new key, once, with its copy button and the warning that it will not be shown again. */
const CreatedKey = ({ apiKey }: { apiKey: string }) => {
    const translate = useTranslate();
    const [copied, setCopied] = useState(false);
    const copy = async () => {
        await navigator.clipboard?.writeText(apiKey).catch(() => undefined);
        setCopied(true);
    };
    const copyButton = (
        <InputAdornment position="end">
            <Tooltip title={translate(copied ? `${TEXTS}.created.copied` : `${TEXTS}.created.copy`)}>
                <IconButton aria-label={translate(`${TEXTS}.created.copy`)} onClick={() => void copy()}>
                    <ContentCopy />
                </IconButton>
            </Tooltip>
        </InputAdornment>
    );
    return (
        <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">{translate(`${TEXTS}.created.warning`)}</Alert>
            <TextField
                label={translate(`${TEXTS}.created.key`)}
                value={apiKey}
                fullWidth
                slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' }, endAdornment: copyButton } }}
            />
            {copied && (
                <Typography role="status" variant="body2" color="success.main">
                    {translate(`${TEXTS}.created.copied`)}
                </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
                {translate(`${TEXTS}.created.usage`, { header: 'X-API-Key' })}
            </Typography>
        </Stack>
    );
};

/** "Create API key": the draft; then the key, once. */
export const CreateApiKeyDialog = (props: { accountId: number; actor: Role; onClose: () => void; onCreated: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const roles = assignableRoles(props.actor);
    const [draft, setDraft] = useState<Draft>({
        description: '',
        role: roles.includes('user') ? 'user' : roles[roles.length - 1]!,
        expires: '',
    });
    const create = useMutation({
        mutationFn: (d: Draft) =>
            dataProvider.call<CreatedApiKey>(`/accounts/${props.accountId}/api_keys`, {
                method: 'POST',
                body: { description: d.description.trim(), role: d.role, expires_at: d.expires ? endOfDay(d.expires) : null },
            }),
        onSuccess: props.onCreated,
        onError: e => notices.failed(`${TEXTS}.createFailed`, e),
        // The key stays in this mutation's state only, dropped with the dialog (no cache keeps it after).
        gcTime: 0,
    });
    // Closing the dialog forgets the key for good, so once it is shown only Done closes it (not a click beside
    // it or Escape).
    const created = create.data;
    const busy = create.isPending;
    return (
        <Dialog open onClose={busy || created ? undefined : props.onClose} fullWidth maxWidth="sm" aria-labelledby="create-api-key">
            <DialogTitle id="create-api-key">{translate(created ? `${TEXTS}.created.title` : `${TEXTS}.create.title`)}</DialogTitle>
            <DialogContent>
                {created ? <CreatedKey apiKey={created.key} /> : <DraftFields draft={draft} roles={roles} onChange={setDraft} />}
            </DialogContent>
            <DialogActions>
                {created ? (
                    <Button variant="contained" onClick={props.onClose}>
                        {translate(`${TEXTS}.created.done`)}
                    </Button>
                ) : (
                    <>
                        <Button onClick={props.onClose} disabled={busy}>
                            {translate('ra.action.cancel')}
                        </Button>
                        <Button
                            variant="contained"
                            onClick={() => create.mutate(draft)}
                            disabled={busy || !draft.description.trim() || tooLong(draft) || pastDay(draft)}
                        >
                            {translate(`${TEXTS}.create.run`)}
                        </Button>
                    </>
                )}
            </DialogActions>
        </Dialog>
    );
};

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
    IconButton,
    InputAdornment,
    MenuItem,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    TextField,
    Tooltip,
    Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import { API_KEY_DESCRIPTION_MAX, type ApiKey, type ApiKeyStatus, type CreatedApiKey } from '../../../contract/apiKeys';
import type { ListReply } from '../../../contract/api';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import { can } from '../../../contract/rights';
import { assignableRoles, ROLE_LABELS, type Role } from '../../../contract/roles';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';

const TEXTS = 'resources.api_keys';
const STATUS_COLOR: Record<ApiKeyStatus, 'success' | 'default' | 'error'> = { active: 'success', expired: 'default', revoked: 'error' };

/** The end of the chosen day in the browser's time zone: a key "expiring on the 3rd" works all of the 3rd. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();
const today = () => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** "Create API key": description, a role the signed-in user may give, an optional last day; then the key, once. */
const CreateDialog = ({
    accountId,
    actor,
    onClose,
    onCreated,
}: {
    accountId: number;
    actor: Role;
    onClose: () => void;
    onCreated: () => void;
}) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const roles = assignableRoles(actor);
    const [description, setDescription] = useState('');
    const [role, setRole] = useState<Role>(roles.includes('user') ? 'user' : roles[roles.length - 1]!);
    const [expires, setExpires] = useState('');
    const [busy, setBusy] = useState(false);
    const [created, setCreated] = useState<CreatedApiKey>();
    const [copied, setCopied] = useState(false);
    const tooLong = description.length > API_KEY_DESCRIPTION_MAX;
    const pastDay = expires !== '' && expires < today();

    const create = async () => {
        setBusy(true);
        try {
            const reply = await dataProvider.call<CreatedApiKey>(`/accounts/${accountId}/api_keys`, {
                method: 'POST',
                body: { description: description.trim(), role, expires_at: expires ? endOfDay(expires) : null },
            });
            setCreated(reply);
            onCreated();
        } catch (e) {
            notices.failed(`${TEXTS}.createFailed`, e);
        } finally {
            setBusy(false);
        }
    };
    const copy = async () => {
        await navigator.clipboard?.writeText(created!.key).catch(() => undefined);
        setCopied(true);
    };

    return (
        // The key stays in this dialog's state only: closing it forgets the key for good, so once it is shown
        // only Done closes it (not a click beside it or Escape).
        <Dialog open onClose={busy || created ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="create-api-key">
            <DialogTitle id="create-api-key">{translate(created ? `${TEXTS}.created.title` : `${TEXTS}.create.title`)}</DialogTitle>
            {created ? (
                <DialogContent>
                    <Stack spacing={2} sx={{ pt: 1 }}>
                        <Alert severity="warning">{translate(`${TEXTS}.created.warning`)}</Alert>
                        <TextField
                            label={translate(`${TEXTS}.created.key`)}
                            value={created.key}
                            fullWidth
                            slotProps={{
                                input: {
                                    readOnly: true,
                                    sx: { fontFamily: 'monospace' },
                                    endAdornment: (
                                        <InputAdornment position="end">
                                            <Tooltip title={translate(copied ? `${TEXTS}.created.copied` : `${TEXTS}.created.copy`)}>
                                                <IconButton aria-label={translate(`${TEXTS}.created.copy`)} onClick={() => void copy()}>
                                                    <ContentCopy />
                                                </IconButton>
                                            </Tooltip>
                                        </InputAdornment>
                                    ),
                                },
                            }}
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
                </DialogContent>
            ) : (
                <DialogContent>
                    <Stack spacing={2} sx={{ pt: 1 }}>
                        <TextField
                            label={translate(`${TEXTS}.fields.description`)}
                            value={description}
                            onChange={e => setDescription(e.target.value)}
                            required
                            autoFocus
                            error={tooLong}
                            helperText={
                                tooLong
                                    ? translate(`${TEXTS}.create.tooLong`, { max: API_KEY_DESCRIPTION_MAX })
                                    : translate(`${TEXTS}.create.descriptionHelp`)
                            }
                            fullWidth
                        />
                        <TextField
                            select
                            label={translate(`${TEXTS}.fields.role`)}
                            value={role}
                            onChange={e => setRole(e.target.value as Role)}
                            helperText={translate(`${TEXTS}.create.roleHelp`)}
                            fullWidth
                        >
                            {roles.map(r => (
                                <MenuItem key={r} value={r}>
                                    {ROLE_LABELS[r]}
                                </MenuItem>
                            ))}
                        </TextField>
                        <TextField
                            type="date"
                            label={translate(`${TEXTS}.fields.expires_at`)}
                            value={expires}
                            onChange={e => setExpires(e.target.value)}
                            error={pastDay}
                            helperText={translate(pastDay ? `${TEXTS}.create.pastDay` : `${TEXTS}.create.expiryHelp`)}
                            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
                            fullWidth
                        />
                    </Stack>
                </DialogContent>
            )}
            <DialogActions>
                {created ? (
                    <Button variant="contained" onClick={onClose}>
                        {translate(`${TEXTS}.created.done`)}
                    </Button>
                ) : (
                    <>
                        <Button onClick={onClose} disabled={busy}>
                            {translate('ra.action.cancel')}
                        </Button>
                        <Button
                            variant="contained"
                            onClick={() => void create()}
                            disabled={busy || !description.trim() || tooLong || pastDay}
                        >
                            {translate(`${TEXTS}.create.run`)}
                        </Button>
                    </>
                )}
            </DialogActions>
        </Dialog>
    );
};

/**
 * SPEC 3 account settings "API keys": the account's keys (never their secret,
 * which the server no longer has), a new one shown once, revocation after a
 * confirmation (SPEC: destructive actions ask OK/Cancel).
 */
export const ApiKeysSection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const session = useSession();
    const [keys, setKeys] = useState<ApiKey[]>();
    const [failed, setFailed] = useState(false);
    const [creating, setCreating] = useState(false);
    const [revoking, setRevoking] = useState<ApiKey>();

    const load = useCallback(
        () =>
            dataProvider
                .call<ListReply<ApiKey>>(`/accounts/${accountId}/api_keys`, { query: { per_page: LIST_MAX_PAGE_SIZE }, noAccount: true })
                .then(r => {
                    setKeys(r.result);
                    setFailed(false);
                })
                .catch(() => setFailed(true)),
        [dataProvider, accountId],
    );
    useEffect(() => {
        void load();
    }, [load]);

    const revoke = async (key: ApiKey) => {
        setRevoking(undefined);
        try {
            await dataProvider.call(`/accounts/${accountId}/api_keys/${key.id}`, { method: 'DELETE', body: {} });
            notices.success(translate(`${TEXTS}.revoked`, { description: key.description }));
        } catch (e) {
            notices.failed(`${TEXTS}.revokeFailed`, e);
        }
        await load();
    };

    if (failed) return <Alert severity="error">{translate('layout.failure.text')}</Alert>;
    if (!keys || !session) return null;
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
                {keys.length === 0 ? (
                    <Typography>{translate(`${TEXTS}.empty`)}</Typography>
                ) : (
                    <Box sx={{ overflowX: 'auto' }}>
                        <Table size="small" aria-label={translate(`${TEXTS}.section`)}>
                            <TableHead>
                                <TableRow>
                                    {['description', 'role', 'prefix', 'created', 'expires_at', 'last_used', 'status'].map(f => (
                                        <TableCell key={f}>{translate(`${TEXTS}.fields.${f}`)}</TableCell>
                                    ))}
                                    {mayRevoke && <TableCell />}
                                </TableRow>
                            </TableHead>
                            <TableBody>
                                {keys.map(k => (
                                    <TableRow key={k.id}>
                                        <TableCell>{k.description}</TableCell>
                                        <TableCell>{ROLE_LABELS[k.role]}</TableCell>
                                        <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{k.prefix}…</TableCell>
                                        <TableCell>
                                            {k.created_by_name}
                                            <Typography variant="body2" color="text.secondary">
                                                {formatDate(k.created_at)}
                                            </Typography>
                                        </TableCell>
                                        <TableCell>{k.expires_at ? formatDate(k.expires_at) : translate(`${TEXTS}.never`)}</TableCell>
                                        <TableCell>
                                            {k.last_used_at ? (
                                                <>
                                                    {formatDate(k.last_used_at)}
                                                    <Typography variant="body2" color="text.secondary">
                                                        {k.last_used_ip}
                                                    </Typography>
                                                </>
                                            ) : (
                                                translate(`${TEXTS}.neverUsed`)
                                            )}
                                        </TableCell>
                                        <TableCell>
                                            <Chip
                                                size="small"
                                                color={STATUS_COLOR[k.status]}
                                                label={translate(`${TEXTS}.status.${k.status}`)}
                                            />
                                        </TableCell>
                                        {mayRevoke && (
                                            <TableCell align="right">
                                                {k.status !== 'revoked' && (
                                                    <Button
                                                        color="error"
                                                        size="small"
                                                        aria-label={translate(`${TEXTS}.revoke.label`, { description: k.description })}
                                                        onClick={() => setRevoking(k)}
                                                    >
                                                        {translate(`${TEXTS}.revoke.run`)}
                                                    </Button>
                                                )}
                                            </TableCell>
                                        )}
                                    </TableRow>
                                ))}
                            </TableBody>
                        </Table>
                    </Box>
                )}
            </Stack>
            {creating && (
                <CreateDialog accountId={accountId} actor={session.role} onClose={() => setCreating(false)} onCreated={() => void load()} />
            )}
            <Confirm
                isOpen={!!revoking}
                title={`${TEXTS}.revoke.confirmTitle`}
                titleTranslateOptions={{ description: revoking?.description ?? '' }}
                content={`${TEXTS}.revoke.confirmContent`}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void revoke(revoking!)}
                onClose={() => setRevoking(undefined)}
            />
        </Box>
    );
};

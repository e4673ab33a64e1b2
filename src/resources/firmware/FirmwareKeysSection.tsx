import { useState, type FormEvent } from 'react';
import { Box, Button, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ListReply } from '../../../contract/api';
import { firmwareKeyInput, FIRMWARE_KEY_MESSAGES, type FirmwareKeyRecord } from '../../../contract/firmware';
import { can } from '../../../contract/rights';
import { fieldErrors, MESSAGES } from '../../../contract/validation';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { LoadFailure } from '../../components/LoadFailure';
import { useQuickView } from '../../components/quickView';
import { useConfirmedDelete } from '../../lists/useConfirmedDelete';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';

/** The contract's texts for this form, as i18n keys. */
const KEYS: Record<string, string> = {
    [MESSAGES.nameRequired]: 'resources.deployments.errors.nameRequired',
    [FIRMWARE_KEY_MESSAGES.notAKey]: 'resources.firmware_keys.errors.notAKey',
    [FIRMWARE_KEY_MESSAGES.unsupported]: 'resources.firmware_keys.errors.unsupported',
    [FIRMWARE_KEY_MESSAGES.duplicate]: 'resources.firmware_keys.errors.duplicate',
};

const KeyForm = ({ accountId, onDone }: { accountId: number; onDone: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [name, setName] = useState('');
    const [pem, setPem] = useState('');
    const [tried, setTried] = useState(false);
    const [server, setServer] = useState<Record<string, string>>({});
    const parsed = firmwareKeyInput.safeParse({ name, pem, account_id: accountId });
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...server };
    const shown = (key: string) => (tried && errors[key] ? translate(KEYS[errors[key]] ?? errors[key], { _: errors[key] }) : undefined);
    const submit = async (e: FormEvent) => {
        e.preventDefault();
        setTried(true);
        if (!parsed.success) return;
        try {
            const created = await dataProvider.call<FirmwareKeyRecord>('/firmware_keys', { method: 'POST', body: parsed.data });
            notices.created(created.id);
            onDone();
        } catch (error) {
            const reply = (error as { body?: { error?: string; fields?: Record<string, string> } }).body;
            setServer(reply?.fields ?? (reply?.error ? { pem: reply.error } : {}));
            notices.createFailed('firmware_keys', error);
        }
    };
    return (
        <Box component="form" onSubmit={submit} noValidate sx={{ p: 2, display: 'grid', gap: 2 }}>
            <TextField
                label={translate('resources.firmware_keys.fields.name')}
                value={name}
                onChange={e => setName(e.target.value)}
                error={!!shown('name')}
                helperText={shown('name') ?? ' '}
                size="small"
                required
            />
            <TextField
                label={translate('resources.firmware_keys.fields.pem')}
                value={pem}
                onChange={e => {
                    setPem(e.target.value);
                    setServer({});
                }}
                error={!!shown('pem')}
                helperText={shown('pem') ?? translate('resources.firmware_keys.pemHelp')}
                multiline
                minRows={8}
                required
                slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 12 } } }}
            />
            <Box>
                <Button type="submit" variant="contained">
                    {translate('resources.firmware_keys.add')}
                </Button>
            </Box>
        </Box>
    );
};

/** Account settings section: the public keys that verify firmware signatures here and below (SPEC 3 signed flag). */
export const FirmwareKeysSection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const session = useSession();
    const { open, close } = useQuickView();
    const { data, error, refetch, isPending } = useQuery({
        queryKey: ['firmware_keys', accountId],
        queryFn: () => dataProvider.call<ListReply<FirmwareKeyRecord>>('/firmware_keys', { query: { account_id: accountId } }),
    });
    const removal = useConfirmedDelete<FirmwareKeyRecord>(
        'firmware_keys',
        accountId,
        translate('resources.firmware_keys.deleteWarning'),
        () => void refetch(),
    );
    const mayWrite = !!session && can(session.role, 'artifacts', 'write');
    return (
        <Box sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
                <Typography color="text.secondary" sx={{ flex: 1 }}>
                    {translate('resources.firmware_keys.intro')}
                </Typography>
                {mayWrite && (
                    <Button
                        startIcon={<Add />}
                        onClick={() =>
                            open(
                                translate('resources.firmware_keys.add'),
                                <KeyForm
                                    accountId={accountId}
                                    onDone={() => {
                                        close();
                                        void refetch();
                                    }}
                                />,
                            )
                        }
                    >
                        {translate('resources.firmware_keys.add')}
                    </Button>
                )}
            </Box>
            {isPending && <LinearProgress />}
            {error && <LoadFailure onRefresh={() => void refetch()} />}
            {data && data.result.length === 0 && <Typography sx={{ py: 2 }}>{translate('resources.firmware_keys.empty')}</Typography>}
            {data && data.result.length > 0 && (
                <Table size="small" aria-label={translate('resources.firmware_keys.section')}>
                    <TableHead>
                        <TableRow>
                            {['name', 'algorithm', 'fingerprint', 'created_at'].map(c => (
                                <TableCell key={c}>{translate(`resources.firmware_keys.fields.${c}`)}</TableCell>
                            ))}
                            <TableCell />
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {data.result.map(k => (
                            <TableRow key={k.id}>
                                <TableCell>
                                    {k.name}
                                    {k.inherited && (
                                        <Chip
                                            size="small"
                                            variant="outlined"
                                            sx={{ ml: 1 }}
                                            label={translate('resources.firmware_keys.inherited', { account: k.account_name })}
                                        />
                                    )}
                                </TableCell>
                                <TableCell>{k.details}</TableCell>
                                <TableCell sx={{ fontFamily: 'monospace', fontSize: 11, wordBreak: 'break-all', maxWidth: 300 }}>
                                    {k.fingerprint}
                                </TableCell>
                                <TableCell>{formatDate(k.created_at)}</TableCell>
                                <TableCell>{mayWrite && !k.inherited && removal.button(k)}</TableCell>
                            </TableRow>
                        ))}
                    </TableBody>
                </Table>
            )}
            {removal.dialog}
        </Box>
    );
};

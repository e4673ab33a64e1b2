import { useState } from 'react';
import {
    Alert,
    Box,
    Button as MuiButton,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    LinearProgress,
    List,
    ListItem,
    ListItemText,
    MenuItem,
    Stack,
    TextField,
    Typography,
} from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { Button, useTranslate } from 'react-admin';
import type { OptOutImportResult } from '../../../contract/cards';
import { can } from '../../../contract/rights';
import { useAccountScope } from '../../lists/accountScope';
import { useCallMutation } from '../../lists/useCallMutation';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { useCardFormats } from './BadgeFields';
import { CARD_LIST_SORT, CardListScreen } from './CardListScreen';
import { useFormAccount } from './FormAccount';

/** POST /opt_out/csv: the account (as the list's add form has it), a file, the format of lines without one, then what the import did, line by line. */
const ImportDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
    const translate = useTranslate();
    const account = useFormAccount(useAccountScope(CARD_LIST_SORT));
    const formats = useCardFormats(account.id);
    const [file, setFile] = useState<File | null>(null);
    const [formatId, setFormatId] = useState<number | ''>('');
    const importing = useCallMutation({
        call: (dataProvider, form: FormData) => dataProvider.multipart<OptOutImportResult>(`/opt_out/csv?account_id=${account.id}`, form),
        reloads: ['opt_out', 'profiles'],
        failed: 'resources.opt_out.importTitle',
    });
    // What the import did, until another file is chosen or the dialog closes.
    const result = importing.data;
    const t = (key: string, options?: object) => translate(`resources.opt_out.${key}`, options);
    const send = () => {
        // The account first and in the query: the server knows where the lines go before the file arrives.
        const form = new FormData();
        form.append('account_id', String(account.id));
        if (formatId) form.append('card_format_id', String(formatId));
        form.append('file', file!);
        importing.mutate(form);
    };
    const close = () => {
        setFile(null);
        importing.reset();
        onClose();
    };
    return (
        <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="opt-out-import-title">
            <DialogTitle id="opt-out-import-title">{t('importTitle')}</DialogTitle>
            <DialogContent>
                <Stack spacing={2}>
                    <Typography variant="body2" color="text.secondary">
                        {t('importHelp')}
                    </Typography>
                    {account.field}
                    <Box>
                        <MuiButton component="label" variant="outlined" startIcon={<UploadFile />}>
                            {file ? file.name : t('chooseFile')}
                            <input
                                hidden
                                type="file"
                                accept=".csv,text/csv"
                                onChange={e => {
                                    setFile(e.target.files?.[0] ?? null);
                                    importing.reset();
                                }}
                            />
                        </MuiButton>
                    </Box>
                    <TextField
                        select
                        size="small"
                        label={t('defaultFormat')}
                        value={formats.some(f => f.id === formatId) ? formatId : ''}
                        onChange={e => setFormatId(Number(e.target.value))}
                    >
                        {formats.map(f => (
                            <MenuItem key={f.id} value={f.id}>
                                {f.name}
                            </MenuItem>
                        ))}
                    </TextField>
                    {importing.isPending && <LinearProgress aria-label={t('importing')} />}
                    {result && (
                        <Alert severity={result.refused.length ? 'warning' : 'success'} role="status">
                            {t('result', {
                                lines: result.lines,
                                added: result.added,
                                already: result.already,
                                deleted: result.profiles_deleted,
                            })}
                        </Alert>
                    )}
                    {result && result.refused.length > 0 && (
                        <Box>
                            <Typography variant="subtitle2">
                                {t('refusedTitle', { smart_count: result.refused.length + result.refused_more })}
                            </Typography>
                            <List dense sx={{ maxHeight: 240, overflow: 'auto' }}>
                                {result.refused.map(r => (
                                    <ListItem key={`${r.line}-${r.reason}`} disableGutters>
                                        <ListItemText primary={t('line', { line: r.line })} secondary={r.reason} />
                                    </ListItem>
                                ))}
                                {result.refused_more > 0 && (
                                    <ListItem disableGutters>
                                        <ListItemText secondary={t('refusedMore', { count: result.refused_more })} />
                                    </ListItem>
                                )}
                            </List>
                        </Box>
                    )}
                </Stack>
            </DialogContent>
            <DialogActions>
                <MuiButton onClick={close}>{translate('ra.action.close')}</MuiButton>
                <MuiButton variant="contained" disabled={!file || !account.id || importing.isPending} onClick={send}>
                    {t('import')}
                </MuiButton>
            </DialogActions>
        </Dialog>
    );
};

/** /opt_out: Bio opt-out (SPEC 2.2): the badges of people who refuse biometric enrollment, one at a time or from a CSV. */
export const OptOutList = () => {
    const translate = useTranslate();
    const session = useSession();
    const notices = useNotices();
    const [importing, setImporting] = useState(false);
    if (!session) return null;
    const mayWrite = can(session.role, 'optOut', 'write');
    const importButton = (variant?: 'outlined') => (
        <Button key="import" variant={variant} label="resources.opt_out.import" onClick={() => setImporting(true)}>
            <UploadFile />
        </Button>
    );
    return (
        <>
            <CardListScreen
                resource="opt_out"
                texts="resources.opt_out"
                title={translate('resources.opt_out.name', { smart_count: 2 })}
                mayWrite={mayWrite}
                confirmAdd={{ title: 'resources.opt_out.confirmAdd', content: 'resources.opt_out.confirmAddContent' }}
                onAdded={reply => notices.success(translate('resources.opt_out.added', { smart_count: reply.profiles_deleted ?? 0 }))}
                actions={mayWrite ? [importButton()] : []}
                emptyActions={importButton('outlined')}
            />
            <ImportDialog open={importing} onClose={() => setImporting(false)} />
        </>
    );
};

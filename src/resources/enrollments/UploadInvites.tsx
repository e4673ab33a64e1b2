import { useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { InviteBatch, InviteCsvCheck, InviteCsvRefusal } from '../../../contract/enrollments';
import type { ConsoleDataProvider } from '../../dataProvider';
import { CheckedLines } from './CheckedLines';

/**
 * /web-enrollments-create/csv: Upload CSV File (SPEC 2.2). A chosen file's
 * lines show at once with each one's check (nothing kept, nothing sent); a
 * file whose every line passes is then sent in the background and its
 * progress shows here.
 */
export const UploadInvites = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const queryClient = useQueryClient();
    const [file, setFile] = useState<File | null>(null);
    const [busy, setBusy] = useState(false);
    const [refusal, setRefusal] = useState<InviteCsvRefusal>();
    const [problem, setProblem] = useState<string>();
    const [batch, setBatch] = useState<InviteBatch>();
    const [checked, setChecked] = useState<InviteCsvCheck>();
    const t = (key: string, options?: object) => translate(`resources.web_enrollments.upload.${key}`, options);
    useEffect(() => {
        if (!batch || batch.pending === 0) return;
        // Once only invitations waiting for the mail server are left, their next tries are minutes apart.
        const timer = setTimeout(
            () => {
                dataProvider
                    .call<InviteBatch>(`/web-enrollments/batches/${batch.id}`)
                    .then(setBatch)
                    .catch(() => undefined);
            },
            batch.pending > batch.waiting ? 1000 : 30_000,
        );
        return () => clearTimeout(timer);
    }, [batch, dataProvider]);
    // Tried once each: what is left waits for the mail server, on its own (sender.ts).
    const tried = !!batch && batch.pending === batch.waiting;
    useEffect(() => {
        if (tried) void queryClient.invalidateQueries({ queryKey: ['web-enrollments'] });
    }, [tried, batch?.pending, queryClient]);
    /** Sends the file to `path`; a refusal listing the file's lines shows them, any other says what the server said. */
    const upload = async <T,>(path: string, chosen: File, took: (reply: T) => void) => {
        const form = new FormData();
        form.append('file', chosen);
        setBusy(true);
        setRefusal(undefined);
        setProblem(undefined);
        try {
            took(await dataProvider.multipart<T>(path, form));
        } catch (e) {
            const body = (e as { body?: Partial<InviteCsvRefusal> }).body;
            if (body?.refused) setRefusal(body as InviteCsvRefusal);
            else setProblem(body?.error ?? (e as Error).message);
        } finally {
            setBusy(false);
        }
    };
    const check = (chosen: File) => upload<InviteCsvCheck>('/web-enrollments/csv/check', chosen, setChecked);
    const send = () => upload<InviteBatch>('/web-enrollments/csv', file!, setBatch);
    const done = batch ? batch.total - batch.pending : 0;
    return (
        <Box sx={{ p: 2, maxWidth: 760 }}>
            <Title title={t('title')} />
            <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                    {t('help')}
                </Typography>
                <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13 }}>
                    {
                        'name,email,badge_number,facility_code,card_format\nAda Lovelace,ada@example.com,1234,100,26-bit H10301\nAlan Turing,alan@example.com,,,'
                    }
                </Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Button component="label" variant="outlined" startIcon={<UploadFile />}>
                        {file ? file.name : t('choose')}
                        <input
                            hidden
                            type="file"
                            accept=".csv,text/csv"
                            onChange={e => {
                                const chosen = e.target.files?.[0] ?? null;
                                setFile(chosen);
                                setBatch(undefined);
                                setRefusal(undefined);
                                setChecked(undefined);
                                if (chosen) void check(chosen);
                                // the same file chosen again after it was edited is read again
                                e.target.value = '';
                            }}
                        />
                    </Button>
                    <Button variant="contained" disabled={!checked || checked.refused > 0 || busy || !!batch} onClick={() => void send()}>
                        {checked && !checked.refused ? t('sendCount', { smart_count: checked.lines }) : t('send')}
                    </Button>
                </Stack>
                {busy && <LinearProgress aria-label={t('checking')} />}
                {problem && <Alert severity="error">{problem}</Alert>}
                {checked && !batch && <CheckedLines checked={checked} />}
                {refusal && (
                    <Alert severity="error" role="alert">
                        {refusal.error}
                        <List dense sx={{ maxHeight: 280, overflow: 'auto' }}>
                            {refusal.refused.map(r => (
                                <ListItem key={`${r.line}-${r.reason}`} disableGutters>
                                    <ListItemText primary={t('line', { line: r.line })} secondary={r.reason} />
                                </ListItem>
                            ))}
                        </List>
                    </Alert>
                )}
                {batch && (
                    <Stack spacing={1} role="status">
                        <Typography variant="body2">{t('progress', { done, total: batch.total, failed: batch.failed })}</Typography>
                        {batch.waiting > 0 && (
                            <Typography variant="body2" color="warning.main">
                                {t('waiting', { smart_count: batch.waiting })}
                            </Typography>
                        )}
                        <LinearProgress
                            variant="determinate"
                            value={batch.total ? (100 * done) / batch.total : 100}
                            aria-label={t('progressLabel')}
                        />
                        {tried && (
                            <Button component={RouterLink} to="/web-enrollments" sx={{ alignSelf: 'flex-start' }}>
                                {t('toList')}
                            </Button>
                        )}
                    </Stack>
                )}
            </Stack>
        </Box>
    );
};

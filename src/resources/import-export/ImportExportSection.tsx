import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import { PLATFORM_DATA_MAX_BYTES, type ImportExportAction } from '../../../contract/importExport';
import { MULTIPART_UPLOAD_TIMEOUT_MS } from '../../../contract/constants';
import type { ConsoleDataProvider } from '../../dataProvider';
import { saveFile } from '../../dataProvider/files';
import { useNotices } from '../../notifications/notices';
import { readReply } from './fileId';

const TEXTS = 'resources.import_export';

/**
 * The SPEC 7.2 calls of one account: the form of POST /import_export/import
 * (account_id in the query and first in the form, DESIGN.md uploads), and the
 * download of the file it made.
 */
const useImportExport = (accountId: number) => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const send = async (action: ImportExportAction, file?: File) => {
        const form = new FormData();
        form.append('account_id', String(accountId));
        form.append('action', action);
        if (file) form.append('file', file);
        const reply = await dataProvider.call<string>('/import_export/import', {
            method: 'POST',
            query: { account_id: accountId },
            body: form,
            noAccount: true,
            timeout: MULTIPART_UPLOAD_TIMEOUT_MS,
        });
        const read = readReply(reply);
        // A reply without a file id is not what this server answers: it is shown as the failure it is.
        if (!read.fileId) throw new Error(read.text || 'Response error');
        return read as { fileId: string; text: string };
    };
    const download = (fileId: string, fallback: string) =>
        dataProvider
            .download('/import_export_file', { file_id: fileId, account_id: accountId })
            .then(file => saveFile(file, fallback))
            .catch(e => notices.failed(`${TEXTS}.downloadFailed`, e));
    return { send, download, notices };
};

/** "Export this account's data": platform_data.zip made by the server, then downloaded. */
const ExportData = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const { send, download, notices } = useImportExport(accountId);
    const [busy, setBusy] = useState(false);
    const [fileId, setFileId] = useState<string>();
    const run = async () => {
        setBusy(true);
        setFileId(undefined);
        try {
            setFileId((await send('export')).fileId);
        } catch (e) {
            notices.failed(`${TEXTS}.export.failed`, e);
        } finally {
            setBusy(false);
        }
    };
    return (
        <Stack spacing={2} component="section" aria-labelledby="export-data">
            <Typography variant="h6" component="h2" id="export-data">
                {translate(`${TEXTS}.export.title`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
                {translate(`${TEXTS}.export.help`)}
            </Typography>
            <Box>
                <Button variant="contained" disabled={busy} onClick={() => void run()}>
                    {translate(`${TEXTS}.export.run`)}
                </Button>
            </Box>
            {busy && <LinearProgress aria-label={translate(`${TEXTS}.export.working`)} />}
            {fileId && (
                <Alert
                    severity="success"
                    role="status"
                    action={
                        <Button color="inherit" startIcon={<Download />} onClick={() => void download(fileId, 'platform_data.zip')}>
                            {translate(`${TEXTS}.export.download`)}
                        </Button>
                    }
                >
                    {translate(`${TEXTS}.export.ready`)}
                </Alert>
            )}
        </Stack>
    );
};

/** "Import a platform_data.zip": after a confirmation of what it adds, the server's summary and its report. */
const ImportData = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const queryClient = useQueryClient();
    const { send, download, notices } = useImportExport(accountId);
    const [file, setFile] = useState<File | null>(null);
    const [asking, setAsking] = useState(false);
    const [busy, setBusy] = useState(false);
    const [result, setResult] = useState<{ fileId: string; text: string }>();
    const tooLarge = !!file && file.size > PLATFORM_DATA_MAX_BYTES;
    const run = async () => {
        setAsking(false);
        setBusy(true);
        setResult(undefined);
        try {
            setResult(await send('import', file!));
            setFile(null);
            // SPEC 4.4: what the import added shows in every list (the session itself has not changed).
            void queryClient.invalidateQueries({ predicate: q => q.queryKey[0] !== 'auth' });
        } catch (e) {
            notices.failed(`${TEXTS}.import.failed`, e);
        } finally {
            setBusy(false);
        }
    };
    return (
        <Stack spacing={2} component="section" aria-labelledby="import-data">
            <Typography variant="h6" component="h2" id="import-data">
                {translate(`${TEXTS}.import.title`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
                {translate(`${TEXTS}.import.help`)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={busy}>
                    {file ? file.name : translate(`${TEXTS}.import.choose`)}
                    <input
                        hidden
                        type="file"
                        accept=".zip,application/zip"
                        onChange={e => {
                            setFile(e.target.files?.[0] ?? null);
                            setResult(undefined);
                            // the same file may be chosen again after an import
                            e.target.value = '';
                        }}
                    />
                </Button>
                <Button variant="contained" disabled={!file || tooLarge || busy} onClick={() => setAsking(true)}>
                    {translate(`${TEXTS}.import.run`)}
                </Button>
            </Stack>
            {tooLarge && (
                <Alert severity="error">{translate(`${TEXTS}.import.tooLarge`, { mb: PLATFORM_DATA_MAX_BYTES / 1024 / 1024 })}</Alert>
            )}
            {busy && <LinearProgress aria-label={translate(`${TEXTS}.import.working`)} />}
            {result && (
                <Alert severity="success" role="status">
                    <AlertTitle>{translate(`${TEXTS}.import.done`)}</AlertTitle>
                    <Typography variant="body2">{result.text}</Typography>
                    <Button
                        color="inherit"
                        size="small"
                        startIcon={<Download />}
                        sx={{ mt: 1, ml: -0.5 }}
                        onClick={() => void download(result.fileId, 'import_report.csv')}
                    >
                        {translate(`${TEXTS}.import.report`)}
                    </Button>
                </Alert>
            )}
            <Confirm
                isOpen={asking}
                title={`${TEXTS}.import.confirmTitle`}
                content={`${TEXTS}.import.confirmContent`}
                titleTranslateOptions={{ file: file?.name ?? '' }}
                confirm={`${TEXTS}.import.run`}
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void run()}
                onClose={() => setAsking(false)}
            />
        </Stack>
    );
};

/** SPEC 3 account settings "import/export": the account's data out, and a file of it in. */
export const ImportExportSection = ({ accountId }: { accountId: number }) => (
    <Box sx={{ p: 2, maxWidth: 720 }}>
        <Stack spacing={3} divider={<Divider flexItem />}>
            <ExportData accountId={accountId} />
            <ImportData accountId={accountId} />
        </Stack>
    </Box>
);

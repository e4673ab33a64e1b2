import { useState } from 'react';
import {
    Box,
    Button,
    Card,
    CardContent,
    Chip,
    IconButton,
    LinearProgress,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Tooltip,
    Typography,
} from '@mui/material';
import Backup from '@mui/icons-material/Backup';
import Download from '@mui/icons-material/Download';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { BackupInfo, StoredBackup } from '../../../contract/system';
import type { ConsoleDataProvider } from '../../dataProvider';
import { saveFile, stampedName } from '../../dataProvider/files';
import { formatDate, formatFileSize } from '../../i18n/format';
import { LoadFailure } from '../../components/LoadFailure';
import { useNotices } from '../../notifications/notices';
import { BACKUP_INFO_KEY, backupCalls } from './backupCalls';
import { ServerProblem } from './ServerProblem';

const STATE_COLORS = { writing: 'info', verified: 'success', failed: 'error' } as const;
/** While a backup is being written its size grows: the list is read again each second; otherwise each minute, for the next one. */
const WRITING_POLL_MS = 1000;
const IDLE_POLL_MS = 60_000;

const useT = () => {
    const translate = useTranslate();
    return (key: string, options?: object) => translate(`system.backups.${key}`, options);
};

const Schedule = ({ info }: { info: BackupInfo }) => {
    const t = useT();
    const rows: [string, string][] = [
        [t('folder'), info.directory],
        [t('schedule'), info.every_hours > 0 ? t('every', { smart_count: info.every_hours }) : t('off')],
        [t('kept'), t('keep', { smart_count: info.keep })],
    ];
    if (info.next_at) rows.push([t('next'), formatDate(info.next_at)]);
    return (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            {rows.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                        {label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
                        {value}
                    </Typography>
                </Box>
            ))}
        </Box>
    );
};

/** What a backup holds: its tables and rows (each table's count in the tooltip), its files. */
const Contents = ({ backup }: { backup: StoredBackup }) => {
    const t = useT();
    if (!backup.tables || !backup.files) return <>-</>;
    const tables = Object.entries(backup.tables);
    const rows = tables.reduce((sum, [, n]) => sum + n, 0);
    return (
        <Box sx={{ whiteSpace: 'nowrap' }}>
            <Tooltip title={tables.map(([name, n]) => `${name}: ${n}`).join(', ')}>
                <span>
                    {t('tables', { smart_count: tables.length })} · {t('rows', { smart_count: rows })}
                </span>
            </Tooltip>
            <br />
            {t('files', { smart_count: backup.files.count })} ({formatFileSize(backup.files.bytes)})
        </Box>
    );
};

const BackupRow = ({ backup, onDownload }: { backup: StoredBackup; onDownload: (name: string) => void }) => {
    const t = useT();
    return (
        <TableRow>
            <TableCell>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {backup.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                    {t(backup.scheduled ? 'scheduled' : 'byHand')}
                </Typography>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(backup.created_at)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFileSize(backup.bytes)}</TableCell>
            <TableCell>
                <Chip size="small" color={STATE_COLORS[backup.state]} label={t(`states.${backup.state}`)} />
                {backup.failure && (
                    <Typography variant="caption" color="error" component="div" sx={{ mt: 0.5, maxWidth: 320 }}>
                        {backup.failure}
                    </Typography>
                )}
            </TableCell>
            <TableCell>
                {backup.sha256 ? (
                    <Tooltip title={backup.sha256}>
                        <Box component="span" sx={{ fontFamily: 'monospace' }}>
                            {backup.sha256.slice(0, 12)}…
                        </Box>
                    </Tooltip>
                ) : (
                    '-'
                )}
            </TableCell>
            <TableCell>
                <Contents backup={backup} />
            </TableCell>
            <TableCell padding="checkbox">
                {backup.state === 'verified' && (
                    <Tooltip title={t('download', { name: backup.name })}>
                        <IconButton onClick={() => onDownload(backup.name)}>
                            <Download />
                        </IconButton>
                    </Tooltip>
                )}
            </TableCell>
        </TableRow>
    );
};

const BackupTable = ({ backups, onDownload }: { backups: StoredBackup[]; onDownload: (name: string) => void }) => {
    const t = useT();
    if (!backups.length) return <Typography color="text.secondary">{t('empty')}</Typography>;
    return (
        <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
                <TableHead>
                    <TableRow>
                        {(['name', 'created_at', 'bytes', 'state', 'sha256', 'contents'] as const).map(f => (
                            <TableCell key={f}>{t(`fields.${f}`)}</TableCell>
                        ))}
                        <TableCell padding="checkbox" />
                    </TableRow>
                </TableHead>
                <TableBody>
                    {backups.map(b => (
                        <BackupRow key={b.name} backup={b} onDownload={onDownload} />
                    ))}
                </TableBody>
            </Table>
        </Box>
    );
};

/**
 * The backups of the whole platform (admin only): one made now into the
 * backup folder or downloaded as it is read, the folder's backups with their
 * checks, and the schedule.
 */
export const KeptBackups = ({ onBackingUp }: { onBackingUp: (busy: boolean) => void }) => {
    const t = useT();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const calls = backupCalls(dataProvider);
    const queryClient = useQueryClient();
    const notices = useNotices();
    const [backingUp, setBackingUp] = useState(false);
    const [downloading, setDownloading] = useState(false);
    // A refusal in the server's words: a failed backup, or a download refused for want of disk space (507).
    const [problem, setProblem] = useState<{ title: string; error: unknown }>();
    const info = useQuery({
        queryKey: BACKUP_INFO_KEY,
        queryFn: ({ signal }) => calls.info(signal),
        refetchInterval: query =>
            backingUp || query.state.data?.backups.some(b => b.state === 'writing') ? WRITING_POLL_MS : IDLE_POLL_MS,
    });

    const backUp = async () => {
        setBackingUp(true);
        onBackingUp(true);
        setProblem(undefined);
        // the backup being written shows in the list at once, its size growing
        setTimeout(() => void info.refetch(), 300);
        try {
            const made = await calls.backUp();
            notices.success(t('done'), made.name);
        } catch (error) {
            setProblem({ title: 'system.backups.failed', error });
        } finally {
            setBackingUp(false);
            onBackingUp(false);
            void info.refetch();
            void queryClient.invalidateQueries({ queryKey: ['audit_logs'] });
        }
    };

    const download = async (name?: string) => {
        setDownloading(true);
        setProblem(undefined);
        try {
            saveFile(await (name ? calls.downloadKept(name) : calls.downloadNow()), name ?? stampedName('backup', 'tar'));
        } catch (error) {
            // The server says what the backup needs and what is free: the operator acts on those figures.
            if ((error as { status?: number }).status === 507) setProblem({ title: 'system.backups.downloadFailed', error });
            else notices.failed('system.backups.downloadFailed', error);
        } finally {
            setDownloading(false);
        }
    };

    return (
        <Card component="section" aria-labelledby="backups-title">
            <CardContent>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
                    <Typography id="backups-title" variant="h6" component="h2">
                        {t('title')}
                    </Typography>
                    <Stack direction="row" spacing={1}>
                        <Button variant="contained" startIcon={<Backup />} disabled={backingUp} onClick={() => void backUp()}>
                            {t(backingUp ? 'backingUp' : 'backUpNow')}
                        </Button>
                        <Button variant="outlined" startIcon={<Download />} disabled={downloading} onClick={() => void download()}>
                            {t(downloading ? 'downloading' : 'downloadNow')}
                        </Button>
                    </Stack>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    {t('intro')}
                </Typography>
                {(backingUp || downloading) && <LinearProgress sx={{ mb: 2 }} aria-label={t(backingUp ? 'backingUp' : 'downloading')} />}
                {problem && (
                    <Box sx={{ mb: 2 }}>
                        <ServerProblem title={problem.title} error={problem.error} fallback="system.noAnswer" />
                    </Box>
                )}
                {info.error ? (
                    <LoadFailure onRefresh={() => void info.refetch()} />
                ) : info.data ? (
                    <Stack spacing={2}>
                        <Schedule info={info.data} />
                        <BackupTable backups={info.data.backups} onDownload={name => void download(name)} />
                    </Stack>
                ) : (
                    <LinearProgress />
                )}
            </CardContent>
        </Card>
    );
};

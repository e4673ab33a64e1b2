import { useState } from 'react';
import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import Restore from '@mui/icons-material/Restore';
import UploadFile from '@mui/icons-material/UploadFile';
import { Confirm, useDataProvider, useLogout, useTranslate } from 'react-admin';
import { BACKUP_MESSAGES } from '../../../contract/system';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate, formatFileSize } from '../../i18n/format';
import { serverText, useNotices } from '../../notifications/notices';
import { backupCalls } from './backupCalls';
import { ServerProblem } from './ServerProblem';

type Stage =
    | { kind: 'idle' }
    | { kind: 'confirm' }
    /** the server answered that the backup is another platform's: asked again before it is sent with other_platform */
    | { kind: 'otherPlatform' }
    | { kind: 'sending'; percent: number }
    | { kind: 'restoring' };

/** After a restore every session has ended: sign-in again, back to this screen. */
const SIGN_IN_AGAIN = `/login?redirect_url=${encodeURIComponent('/backup_and_restore')}`;

const isOtherPlatform = (error: unknown) =>
    (error as { status?: number }).status === 409 && serverText(error) === BACKUP_MESSAGES.otherPlatform;

/**
 * Restore from a file (admin only): a .tar chosen here, confirmed (the whole
 * platform is replaced, everyone signed out), sent with its progress; a
 * backup of another platform is confirmed a second time. Once restored the
 * user is signed out and sent to sign in, with a notice saying why.
 */
export const RestoreFromFile = ({ disabled }: { disabled: boolean }) => {
    const translate = useTranslate();
    const t = (key: string, options?: object) => translate(`system.restore.${key}`, options);
    const calls = backupCalls(useDataProvider<ConsoleDataProvider>());
    const notices = useNotices();
    const logout = useLogout();
    const [file, setFile] = useState<File | null>(null);
    const [stage, setStage] = useState<Stage>({ kind: 'idle' });
    const [problem, setProblem] = useState<unknown>();

    const restore = async (otherPlatform: boolean) => {
        if (!file) return;
        setProblem(undefined);
        setStage({ kind: 'sending', percent: 0 });
        try {
            const report = await calls.restore(file, {
                otherPlatform,
                onProgress: p =>
                    setStage(
                        p.loaded >= p.total
                            ? { kind: 'restoring' }
                            : { kind: 'sending', percent: Math.floor((100 * p.loaded) / Math.max(1, p.total)) },
                    ),
            });
            notices.success(t('doneTitle'), t('done', { date: formatDate(report.restored_from.created_at) }));
            await logout({}, SIGN_IN_AGAIN, false);
        } catch (error) {
            if (!otherPlatform && isOtherPlatform(error)) {
                setStage({ kind: 'otherPlatform' });
                return;
            }
            setStage({ kind: 'idle' });
            setProblem(error);
        }
    };

    const busy = stage.kind === 'sending' || stage.kind === 'restoring';
    return (
        <Card component="section" aria-labelledby="restore-title">
            <CardContent>
                <Typography id="restore-title" variant="h6" component="h2" sx={{ mb: 1 }}>
                    {t('title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    {t('intro')}
                </Typography>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                    <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={busy}>
                        {t('choose')}
                        <input
                            hidden
                            type="file"
                            accept=".tar,application/x-tar"
                            aria-label={t('file')}
                            onChange={e => {
                                setFile(e.target.files?.[0] ?? null);
                                setProblem(undefined);
                                // the same file chosen again still counts as a choice
                                e.target.value = '';
                            }}
                        />
                    </Button>
                    <Typography data-testid="chosen-backup" color={file ? undefined : 'text.secondary'}>
                        {file ? `${file.name} (${formatFileSize(file.size)})` : t('noFile')}
                    </Typography>
                    <Button
                        variant="contained"
                        color="warning"
                        startIcon={<Restore />}
                        disabled={!file || busy || disabled}
                        onClick={() => setStage({ kind: 'confirm' })}
                    >
                        {t('restore')}
                    </Button>
                </Stack>
                {stage.kind === 'sending' && (
                    <Box sx={{ mt: 2 }} role="status">
                        <LinearProgress variant="determinate" value={stage.percent} aria-label={t('sending', { percent: stage.percent })} />
                        <Typography variant="caption">{t('sending', { percent: stage.percent })}</Typography>
                    </Box>
                )}
                {stage.kind === 'restoring' && (
                    <Box sx={{ mt: 2 }} role="status">
                        <LinearProgress aria-label={t('restoring')} />
                        <Typography variant="caption">{t('restoring')}</Typography>
                    </Box>
                )}
                {problem !== undefined && (
                    <Box sx={{ mt: 2 }}>
                        <ServerProblem title="system.restore.failed" error={problem} fallback="system.noAnswer" />
                    </Box>
                )}
            </CardContent>
            <Confirm
                isOpen={stage.kind === 'confirm'}
                title="system.restore.confirmTitle"
                content="system.restore.confirmContent"
                contentTranslateOptions={{ file: file?.name }}
                confirm="system.restore.confirm"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void restore(false)}
                onClose={() => setStage({ kind: 'idle' })}
            />
            <Confirm
                isOpen={stage.kind === 'otherPlatform'}
                title="system.restore.otherTitle"
                content="system.restore.otherContent"
                contentTranslateOptions={{ file: file?.name }}
                confirm="system.restore.otherConfirm"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void restore(true)}
                onClose={() => setStage({ kind: 'idle' })}
            />
        </Card>
    );
};

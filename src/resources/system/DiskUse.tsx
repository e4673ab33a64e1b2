import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import Refresh from '@mui/icons-material/Refresh';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { DiskUsage } from '../../../contract/system';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate, formatFileSize } from '../../i18n/format';
import { LoadFailure } from '../../components/LoadFailure';
import { backupCalls } from './backupCalls';

/** Below this share of free space the card warns, before the server's own reserve refuses writes (docs/ops.md, Disk space). */
const WARN_FREE_SHARE = 0.1;

/** Each part's size and file count, as a definition list. */
const PartList = ({ parts }: { parts: DiskUsage['parts'] }) => {
    const translate = useTranslate();
    return (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            {parts.map(part => (
                <Box key={part.part} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                        {translate(`system.disk.parts.${part.part}`)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                        {formatFileSize(part.bytes)}
                    </Typography>
                    <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                        {part.files === null ? '' : translate('system.disk.files', { smart_count: part.files })}
                    </Typography>
                </Box>
            ))}
        </Box>
    );
};

/**
 * What takes the data volume (GET /system/disk/usage): the database, the
 * stored files by kind, the backups; free space, with a warning when it runs
 * short; with the files in a bucket, what they take there, apart. The server
 * measures at most every five minutes; Refresh measures now.
 */
export const DiskUse = () => {
    const translate = useTranslate();
    const t = (key: string, options?: object) => translate(`system.disk.${key}`, options);
    const calls = backupCalls(useDataProvider<ConsoleDataProvider>());
    const usage = useQuery({ queryKey: ['system', 'disk', 'usage'], queryFn: ({ signal }) => calls.diskUsage(false, signal) });
    const refresh = useQuery({
        queryKey: ['system', 'disk', 'usage', 'fresh'],
        queryFn: ({ signal }) => calls.diskUsage(true, signal),
        enabled: false,
    });
    const data: DiskUsage | undefined = refresh.data ?? usage.data;
    const used = data ? data.total_bytes - data.free_bytes : 0;
    const short = data && (data.low || data.free_bytes < data.total_bytes * WARN_FREE_SHARE);
    return (
        <Card component="section" aria-labelledby="disk-use-title">
            <CardContent>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                    <Typography id="disk-use-title" variant="h6" component="h2">
                        {t('title')}
                    </Typography>
                    <Button startIcon={<Refresh />} onClick={() => void refresh.refetch()} disabled={refresh.isFetching}>
                        {t('refresh')}
                    </Button>
                </Stack>
                {usage.isError && !data ? <LoadFailure onRefresh={() => void usage.refetch()} /> : null}
                {!data ? (
                    usage.isError ? null : (
                        <LinearProgress aria-label={t('title')} />
                    )
                ) : (
                    <>
                        {short ? (
                            <Alert severity={data.low ? 'error' : 'warning'} sx={{ mb: 1 }}>
                                {t(data.low ? 'low' : 'short', { free: formatFileSize(data.free_bytes) })}
                            </Alert>
                        ) : null}
                        <Typography variant="body2" sx={{ mb: 0.5 }}>
                            {t('volume', {
                                used: formatFileSize(used),
                                total: formatFileSize(data.total_bytes),
                                free: formatFileSize(data.free_bytes),
                            })}
                        </Typography>
                        <LinearProgress
                            variant="determinate"
                            value={data.total_bytes ? Math.min(100, (used / data.total_bytes) * 100) : 0}
                            color={short ? 'warning' : 'primary'}
                            aria-label={t('usedShare')}
                            sx={{ height: 8, borderRadius: 1, mb: 1.5 }}
                        />
                        {data.bucket ? (
                            <>
                                <PartList parts={data.parts.filter(p => !p.in_bucket)} />
                                <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5, mb: 0.5, overflowWrap: 'anywhere' }}>
                                    {t('inBucket', { bucket: data.bucket })}
                                </Typography>
                                <PartList parts={data.parts.filter(p => p.in_bucket)} />
                            </>
                        ) : (
                            <PartList parts={data.parts} />
                        )}
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                            {t('measured', { at: formatDate(data.measured_at) })}
                        </Typography>
                    </>
                )}
            </CardContent>
        </Card>
    );
};

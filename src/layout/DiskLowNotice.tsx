import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { DiskStatus } from '../../contract/system';
import type { ConsoleDataProvider } from '../dataProvider';
import { formatFileSize } from '../i18n/format';
import { useSession } from '../session/useSession';

/** How often the console asks; a refused save (507) says the same at once. */
export const DISK_POLL_MS = 60_000;

/**
 * Above every screen while the server is short of disk space: saves are
 * refused (507) or event images are not kept. Everyone signed in sees it,
 * since everyone's saves are refused.
 */
export const DiskLowNotice = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    // The layout draws before react-admin's sign-in check ends: asking then would be refused (401) on the way to the sign-in page.
    const signedIn = useSession() !== undefined;
    const { data } = useQuery({
        enabled: signedIn,
        queryKey: ['system', 'disk'],
        queryFn: ({ signal }) => dataProvider.call<DiskStatus>('/system/disk', { signal }),
        refetchInterval: DISK_POLL_MS,
    });
    if (!data || (!data.low && !data.images_paused)) return null;
    const figures = {
        free: formatFileSize(data.free_bytes),
        total: formatFileSize(data.total_bytes),
        reserve: formatFileSize(data.reserve_bytes),
    };
    return (
        <Alert severity={data.low ? 'error' : 'warning'} sx={{ mb: 1 }} role="alert">
            {translate(data.low ? 'layout.diskLow.writesRefused' : 'layout.diskLow.imagesPaused', figures)}
        </Alert>
    );
};

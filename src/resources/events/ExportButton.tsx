import { useState } from 'react';
import Download from '@mui/icons-material/Download';
import { format } from 'date-fns';
import { Button, useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { requestIdOf } from '../../dataProvider/http';
import { useNotices } from '../../notifications/notices';

/** SPEC 9: the default export file name is timestamp-based. */
export const exportFileName = (now = new Date()) => `events-logs-${format(now, 'yyyyMMdd-HHmmss')}.zip`;

/** Saves a blob under a file name, as a download. */
export const saveBlob = (blob: Blob, name: string) => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    // let the browser start reading it before it goes
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
};

/** GET /events/export for the list's current filter: a zip (CSV and images), SPEC 7.2. */
export const ExportButton = () => {
    const translate = useTranslate();
    const { filterValues } = useListContext();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [busy, setBusy] = useState(false);
    const exportZip = async () => {
        setBusy(true);
        try {
            const blob = await dataProvider.download('/events/export', {
                ...filterValues,
                // the CSV's times in the user's time zone
                timezone_offset: new Date().getTimezoneOffset(),
            });
            saveBlob(blob, exportFileName());
        } catch (e) {
            const status = (e as { status?: number }).status;
            notices.error({
                title: translate('resources.events.export.failed'),
                description: status !== undefined && status >= 500 ? translate('notices.serverError') : (e as Error).message,
                requestId: requestIdOf(e),
            });
        } finally {
            setBusy(false);
        }
    };
    return (
        <Button label="app.export" onClick={() => void exportZip()} disabled={busy}>
            <Download />
        </Button>
    );
};

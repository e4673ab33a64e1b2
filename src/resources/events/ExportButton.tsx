import { useState } from 'react';
import Download from '@mui/icons-material/Download';
import { Button, useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { saveFile, stampedName } from '../../dataProvider/files';
import { requestIdOf } from '../../dataProvider/http';
import { useNotices } from '../../notifications/notices';

/** SPEC 9: the default export file name is timestamp-based. */
export const exportFileName = (now = new Date()) => stampedName('events-logs', 'zip', now);

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
            saveFile(blob, exportFileName());
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

import { useState } from 'react';
import Download from '@mui/icons-material/Download';
import { Button, useDataProvider, useListContext } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { saveFile } from '../dataProvider/files';
import type { Query } from '../dataProvider/http';
import { useNotices } from '../notifications/notices';
import { scopeFilter } from './accountScope';

/**
 * A list's export of its current filter (GET {path} with the filters and the list's account scope): the
 * file under the server's name, else `fileName()`; a failure titled
 * `failedTitle`.
 */
export const ExportButton = ({
    path,
    fileName,
    failedTitle,
    extraQuery,
}: {
    path: string;
    fileName: () => string;
    failedTitle: string;
    extraQuery?: () => Query;
}) => {
    const { filterValues } = useListContext();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [busy, setBusy] = useState(false);
    const download = async () => {
        setBusy(true);
        try {
            saveFile(
                await dataProvider.download(path, { ...filterValues, ...scopeFilter(filterValues.account_id), ...extraQuery?.() } as Query),
                fileName(),
            );
        } catch (e) {
            notices.failed(failedTitle, e);
        } finally {
            setBusy(false);
        }
    };
    return (
        <Button label="app.export" onClick={() => void download()} disabled={busy}>
            <Download />
        </Button>
    );
};

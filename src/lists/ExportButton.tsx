import { useState } from 'react';
import Download from '@mui/icons-material/Download';
import { Tooltip } from '@mui/material';
import { Button, useDataProvider, useListContext, useTranslate } from 'react-admin';
import { can, type Resource } from '../../contract/rights';
import type { ConsoleDataProvider } from '../dataProvider';
import { saveFile } from '../dataProvider/files';
import type { Query } from '../dataProvider/http';
import { useNotices } from '../notifications/notices';
import { useSession } from '../session/useSession';
import { scopeFilter } from './accountScope';

/**
 * A list's export of its current filter (GET {path} with the filters and the list's account scope): the
 * file under the server's name, else `fileName()`; a failure titled
 * `failedTitle`. The button stays in sight but disabled, saying why, when the role has no export right
 * on `resource` (the server's rule for the route, contract/rights.ts) or when the filter matches no row
 * (an empty file would tell nothing).
 */
export const ExportButton = ({
    resource,
    path,
    fileName,
    failedTitle,
    extraQuery,
}: {
    resource: Resource;
    path: string;
    fileName: () => string;
    failedTitle: string;
    extraQuery?: () => Query;
}) => {
    const { filterValues, total } = useListContext();
    const session = useSession();
    const translate = useTranslate();
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
    const refusal = !session
        ? undefined
        : !can(session.role, resource, 'export')
          ? translate('app.exports.notAllowed', { role: translate(`app.roles.${session.role}`) })
          : total === 0
            ? translate('app.exports.nothing')
            : undefined;
    return (
        // A disabled button gets no pointer or keyboard focus: the reason hangs on a focusable wrapper so it still shows.
        <Tooltip title={refusal ?? ''}>
            <span tabIndex={refusal ? 0 : undefined}>
                <Button label="app.export" onClick={() => void download()} disabled={busy || !session || !!refusal}>
                    <Download />
                </Button>
            </span>
        </Tooltip>
    );
};

import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import {
    Datagrid,
    FunctionField,
    ListBase,
    Pagination,
    TextField as TextCell,
    useDataProvider,
    useListContext,
    useTranslate,
} from 'react-admin';
import { ACS_LOG_ACTIONS, ACS_LOG_LEVELS, type AcsLogRecord } from '../../../contract/acsIntegration';
import { DEFAULT_PAGE_SIZE } from '../../../contract/constants';
import type { ConsoleDataProvider } from '../../dataProvider';
import { saveFile } from '../../dataProvider/files';
import { formatDate } from '../../i18n/format';
import { PAGE_SIZES } from '../../lists/listQuery';
import { useNotices } from '../../notifications/notices';
import { LOG_RESOURCE, T } from './acsQueries';
import { Heading } from './Heading';

const L = `${T}.log`;
const FILTERS = ['level', 'action', 'acs_id'] as const;
const LEVEL_COLORS: Partial<Record<AcsLogRecord['level'], string>> = { error: 'error.main', warning: 'warning.main' };

/** The filters that are set, as the list and the export send them. */
const setFilters = (values: Record<string, unknown>) =>
    Object.fromEntries(FILTERS.flatMap(k => (typeof values[k] === 'string' && values[k].trim() !== '' ? [[k, values[k]]] : [])));

/** Level, action and ACS id filters, and the CSV export with the same filters. */
const LogFilters = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const dp = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const { filterValues, setFilters: apply } = useListContext();
    const value = (key: (typeof FILTERS)[number]) => (filterValues[key] as string | undefined) ?? '';
    // at once, as the fields change (react-admin's own filters wait 500 ms)
    const filter = (key: (typeof FILTERS)[number], v: string) => apply(setFilters({ ...filterValues, [key]: v }), undefined, false);
    const exportCsv = () =>
        dp
            .download('/acs-integration/logs/export', { account_id: accountId, ...setFilters(filterValues) })
            .then(file => saveFile(file, 'acs-integration-logs.csv'))
            .catch(e => notices.failed(`${L}.exportFailed`, e));
    const select = (key: 'level' | 'action', choices: readonly string[], width: number) => (
        <TextField
            select
            size="small"
            sx={{ minWidth: width }}
            label={translate(`${L}.${key}`)}
            value={value(key)}
            onChange={e => filter(key, e.target.value)}
        >
            <MenuItem value="">{translate(`${L}.any`)}</MenuItem>
            {choices.map(c => (
                <MenuItem key={c} value={c}>
                    {translate(`${L}.${key}s.${c}`)}
                </MenuItem>
            ))}
        </TextField>
    );
    return (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {select('level', ACS_LOG_LEVELS, 140)}
            {select('action', ACS_LOG_ACTIONS, 180)}
            <TextField
                size="small"
                label={translate(`${L}.acs_id`)}
                value={value('acs_id')}
                onChange={e => filter('acs_id', e.target.value)}
            />
            <Button startIcon={<Download />} onClick={() => void exportCsv()}>
                {translate('ra.action.export')}
            </Button>
        </Stack>
    );
};

/** The page of the log, newest first. */
const LogRows = () => {
    const translate = useTranslate();
    return (
        <>
            <Datagrid
                bulkActionButtons={false}
                rowClick={false}
                size="small"
                aria-label={translate(`${L}.title`)}
                empty={<Typography sx={{ p: 2 }}>{translate(`${L}.empty`)}</Typography>}
            >
                <FunctionField label={`${L}.at`} sortable={false} render={(r: AcsLogRecord) => formatDate(r.at)} />
                <FunctionField
                    label={`${L}.level`}
                    sortable={false}
                    render={(r: AcsLogRecord) => (
                        <Box component="span" sx={{ color: LEVEL_COLORS[r.level] }}>
                            {translate(`${L}.levels.${r.level}`)}
                        </Box>
                    )}
                />
                <FunctionField
                    label={`${L}.action`}
                    sortable={false}
                    render={(r: AcsLogRecord) => translate(`${L}.actions.${r.action}`, { _: r.action })}
                />
                <TextCell source="acs_id" label={`${L}.acs_id`} sortable={false} emptyText="" />
                <TextCell source="message" label={`${L}.message`} sortable={false} />
            </Datagrid>
            <Pagination rowsPerPageOptions={PAGE_SIZES} />
        </>
    );
};

/**
 * The integration log (GET /acs-integration/logs as a react-admin list):
 * filters, pages, and the CSV export; a failure to read it is a notice with
 * its request id.
 */
export const IntegrationLog = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const notices = useNotices();
    return (
        <Stack spacing={2} component="section" aria-labelledby="acs-log">
            <Heading id="acs-log">{translate(`${L}.title`)}</Heading>
            <ListBase
                resource={LOG_RESOURCE}
                filter={{ account_id: accountId }}
                sort={{ field: 'at', order: 'DESC' }}
                perPage={DEFAULT_PAGE_SIZE}
                disableSyncWithLocation
                storeKey={false}
                queryOptions={{ onError: e => notices.failed(`${L}.loadFailed`, e) }}
            >
                <LogFilters accountId={accountId} />
                <LogRows />
            </ListBase>
        </Stack>
    );
};

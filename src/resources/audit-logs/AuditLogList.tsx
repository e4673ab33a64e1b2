import { Box, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import {
    Button,
    Datagrid,
    FilterButton,
    FunctionField,
    SearchInput,
    SelectInput,
    TextField,
    TextInput,
    TopToolbar,
    useDataProvider,
    useListContext,
    useNotify,
    useTranslate,
    type RaRecord,
} from 'react-admin';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, type AuditLog } from '../../../contract/auditLogs';
import { QUICK_DATE_RANGES } from '../../../contract/constants';
import type { ConsoleDataProvider } from '../../dataProvider';
import { saveFile, stampedName } from '../../dataProvider/files';
import { formatDate } from '../../i18n/format';
import { useQuickView } from '../../components/quickView';
import { accountColumn, accountScopeFilter, scopeFilter, useAccountScope, type AccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { auditSentence } from './auditSentence';
import { ListEmpty } from '../../lists/ListEmpty';

const SORT = { field: 'timestamp', order: 'DESC' } as const;

/** Start of today, or of N days back (SPEC 9 quick date ranges), as an ISO date the server filters on. */
export const rangeStart = (days: number, now = new Date()) => {
    const start = new Date(now);
    start.setHours(0, 0, 0, 0);
    start.setDate(start.getDate() - days);
    return start.toISOString();
};

const rangeChoices = () => QUICK_DATE_RANGES.map(r => ({ id: rangeStart(r.days), name: `resources.audit_logs.ranges.${r.key}` }));

const filters = (scope: AccountScope) => [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="date_from" source="date_from" choices={rangeChoices()} alwaysOn />,
    ...accountScopeFilter(scope),
    <SelectInput
        key="resource"
        source="resource"
        choices={AUDIT_RESOURCES.map(id => ({ id, name: `resources.audit_logs.resourceNames.${id}` }))}
    />,
    <SelectInput
        key="action"
        source="action"
        choices={AUDIT_ACTIONS.map(id => ({ id, name: `resources.audit_logs.actionNames.${id}` }))}
    />,
    <TextInput key="entity" source="entity" />,
];

/** GET /audit_logs/export with the list's filters and account scope, saved as audit-logs-<timestamp>.csv. */
const ExportCsv = () => {
    const { filterValues } = useListContext();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notify = useNotify();
    const exportCsv = async () => {
        try {
            saveFile(
                await dataProvider.download('/audit_logs/export', { ...filterValues, ...scopeFilter(filterValues.account_id) }),
                stampedName('audit-logs', 'csv'),
            );
        } catch (e) {
            notify((e as Error).message, { type: 'error' });
        }
    };
    return (
        <Button label="app.export" onClick={() => void exportCsv()}>
            <Download />
        </Button>
    );
};

const Json = ({ label, value }: { label: string; value: unknown }) => (
    <Box sx={{ mb: 2 }}>
        <Typography variant="subtitle2">{label}</Typography>
        <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflow: 'auto' }}>
            {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
        </Box>
    </Box>
);

const AuditDetails = ({ log }: { log: AuditLog }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ p: 2 }}>
            <Typography variant="body2" sx={{ mb: 2 }}>
                {auditSentence(translate, log)}
                <br />
                {formatDate(log.timestamp)} · {log.entity}
                {log.entity_id ? ` #${log.entity_id}` : ''}
                <br />
                {translate('resources.audit_logs.fields.request_id')}: {log.request_id ?? '-'} · IP {log.ip ?? '-'}
            </Typography>
            <Json label={translate('resources.audit_logs.before')} value={log.before} />
            <Json label={translate('resources.audit_logs.after')} value={log.after} />
        </Box>
    );
};

/**
 * /audit_logs (SPEC 2.2), and the trail another screen shows under its own
 * title (`embedded`), starting from its `defaultFilter` (Backup and Restore:
 * resource=system, entity=System Manager) in the list's default accounts.
 */
export const AuditLogList = ({ defaultFilter, embedded = false }: { defaultFilter?: Record<string, string>; embedded?: boolean }) => {
    const translate = useTranslate();
    const { open } = useQuickView();
    const scope = useAccountScope(SORT);
    return (
        <AppList
            resource="audit_logs"
            sort={SORT}
            title={embedded ? false : translate('resources.audit_logs.name', { smart_count: 2 })}
            filters={filters(scope)}
            filterDefaultValues={defaultFilter || scope.defaults ? { ...defaultFilter, ...scope.defaults } : undefined}
            permanentFilter={scope.permanentFilter}
            empty={false}
            actions={
                <TopToolbar>
                    <FilterButton />
                    <ExportCsv />
                </TopToolbar>
            }
        >
            <Datagrid
                bulkActionButtons={false}
                rowClick={(_id, _r, record: RaRecord) => {
                    open(translate('resources.audit_logs.details'), <AuditDetails log={record as unknown as AuditLog} />);
                    return false;
                }}
                empty={<ListEmpty text="resources.audit_logs.listEmpty" />}
            >
                <FunctionField source="timestamp" render={(r: AuditLog) => formatDate(r.timestamp)} />
                {scope.spansAccounts && accountColumn()}
                <TextField source="user_name" emptyText="-" />
                <FunctionField
                    source="action"
                    render={(r: AuditLog) => translate(`resources.audit_logs.actionNames.${r.action}`, { _: r.action })}
                />
                <FunctionField
                    source="resource"
                    render={(r: AuditLog) => translate(`resources.audit_logs.resourceNames.${r.resource}`, { _: r.resource })}
                />
                <FunctionField
                    source="entity"
                    label="resources.audit_logs.fields.entry"
                    render={(r: AuditLog) => auditSentence(translate, r)}
                />
            </Datagrid>
        </AppList>
    );
};

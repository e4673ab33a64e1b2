import { Box, Chip, Typography } from '@mui/material';
import AddLink from '@mui/icons-material/AddLink';
import { Datagrid, FilterButton, FunctionField, SearchInput, SelectInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { can } from '../../../contract/rights';
import type { ReaderRecord } from '../../../contract/readers';
import { formatDate } from '../../i18n/format';
import { QuickViewButton, useQuickView } from '../../components/quickView';
import { accountColumn, accountScopeFilter, useAccountScope, type AccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ListEmpty } from '../../lists/ListEmpty';
import { useSession } from '../../session/useSession';
import { ReaderDrawerForm } from './ReaderForm';

const SORT = { field: 'description', order: 'ASC' } as const;

const readerFilters = (scope: AccountScope) => [
    <SearchInput key="q" source="q" alwaysOn />,
    ...accountScopeFilter(scope),
    <SelectInput
        key="linked"
        source="linked"
        label="resources.readers.filters.linked"
        choices={[
            { id: 'true', name: 'resources.readers.filters.linkedYes' },
            { id: 'false', name: 'resources.readers.filters.linkedNo' },
        ]}
    />,
];

/** Opens the create drawer, which adds the reader to the list's account (see useCreateAccount). */
const AddReaderButton = ({ accountFilter }: { accountFilter: string | undefined }) => {
    const translate = useTranslate();
    return (
        <QuickViewButton
            label={translate('resources.readers.create')}
            create
            icon={<AddLink />}
            render={done => <ReaderDrawerForm onDone={done} accountFilter={accountFilter} />}
        />
    );
};

const STATUS_COLOURS = { online: 'success', offline: 'default', pending: 'warning', rejected: 'error' } as const;

const LinkedDevice = ({ reader }: { reader: ReaderRecord }) => {
    const translate = useTranslate();
    if (!reader.device)
        return (
            <Typography variant="body2" color="text.secondary">
                {translate('resources.readers.notLinked')}
            </Typography>
        );
    return (
        <Box>
            <Typography variant="body2">{reader.device.description || reader.device.hardware_id}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                {reader.device.hardware_id}
            </Typography>
        </Box>
    );
};

/** /readers (SPEC 2.2 [readers]): the ACS readers of the list's accounts and the devices that serve them. */
export const ReaderList = () => {
    const session = useSession();
    const translate = useTranslate();
    const { open, close } = useQuickView();
    const scope = useAccountScope(SORT);
    if (!session) return null;
    const mayWrite = can(session.role, 'devices', 'write');
    const add = mayWrite && <AddReaderButton accountFilter={scope.accountId} />;
    return (
        <AppList
            sort={SORT}
            filters={readerFilters(scope)}
            filterDefaultValues={scope.defaults}
            permanentFilter={scope.permanentFilter}
            // the list, its filters and Add button even before the first reader
            empty={false}
            title={translate('resources.readers.name', { smart_count: 2 })}
            actions={
                <TopToolbar>
                    <FilterButton />
                    {add}
                </TopToolbar>
            }
        >
            <Datagrid
                bulkActionButtons={false}
                rowClick={id => {
                    if (mayWrite) open(translate('resources.readers.edit'), <ReaderDrawerForm id={id} onDone={close} />);
                    return false;
                }}
                empty={
                    <ListEmpty text={mayWrite ? 'resources.readers.listEmpty.write' : 'resources.readers.listEmpty.read'}>{add}</ListEmpty>
                }
            >
                <TextField source="description" />
                {scope.spansAccounts && accountColumn()}
                <FunctionField source="device" sortBy="device" render={(r: ReaderRecord) => <LinkedDevice reader={r} />} />
                <FunctionField
                    source="status"
                    sortable={false}
                    render={(r: ReaderRecord) =>
                        r.device ? (
                            <Chip
                                size="small"
                                color={STATUS_COLOURS[r.device.status]}
                                label={translate(`resources.readers.statuses.${r.device.status}`)}
                            />
                        ) : null
                    }
                />
                <FunctionField source="updated_at" render={(r: ReaderRecord) => formatDate(r.updated_at)} />
            </Datagrid>
        </AppList>
    );
};

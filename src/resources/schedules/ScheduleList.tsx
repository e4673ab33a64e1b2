import { Datagrid, FunctionField, NumberField, SearchInput, TextField, TopToolbar, CreateButton, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { can } from '../../../contract/rights';
import type { ScheduleRecord } from '../../../contract/schedules';
import { formatDate } from '../../i18n/format';
import { accountColumn, accountScopeFilter, useAccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { UndoableDeleteButton } from '../../lists/UndoableDeleteButton';
import { UndoableBulkDeleteButton } from '../../lists/UndoableBulkDeleteButton';
import { ListEmpty } from '../../lists/ListEmpty';
import { createPath, useCreateAccount } from '../../lists/createsIn';
import { useSession } from '../../session/useSession';
import { CREATE_SHORTCUT } from '../../components/shortcutTarget';

const SORT = { field: 'name', order: 'ASC' } as const;

/** /schedules: the schedules of the list's accounts by name; a row opens the schedule with its week view. */
export const ScheduleList = () => {
    const session = useSession();
    const translate = useTranslate();
    const scope = useAccountScope(SORT);
    const account = useCreateAccount(scope.accountId);
    if (!session) return null;
    const mayWrite = can(session.role, 'schedules', 'write');
    // The create page adds the schedule to the list's account (see useCreateAccount) and says which.
    const add = mayWrite && (
        <CreateButton label="resources.schedules.add" {...CREATE_SHORTCUT} to={createPath('/schedules/create', account)} />
    );
    return (
        <AppList
            sort={SORT}
            // the list, its filters and Add button even before the first schedule
            empty={false}
            filters={[<SearchInput key="q" source="q" alwaysOn />, ...accountScopeFilter(scope)]}
            filterDefaultValues={scope.defaults}
            permanentFilter={scope.permanentFilter}
            title={translate('resources.schedules.name', { smart_count: 2 })}
            actions={<TopToolbar>{add}</TopToolbar>}
        >
            <Datagrid
                bulkActionButtons={mayWrite ? <UndoableBulkDeleteButton /> : false}
                rowClick="edit"
                empty={
                    <ListEmpty text={mayWrite ? 'resources.schedules.listEmpty.write' : 'resources.schedules.listEmpty.read'}>
                        {add}
                    </ListEmpty>
                }
            >
                <TextField source="name" />
                {scope.spansAccounts && accountColumn({ sortable: true })}
                <TextField source="time_zone" />
                <NumberField source="groups_count" />
                <FunctionField source="created_at" render={(r: ScheduleRecord) => formatDate(r.created_at)} />
                {mayWrite && (
                    <FunctionField
                        label=""
                        render={() => (
                            // the row's click stays here; the server refuses (409) a schedule groups still follow, and says so:
                            // the row comes back after the undo notice, with that reason
                            <Box onClick={e => e.stopPropagation()} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                                <UndoableDeleteButton />
                            </Box>
                        )}
                    />
                )}
            </Datagrid>
        </AppList>
    );
};

import { Chip } from '@mui/material';
import GroupAdd from '@mui/icons-material/GroupAdd';
import {
    DatagridConfigurable,
    FilterButton,
    FunctionField,
    NumberField,
    ReferenceField,
    SearchInput,
    TextField,
    TopToolbar,
    useTranslate,
} from 'react-admin';
import type { AccessGroupRecord } from '../../../contract/access-groups';
import { can } from '../../../contract/rights';
import { formatDate } from '../../i18n/format';
import { QuickViewButton } from '../../components/quickView';
import { accountColumn, accountScopeFilter, useAccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ColumnsButton, columnsKey } from '../../lists/columns';
import { hideBelow } from '../../lists/hideBelow';
import { ListEmpty } from '../../lists/ListEmpty';
import { UndoableBulkDeleteButton } from '../../lists/UndoableBulkDeleteButton';
import { useSession } from '../../session/useSession';
import { AccessGroupDrawerForm } from './AccessGroupForm';
import { GroupRowActions } from './GroupActions';

const SORT = { field: 'default_group', order: 'DESC' } as const;

/** Opens the create drawer, which adds the group to the list's account (see useCreateAccount). */
const AddGroupButton = ({ accountFilter }: { accountFilter: string | undefined }) => {
    const translate = useTranslate();
    return (
        <QuickViewButton
            label={translate('resources.access_groups.add')}
            create
            icon={<GroupAdd />}
            render={done => <AccessGroupDrawerForm onDone={done} accountFilter={accountFilter} />}
        />
    );
};

/** /access_groups (SPEC 2.2): the groups of the list's accounts, the default first; a row opens the group's page. */
export const AccessGroupList = () => {
    const session = useSession();
    const translate = useTranslate();
    const scope = useAccountScope(SORT);
    if (!session) return null;
    const mayWrite = can(session.role, 'deviceConfig', 'write');
    const add = mayWrite && <AddGroupButton accountFilter={scope.accountId} />;
    return (
        <AppList
            sort={SORT}
            filters={[<SearchInput key="q" source="q" alwaysOn />, ...accountScopeFilter(scope)]}
            filterDefaultValues={scope.defaults}
            permanentFilter={scope.permanentFilter}
            // the list, its filters and Add button even before the first group
            empty={false}
            title={translate('resources.access_groups.name', { smart_count: 2 })}
            actions={
                <TopToolbar>
                    <FilterButton />
                    <ColumnsButton preferenceKey={columnsKey('access_groups', scope.spansAccounts)} />
                    {add}
                </TopToolbar>
            }
        >
            <DatagridConfigurable
                preferenceKey={columnsKey('access_groups', scope.spansAccounts)}
                sx={hideBelow({ md: ['schedule_id', 'created_at'], sm: ['devices_count', 'profiles_count'] })}
                bulkActionButtons={mayWrite ? <UndoableBulkDeleteButton /> : false}
                // the default group cannot be deleted (SPEC 5), so it is never selected for a delete
                isRowSelectable={(r: AccessGroupRecord) => !r.default_group}
                rowClick="edit"
                empty={
                    <ListEmpty text={mayWrite ? 'resources.access_groups.listEmpty.write' : 'resources.access_groups.listEmpty.read'}>
                        {add}
                    </ListEmpty>
                }
            >
                <TextField source="description" />
                {scope.spansAccounts && accountColumn({ sortable: true })}
                <FunctionField
                    source="default_group"
                    render={(r: AccessGroupRecord) =>
                        r.default_group ? <Chip size="small" color="primary" label={translate('resources.access_groups.default')} /> : null
                    }
                />
                <ReferenceField source="schedule_id" reference="schedules" link={false} sortable={false} emptyText="—" />
                <NumberField source="devices_count" />
                <NumberField source="profiles_count" />
                <FunctionField source="created_at" render={(r: AccessGroupRecord) => formatDate(r.created_at)} />
                {mayWrite && <FunctionField label="" render={() => <GroupRowActions />} />}
            </DatagridConfigurable>
        </AppList>
    );
};

import { Chip } from '@mui/material';
import GroupAdd from '@mui/icons-material/GroupAdd';
import { Datagrid, FunctionField, NumberField, ReferenceField, SearchInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import type { AccessGroupRecord } from '../../../contract/access-groups';
import { can } from '../../../contract/rights';
import { formatDate } from '../../i18n/format';
import { QuickViewButton } from '../../layout/quickView';
import { AppList } from '../../lists/AppList';
import { useSession } from '../../session/useSession';
import { AccessGroupDrawerForm } from './AccessGroupForm';
import { GroupRowActions } from './GroupActions';

/** /access_groups (SPEC 2.2): the account's groups, the default first; a row opens the group's page. */
export const AccessGroupList = () => {
    const session = useSession();
    const translate = useTranslate();
    if (!session) return null;
    const mayWrite = can(session.role, 'deviceConfig', 'write');
    return (
        <AppList
            sort={{ field: 'default_group', order: 'DESC' }}
            filters={[<SearchInput key="q" source="q" alwaysOn />]}
            title={translate('resources.access_groups.name', { smart_count: 2 })}
            actions={
                <TopToolbar>
                    {mayWrite && (
                        <QuickViewButton
                            label={translate('resources.access_groups.add')}
                            icon={<GroupAdd />}
                            render={done => <AccessGroupDrawerForm onDone={done} />}
                        />
                    )}
                </TopToolbar>
            }
        >
            <Datagrid bulkActionButtons={false} rowClick="edit">
                <TextField source="description" />
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
            </Datagrid>
        </AppList>
    );
};

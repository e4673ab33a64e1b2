import { Datagrid, FunctionField, NumberField, SearchInput, TextField, TopToolbar, CreateButton, useTranslate } from 'react-admin';
import { can } from '../../../contract/rights';
import type { ScheduleRecord } from '../../../contract/schedules';
import { formatDate } from '../../i18n/format';
import { AppList } from '../../lists/AppList';
import { useSession } from '../../session/useSession';

/** /schedules: the account's schedules by name; a row opens the schedule with its week view. */
export const ScheduleList = () => {
    const session = useSession();
    const translate = useTranslate();
    if (!session) return null;
    return (
        <AppList
            sort={{ field: 'name', order: 'ASC' }}
            // the list and its Add button even before the first schedule
            empty={false}
            filters={[<SearchInput key="q" source="q" alwaysOn />]}
            title={translate('resources.schedules.name', { smart_count: 2 })}
            actions={<TopToolbar>{can(session.role, 'schedules', 'write') && <CreateButton label="resources.schedules.add" />}</TopToolbar>}
        >
            <Datagrid bulkActionButtons={false} rowClick="edit">
                <TextField source="name" />
                <TextField source="time_zone" />
                <NumberField source="groups_count" />
                <FunctionField source="created_at" render={(r: ScheduleRecord) => formatDate(r.created_at)} />
            </Datagrid>
        </AppList>
    );
};

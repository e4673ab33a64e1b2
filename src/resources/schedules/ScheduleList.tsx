import { Datagrid, FunctionField, NumberField, SearchInput, TextField, TopToolbar, CreateButton, useTranslate } from 'react-admin';
import { can } from '../../../contract/rights';
import type { ScheduleRecord } from '../../../contract/schedules';
import { formatDate } from '../../i18n/format';
import { AppList } from '../../lists/AppList';
import { ConfirmDeleteButton } from '../../lists/ConfirmDeleteButton';
import { Box } from '@mui/material';
import { useSession } from '../../session/useSession';

/** /schedules: the account's schedules by name; a row opens the schedule with its week view. */
export const ScheduleList = () => {
    const session = useSession();
    const translate = useTranslate();
    if (!session) return null;
    const mayWrite = can(session.role, 'schedules', 'write');
    return (
        <AppList
            sort={{ field: 'name', order: 'ASC' }}
            // the list and its Add button even before the first schedule
            empty={false}
            filters={[<SearchInput key="q" source="q" alwaysOn />]}
            title={translate('resources.schedules.name', { smart_count: 2 })}
            actions={<TopToolbar>{mayWrite && <CreateButton label="resources.schedules.add" />}</TopToolbar>}
        >
            <Datagrid bulkActionButtons={false} rowClick="edit">
                <TextField source="name" />
                <TextField source="time_zone" />
                <NumberField source="groups_count" />
                <FunctionField source="created_at" render={(r: ScheduleRecord) => formatDate(r.created_at)} />
                {mayWrite && (
                    <FunctionField
                        label=""
                        render={() => (
                            // the row's click stays here; the server refuses (409) a schedule groups still follow, and says so
                            <Box onClick={e => e.stopPropagation()} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                                <ConfirmDeleteButton />
                            </Box>
                        )}
                    />
                )}
            </Datagrid>
        </AppList>
    );
};

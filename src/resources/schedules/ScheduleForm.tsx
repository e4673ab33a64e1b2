import { zodResolver } from '@hookform/resolvers/zod';
import {
    ArrayInput,
    Create,
    Edit,
    SaveButton,
    SelectInput,
    SimpleFormIterator,
    TextInput,
    Toolbar,
    useTranslate,
    type Identifier,
} from 'react-admin';
import { Typography } from '@mui/material';
import { useWatch, type Resolver } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { can } from '../../../contract/rights';
import { SCHEDULE_DAYS, scheduleInput, type WeeklyWindow } from '../../../contract/schedules';
import { FieldErrorsForm } from '../../layout/FieldErrorsForm';
import { useNotices } from '../../notifications/notices';
import { CreatesIn, inAccount, useCreatePageAccount, type CreateAccount } from '../../lists/createsIn';
import { useSession } from '../../session/useSession';
import { WeekView } from './WeekView';

type Row = Record<string, unknown>;
const list = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);
const ranges = (v: unknown) => list(v).map(r => ({ start: r.start, end: r.end }));
const dated = (v: unknown) => list(v).map(d => ({ date: d.date, ...(d.name ? { name: d.name } : {}), windows: ranges(d.windows) }));

/** Only what the server takes; a blank zone is left out, so the account's (else UTC) applies. */
export const scheduleBody = (data: Row) => ({
    name: data.name,
    ...(typeof data.time_zone === 'string' && data.time_zone.trim() ? { time_zone: data.time_zone.trim() } : {}),
    windows: list(data.windows).map(w => ({ day: w.day, start: w.start, end: w.end })),
    holidays: dated(data.holidays),
    exceptions: dated(data.exceptions),
});

const resolver: Resolver = (values, context, options) =>
    zodResolver(scheduleInput)(scheduleBody(values) as never, context, options as never) as never;

const TimeRow = () => (
    <>
        <TextInput source="start" placeholder="08:00" helperText={false} sx={{ width: 100 }} />
        <TextInput source="end" placeholder="18:00" helperText={false} sx={{ width: 100 }} />
    </>
);

/** Holidays and exceptions: a date, a name, and the open hours of that day (none: closed). */
const DatedHours = ({ source, placeholder }: { source: 'holidays' | 'exceptions'; placeholder: string }) => (
    <ArrayInput source={source} label={`resources.schedules.fields.${source}`} helperText={`resources.schedules.${source}Help`}>
        <SimpleFormIterator disableReordering>
            <TextInput source="date" placeholder={placeholder} helperText={false} />
            <TextInput source="name" helperText={false} />
            <ArrayInput source="windows" label="resources.schedules.fields.openHours">
                <SimpleFormIterator inline disableReordering>
                    <TimeRow />
                </SimpleFormIterator>
            </ArrayInput>
        </SimpleFormIterator>
    </ArrayInput>
);

const LiveWeek = () => {
    const windows = useWatch({ name: 'windows' }) as Partial<WeeklyWindow>[] | undefined;
    return <WeekView windows={windows ?? []} />;
};

/** Name, zone, the week's windows (drawn as a week view), holidays and exceptions; a new one goes to `account`. */
export const ScheduleFields = ({ mode, account }: { mode: 'create' | 'edit'; account?: CreateAccount }) => {
    const translate = useTranslate();
    const days = SCHEDULE_DAYS.map(id => ({ id, name: `resources.schedules.days.${id}` }));
    return (
        <FieldErrorsForm
            resolver={resolver}
            defaultValues={mode === 'create' ? { name: '', time_zone: '', windows: [], holidays: [], exceptions: [] } : undefined}
            toolbar={
                <Toolbar>
                    <SaveButton label={mode === 'create' ? 'resources.schedules.add' : 'ra.action.save'} alwaysEnable={mode === 'create'} />
                </Toolbar>
            }
        >
            {mode === 'create' && <CreatesIn account={account} text="resources.schedules.createsIn" />}
            <TextInput source="name" autoComplete="off" fullWidth />
            <TextInput source="time_zone" autoComplete="off" helperText="resources.schedules.zoneHelp" />
            <Typography variant="subtitle1">{translate('resources.schedules.week.title')}</Typography>
            <LiveWeek />
            <ArrayInput source="windows" label="resources.schedules.fields.windows">
                <SimpleFormIterator inline disableReordering>
                    <SelectInput source="day" choices={days} helperText={false} />
                    <TimeRow />
                </SimpleFormIterator>
            </ArrayInput>
            <DatedHours source="holidays" placeholder="12-25" />
            <DatedHours source="exceptions" placeholder="2026-12-31" />
        </FieldErrorsForm>
    );
};

/** /schedules/create, for the staff who may write schedules. */
export const ScheduleCreate = () => {
    const session = useSession();
    const notices = useNotices();
    const navigate = useNavigate();
    const account = useCreatePageAccount();
    if (!session) return null;
    if (!can(session.role, 'schedules', 'write')) return <Navigate to="/schedules" replace />;
    return (
        <Create
            transform={data => inAccount(scheduleBody(data), account)}
            mutationOptions={{
                onSuccess: (data: { id: Identifier }) => {
                    notices.created(data.id);
                    navigate(`/schedules/${data.id}`);
                },
                onError: e => notices.createFailed('schedules', e),
            }}
        >
            <ScheduleFields mode="create" account={account} />
        </Create>
    );
};

/** /schedules/:id: the schedule and its week view; read-only for those who may not write. */
export const ScheduleEdit = () => {
    const session = useSession();
    const notices = useNotices();
    if (!session) return null;
    return (
        <Edit
            mutationMode="pessimistic"
            transform={scheduleBody}
            redirect={false}
            mutationOptions={{
                onSuccess: () => notices.modified('schedules'),
                onError: e => notices.modifyFailed('schedules', e),
            }}
        >
            <ScheduleFields mode="edit" />
        </Edit>
    );
};

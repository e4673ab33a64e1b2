import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
    BooleanInput,
    Create,
    CreateBase,
    EditBase,
    ReferenceInput,
    SaveButton,
    SelectInput,
    TextInput,
    Toolbar,
    useRecordContext,
    useTranslate,
    type Identifier,
} from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import { accessGroupInput, type AccessGroupRecord } from '../../../contract/access-groups';
import { can } from '../../../contract/rights';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { FieldErrorsForm } from '../../layout/FieldErrorsForm';

/** Only what the server takes. */
export const accessGroupBody = (data: Record<string, unknown>) => ({
    description: data.description,
    default_group: !!data.default_group,
    // issue 15: none is null, which the server reads as "always"
    schedule_id: typeof data.schedule_id === 'number' ? data.schedule_id : null,
});

/** Making a group the default changes another row too: every access group query is refetched. */
export const useRefreshAccessGroups = () => {
    const queryClient = useQueryClient();
    return () => void queryClient.invalidateQueries({ queryKey: ['access_groups'] });
};

/** Description (SPEC 5: required, not whitespace-only, max 255) and whether the group is the account's default. */
export const AccessGroupFields = ({ mode }: { mode: 'create' | 'edit' }) => {
    const translate = useTranslate();
    const record = useRecordContext<AccessGroupRecord>();
    // The default is moved, never removed: the account always has one (SPEC 4.8).
    const locked = mode === 'edit' && !!record?.default_group;
    return (
        <FieldErrorsForm
            resolver={zodResolver(accessGroupInput)}
            defaultValues={mode === 'create' ? { description: '', default_group: false, schedule_id: null } : undefined}
            toolbar={
                <Toolbar>
                    <SaveButton
                        label={mode === 'create' ? translate('resources.access_groups.add') : 'ra.action.save'}
                        alwaysEnable={mode === 'create'}
                    />
                </Toolbar>
            }
        >
            <TextInput source="description" autoComplete="off" fullWidth />
            <BooleanInput
                source="default_group"
                disabled={locked}
                helperText={locked ? 'resources.access_groups.defaultLocked' : 'resources.access_groups.defaultHelp'}
            />
            <ReferenceInput source="schedule_id" reference="schedules" sort={{ field: 'name', order: 'ASC' }} perPage={200}>
                <SelectInput
                    optionText="name"
                    emptyText="resources.access_groups.alwaysOpen"
                    helperText="resources.access_groups.scheduleHelp"
                    sx={{ minWidth: 240 }}
                />
            </ReferenceInput>
        </FieldErrorsForm>
    );
};

/** SPEC 2.6 'Add/Edit Access Group' in the quick-view drawer. */
export const AccessGroupDrawerForm = ({ id, onDone }: { id?: Identifier; onDone: () => void }) => {
    const notices = useNotices();
    const refresh = useRefreshAccessGroups();
    if (id === undefined)
        return (
            <CreateBase
                resource="access_groups"
                redirect={false}
                transform={accessGroupBody}
                mutationOptions={{
                    onSuccess: (data: { id: Identifier }) => {
                        notices.created(data.id);
                        refresh();
                        onDone();
                    },
                    onError: e => notices.createFailed('access_groups', e),
                }}
            >
                <AccessGroupFields mode="create" />
            </CreateBase>
        );
    return (
        <EditBase
            resource="access_groups"
            id={id}
            redirect={false}
            mutationMode="pessimistic"
            transform={accessGroupBody}
            mutationOptions={{
                onSuccess: () => {
                    notices.modified('access_groups');
                    refresh();
                    onDone();
                },
                onError: e => notices.modifyFailed('access_groups', e),
            }}
        >
            <AccessGroupFields mode="edit" />
        </EditBase>
    );
};

/** /access_groups/create (SPEC 2.2: the create page exists), for the staff who may create groups. */
export const AccessGroupCreate = () => {
    const session = useSession();
    const notices = useNotices();
    const refresh = useRefreshAccessGroups();
    const navigate = useNavigate();
    if (!session) return null;
    if (!can(session.role, 'deviceConfig', 'write')) return <Navigate to="/access_groups" replace />;
    return (
        // Our onSuccess replaces react-admin's: it goes to the new group's page itself.
        <Create
            transform={accessGroupBody}
            mutationOptions={{
                onSuccess: (data: { id: Identifier }) => {
                    notices.created(data.id);
                    refresh();
                    navigate(`/access_groups/${data.id}`);
                },
                onError: e => notices.createFailed('access_groups', e),
            }}
        >
            <AccessGroupFields mode="create" />
        </Create>
    );
};

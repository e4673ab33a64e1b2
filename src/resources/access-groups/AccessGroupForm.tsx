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
import { CreatesIn, inAccount, useCreateAccount, useCreatePageAccount, type CreateAccount } from '../../lists/createsIn';
import { useSession } from '../../session/useSession';
import { FieldErrorsForm } from '../../layout/FieldErrorsForm';

/** Only what the server takes. */
export const accessGroupBody = (data: Record<string, unknown>) => ({
    description: data.description,
    default_group: !!data.default_group,
    // no schedule (docs/decisions.md "Schedules") is null, which the server reads as "always"
    schedule_id: typeof data.schedule_id === 'number' ? data.schedule_id : null,
});

/** Making a group the default changes another row too: every access group query is refetched. */
export const useRefreshAccessGroups = () => {
    const queryClient = useQueryClient();
    return () => void queryClient.invalidateQueries({ queryKey: ['access_groups'] });
};

/**
 * Description (SPEC 5: required, not whitespace-only, max 255), whether the group is the account's default, and its
 * schedule, one of the group's account: the edited group's, or `account` that a create adds it to.
 */
export const AccessGroupFields = ({ mode, account }: { mode: 'create' | 'edit'; account?: CreateAccount }) => {
    const translate = useTranslate();
    const record = useRecordContext<AccessGroupRecord>();
    const accountId = mode === 'edit' ? record?.account_id : account?.id;
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
            {mode === 'create' && <CreatesIn account={account} text="resources.access_groups.createsIn" />}
            <TextInput source="description" autoComplete="off" fullWidth />
            <BooleanInput
                source="default_group"
                disabled={locked}
                helperText={locked ? 'resources.access_groups.defaultLocked' : 'resources.access_groups.defaultHelp'}
            />
            <ReferenceInput
                source="schedule_id"
                reference="schedules"
                filter={accountId ? { account_id: accountId } : {}}
                sort={{ field: 'name', order: 'ASC' }}
                perPage={200}
            >
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

/** A new group in the drawer, in the account of the list's `accountFilter` (see useCreateAccount). */
const AccessGroupDrawerCreate = ({ onDone, accountFilter }: { onDone: () => void; accountFilter?: string }) => {
    const notices = useNotices();
    const refresh = useRefreshAccessGroups();
    const account = useCreateAccount(accountFilter);
    return (
        <CreateBase
            resource="access_groups"
            redirect={false}
            transform={data => inAccount(accessGroupBody(data), account)}
            mutationOptions={{
                onSuccess: (data: { id: Identifier }) => {
                    notices.created(data.id);
                    refresh();
                    onDone();
                },
                onError: e => notices.createFailed('access_groups', e),
            }}
        >
            <AccessGroupFields mode="create" account={account} />
        </CreateBase>
    );
};

/** SPEC 2.6 'Add/Edit Access Group' in the quick-view drawer (a new group: AccessGroupDrawerCreate). */
export const AccessGroupDrawerForm = ({ id, onDone, accountFilter }: { id?: Identifier; onDone: () => void; accountFilter?: string }) => {
    const notices = useNotices();
    const refresh = useRefreshAccessGroups();
    if (id === undefined) return <AccessGroupDrawerCreate onDone={onDone} accountFilter={accountFilter} />;
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
    const account = useCreatePageAccount();
    if (!session) return null;
    if (!can(session.role, 'deviceConfig', 'write')) return <Navigate to="/access_groups" replace />;
    return (
        // Our onSuccess replaces react-admin's: it goes to the new group's page itself.
        <Create
            transform={data => inAccount(accessGroupBody(data), account)}
            mutationOptions={{
                onSuccess: (data: { id: Identifier }) => {
                    notices.created(data.id);
                    refresh();
                    navigate(`/access_groups/${data.id}`);
                },
                onError: e => notices.createFailed('access_groups', e),
            }}
        >
            <AccessGroupFields mode="create" account={account} />
        </Create>
    );
};

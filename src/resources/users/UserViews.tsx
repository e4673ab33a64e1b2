import { Box, Chip } from '@mui/material';
import PersonAdd from '@mui/icons-material/PersonAdd';
import LockReset from '@mui/icons-material/LockReset';
import {
    Button,
    Create,
    CreateBase,
    DatagridConfigurable,
    Edit,
    EditBase,
    FilterButton,
    FunctionField,
    SearchInput,
    SelectInput,
    TextField,
    TopToolbar,
    useDataProvider,
    useNotify,
    useRecordContext,
    useTranslate,
    type Identifier,
    type RaRecord,
} from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { can } from '../../../contract/rights';
import { canEditUser, ROLES, type Role } from '../../../contract/roles';
import { canOpenRoute, canResetTwoFactor } from '../../../contract/routes';
import type { User } from '../../../contract/users';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { QuickViewButton, useQuickView } from '../../components/quickView';
import { accountScopeFilter, useAccountScope, type AccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ColumnsButton, columnsKey } from '../../lists/columns';
import { hideBelow } from '../../lists/hideBelow';
import { CellField } from '../../lists/CellField';
import { ConfirmDeleteButton } from '../../lists/ConfirmDeleteButton';
import { ListEmpty } from '../../lists/ListEmpty';
import { useNotices } from '../../notifications/notices';
import { useCreateAccount } from '../../lists/createsIn';
import { useSession } from '../../session/useSession';
import { userBody, UserForm } from './UserForm';

const roleChoices = ROLES.map(r => ({ id: r, name: `app.roles.${r}` }));

const SORT = { field: 'name', order: 'ASC' } as const;

const userFilters = (scope: AccountScope) => [
    <SearchInput key="q" source="q" alwaysOn />,
    ...accountScopeFilter(scope),
    <SelectInput key="role" source="role" choices={roleChoices} />,
];

/** A new user in the drawer, its account starting on the account of the list's `accountFilter` (see useCreateAccount). */
const UserDrawerCreate = ({ onDone, accountFilter }: { onDone: () => void; accountFilter?: string }) => {
    const notices = useNotices();
    const account = useCreateAccount(accountFilter);
    return (
        <CreateBase
            resource="users"
            redirect={false}
            transform={userBody}
            mutationOptions={{
                onSuccess: (data: { id: Identifier }) => {
                    notices.created(data.id);
                    onDone();
                },
                onError: e => notices.createFailed('users', e),
            }}
        >
            <UserForm mode="create" account={account} />
        </CreateBase>
    );
};

/** The create (see UserDrawerCreate) and edit forms in the quick-view drawer (SPEC 2.6 'User'). */
const UserDrawerForm = ({ id, onDone, accountFilter }: { id?: Identifier; onDone: () => void; accountFilter?: string }) => {
    const notices = useNotices();
    const translate = useTranslate();
    if (id === undefined) return <UserDrawerCreate onDone={onDone} accountFilter={accountFilter} />;
    return (
        <EditBase
            resource="users"
            id={id}
            redirect={false}
            mutationMode="pessimistic"
            transform={userBody}
            mutationOptions={{
                onSuccess: (data: RaRecord) => {
                    // One's own new address waits for the link mailed to it.
                    const pending = (data as { email_pending?: string }).email_pending;
                    if (pending)
                        notices.success(
                            translate('resources.users.emailPending'),
                            translate('resources.users.emailPendingText', { email: pending }),
                        );
                    else notices.modified('users');
                    onDone();
                },
                onError: e => notices.modifyFailed('users', e),
            }}
        >
            <UserForm mode="edit" />
        </EditBase>
    );
};

/** Opens the create drawer; the form's Account picker starts on the list's account (see useCreateAccount). */
const CreateInDrawer = ({ accountFilter }: { accountFilter: string | undefined }) => {
    const translate = useTranslate();
    return (
        <QuickViewButton
            label={translate('resources.users.create')}
            create
            icon={<PersonAdd />}
            render={close => <UserDrawerForm onDone={close} accountFilter={accountFilter} />}
        />
    );
};

/** SPEC 6.3 two-factor reset, offered when 2FA is on for the account and the role is admin in the cloud, or moderator. */
const TwoFactorResetButton = () => {
    const record = useRecordContext<{ id: number; role: Role; tfa_enabled: boolean }>();
    const session = useSession();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notify = useNotify();
    const translate = useTranslate();
    if (!record || !session || !record.tfa_enabled || !canResetTwoFactor(session.flags) || record.id === session.me.id) return null;
    const reset = () =>
        dataProvider
            .call('/2fa-setup', { method: 'DELETE', query: { user_id: record.id }, noAccount: true })
            .then(() => notify(translate('resources.users.tfaResetDone'), { type: 'success' }))
            .catch(() => notify(translate('resources.users.tfaResetFailed'), { type: 'error' }));
    return (
        <Button label="resources.users.tfaReset" onClick={() => void reset()}>
            <LockReset />
        </Button>
    );
};

/** /users: the users of the list's accounts; a row opens the user in the quick-view drawer when the role may edit it. */
export const UserList = () => {
    const session = useSession();
    const { open, close } = useQuickView();
    const translate = useTranslate();
    const scope = useAccountScope(SORT);
    if (!session) return null;
    const mayWrite = can(session.role, 'users', 'write');
    const add = mayWrite && <CreateInDrawer accountFilter={scope.accountId} />;
    return (
        <AppList
            sort={SORT}
            filters={userFilters(scope)}
            filterDefaultValues={scope.defaults}
            permanentFilter={scope.permanentFilter}
            empty={false}
            actions={
                <TopToolbar>
                    <FilterButton />
                    <ColumnsButton preferenceKey={columnsKey('users', scope.spansAccounts)} />
                    {add}
                </TopToolbar>
            }
            title={translate('resources.users.name', { smart_count: 2 })}
        >
            <DatagridConfigurable
                preferenceKey={columnsKey('users', scope.spansAccounts)}
                sx={hideBelow({ md: ['tfa_enabled', 'created_at'], sm: ['email'] })}
                bulkActionButtons={false}
                rowClick={(id, _resource, record) => {
                    if (canEditUser({ id: session.me.id, role: session.role }, record as { id: number; role: Role }))
                        open(translate('resources.users.edit'), <UserDrawerForm id={id} onDone={close} />);
                    return false;
                }}
                empty={<ListEmpty text="resources.users.listEmpty">{add}</ListEmpty>}
            >
                <TextField source="name" />
                {/* accountColumn reads account_id and account_name; a user carries its account as {id, name}. */}
                {scope.spansAccounts && (
                    <CellField<User> source="account.name" label="app.lists.account" sortBy="account" render={r => r.account.name} />
                )}
                <TextField source="email" />
                <FunctionField source="role" render={(r: { role: Role }) => translate(`app.roles.${r.role}`)} />
                <FunctionField
                    source="tfa_enabled"
                    sortable={false}
                    render={(r: { tfa_enabled: boolean }) =>
                        r.tfa_enabled ? <Chip size="small" color="success" label={translate('app.yes')} /> : translate('app.no')
                    }
                />
                <FunctionField source="created_at" render={(r: { created_at: string }) => formatDate(r.created_at)} />
            </DatagridConfigurable>
        </AppList>
    );
};

const UserEditActions = () => {
    const session = useSession();
    const record = useRecordContext<{ id: number; role: Role }>();
    if (!session || !record) return null;
    const mayDelete =
        record.id !== session.me.id &&
        canEditUser({ id: session.me.id, role: session.role }, record) &&
        canOpenRoute('users', session.flags);
    return (
        <TopToolbar>
            <TwoFactorResetButton />
            {mayDelete && <ConfirmDeleteButton redirect="/users" />}
        </TopToolbar>
    );
};

/** /users/:id: the user page; every role reaches its own (the user menu's Settings). */
export const UserEdit = () => {
    const notices = useNotices();
    return (
        // Guarded by GuardedUserEdit: every role opens its own user page, whatever its users right.
        <Edit
            disableAuthentication
            mutationMode="pessimistic"
            transform={userBody}
            actions={<UserEditActions />}
            mutationOptions={{ onSuccess: () => notices.modified('users'), onError: e => notices.modifyFailed('users', e) }}
            redirect={false}
        >
            <Box>
                <UserForm mode="edit" />
            </Box>
        </Edit>
    );
};

export const UserCreate = () => {
    const notices = useNotices();
    return (
        <Create
            transform={userBody}
            redirect="list"
            mutationOptions={{
                onSuccess: (data: { id: Identifier }) => notices.created(data.id),
                onError: e => notices.createFailed('users', e),
            }}
        >
            <UserForm mode="create" />
        </Create>
    );
};

/** The list and create page need the users route; the user page opens for oneself too. */
export const GuardedUserEdit = () => {
    const session = useSession();
    const { id } = useParams();
    if (!session) return null;
    return canOpenRoute('users', session.flags) || Number(id) === session.me.id ? <UserEdit /> : <Navigate to="/" replace />;
};

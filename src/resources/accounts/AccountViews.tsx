import { useState } from 'react';
import { Box, Chip, Tab, Tabs } from '@mui/material';
import AddBusiness from '@mui/icons-material/AddBusiness';
import { useQueryClient } from '@tanstack/react-query';
import {
    CreateBase,
    Datagrid,
    Edit,
    FilterButton,
    FunctionField,
    SearchInput,
    SelectInput,
    TextField,
    TopToolbar,
    useCanAccess,
    useRecordContext,
    useTranslate,
    type Identifier,
} from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import { isAtLeast } from '../../../contract/roles';
import { can } from '../../../contract/rights';
import { accountsRouteRedirects } from '../../../contract/routes';
import { useAccountSections } from '../../plugins/slots';
import { formatDate } from '../../i18n/format';
import { QuickViewButton } from '../../components/quickView';
import { AppList } from '../../lists/AppList';
import { ConfirmDeleteButton } from '../../lists/ConfirmDeleteButton';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { accountBody, AccountForm } from './AccountForm';
import { AccountBrand } from './AccountBrand';
import { AccountOptions } from './AccountOptions';

const TYPES = ['dealer', 'customer'] as const;

/** SPEC 4.4: after an account change the account lists refresh too (the Switch Account drawer among them). */
const useRefreshAccounts = () => {
    const queryClient = useQueryClient();
    return () => queryClient.invalidateQueries({ queryKey: ['accounts'] });
};

const AccountCreateForm = ({ onDone }: { onDone: () => void }) => {
    const notices = useNotices();
    const refresh = useRefreshAccounts();
    return (
        <CreateBase
            resource="accounts"
            redirect={false}
            transform={accountBody}
            mutationOptions={{
                onSuccess: (data: { id: Identifier }) => {
                    notices.created(data.id);
                    void refresh();
                    onDone();
                },
                onError: e => notices.createFailed('accounts', e),
            }}
        >
            <AccountForm />
        </CreateBase>
    );
};

const CreateInDrawer = () => {
    const translate = useTranslate();
    return (
        <QuickViewButton
            label={translate('resources.accounts.create')}
            create
            icon={<AddBusiness />}
            render={close => <AccountCreateForm onDone={close} />}
        />
    );
};

/** /accounts: the account list, or the current account's page when SPEC 2.2 says so. */
export const AccountList = () => {
    const session = useSession();
    const translate = useTranslate();
    const navigate = useNavigate();
    const { canAccess: canCreate } = useCanAccess({ resource: 'accounts', action: 'create' });
    if (!session) return null;
    if (accountsRouteRedirects(session.flags, session.ownAccountId, session.currentAccountId))
        return <Navigate to={`/accounts/${session.currentAccountId}`} replace />;
    return (
        <AppList
            sort={{ field: 'name', order: 'ASC' }}
            title={translate('resources.accounts.name', { smart_count: 2 })}
            filters={[
                <SearchInput key="q" source="q" alwaysOn />,
                <SelectInput key="type" source="type" choices={TYPES.map(t => ({ id: t, name: `layout.accountType.${t}` }))} />,
            ]}
            actions={
                <TopToolbar>
                    <FilterButton />
                    {canCreate && <CreateInDrawer />}
                </TopToolbar>
            }
        >
            <Datagrid
                bulkActionButtons={false}
                rowClick={id => {
                    navigate(`/accounts/${id}`);
                    return false;
                }}
            >
                <TextField source="name" />
                {isAtLeast(session.role, 'dealer') && <TextField source="ref_number" />}
                <FunctionField
                    source="type"
                    render={(r: { type: string; main: boolean }) => (
                        <>
                            {translate(`layout.accountType.${r.type}`)}
                            {r.main && <Chip size="small" sx={{ ml: 1 }} label={translate('resources.accounts.main')} />}
                        </>
                    )}
                />
                <TextField source="address.city" sortBy="city" />
                <TextField source="address.email" sortable={false} />
                <FunctionField source="created_at" render={(r: { created_at: string }) => formatDate(r.created_at)} />
            </Datagrid>
        </AppList>
    );
};

const AccountActions = () => {
    const record = useRecordContext<{ id: number; main: boolean }>();
    const session = useSession();
    const refresh = useRefreshAccounts();
    const { canAccess } = useCanAccess({ resource: 'accounts', action: 'delete' });
    if (!record || !session || !canAccess || record.main || record.id === session.ownAccountId) return <TopToolbar />;
    return (
        <TopToolbar>
            <ConfirmDeleteButton redirect="/accounts" onDeleted={() => void refresh()} />
        </TopToolbar>
    );
};

/** Details and features, then the sections features contribute (card formats…) to the roles holding their right. */
const AccountSections = ({ readOnly }: { readOnly: boolean }) => {
    const translate = useTranslate();
    const record = useRecordContext<{ id: number; main?: boolean }>();
    const session = useSession();
    const [tab, setTab] = useState(0);
    const sections = useAccountSections();
    if (!record || !session) return null;
    const extra = sections.filter(s => can(session.role, s.right[0], s.right[1]) && (!s.mainAccountOnly || record.main));
    const brand = can(session.role, 'branding', 'read');
    const first = brand ? 3 : 2;
    const Extra = tab >= first ? extra[tab - first]?.component : undefined;
    return (
        <Box>
            <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
                <Tab label={translate('resources.accounts.sections.details')} />
                <Tab label={translate('resources.accounts.sections.features')} />
                {brand && <Tab label={translate('resources.accounts.sections.brand')} />}
                {extra.map(s => (
                    <Tab key={s.key} label={translate(s.label)} />
                ))}
            </Tabs>
            {tab === 0 && <AccountForm readOnly={readOnly} />}
            {tab === 1 && <AccountOptions accountId={record.id} readOnly={readOnly} />}
            {brand && tab === 2 && <AccountBrand accountId={record.id} readOnly={!can(session.role, 'branding', 'write')} />}
            {Extra && <Extra accountId={record.id} />}
        </Box>
    );
};

/** /accounts/:id: the account with its settings sections (SPEC 2.2, 3). */
export const AccountEdit = () => {
    const notices = useNotices();
    const refresh = useRefreshAccounts();
    const { canAccess: canEdit, isPending } = useCanAccess({ resource: 'accounts', action: 'edit' });
    if (isPending) return null;
    return (
        <Edit
            // The route guard has checked sign-in and SPEC 6.3; roles that may only read see the page read-only.
            disableAuthentication
            mutationMode="pessimistic"
            transform={accountBody}
            redirect={false}
            actions={<AccountActions />}
            mutationOptions={{
                onSuccess: () => {
                    notices.modified('accounts');
                    void refresh();
                },
                onError: e => notices.modifyFailed('accounts', e),
            }}
        >
            <AccountSections readOnly={!canEdit} />
        </Edit>
    );
};

import { zodResolver } from '@hookform/resolvers/zod';
import {
    AutocompleteInput,
    BooleanInput,
    PasswordInput,
    ReferenceInput,
    SaveButton,
    TextInput,
    Toolbar,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PICKER_DEBOUNCE_MS, PICKER_PAGE_SIZE } from '../../../contract/constants';
import { hasAccountFilter } from '../../../contract/routes';
import { userCreateInput, userUpdateInput } from '../../../contract/users';
import type { CreateAccount } from '../../lists/createsIn';
import { useSession } from '../../session/useSession';
import { defaultRole } from './roleChoices';
import { RoleInput } from './RoleInput';
import { FieldErrorsForm } from '../../layout/FieldErrorsForm';

const EmailInput = () => {
    const external = useWatch({ name: 'external_user' });
    return (
        <TextInput
            source="email"
            label={external ? 'resources.users.fields.username' : 'resources.users.fields.email'}
            type={external ? 'text' : 'email'}
            autoComplete="off"
            fullWidth
        />
    );
};

const PasswordInputs = ({ mode, self }: { mode: 'create' | 'edit'; self: boolean }) => {
    const external = useWatch({ name: 'external_user' });
    const typed = useWatch({ name: 'password' });
    const email = useWatch({ name: 'email' }) as string | undefined;
    const record = useRecordContext();
    // The server asks for the current password when one changes one's own password or e-mail.
    const emailChanged = mode === 'edit' && !!record && (email ?? '').trim().toLowerCase() !== String(record.email ?? '').toLowerCase();
    if (external) return null;
    return (
        <>
            <PasswordInput
                source="password"
                autoComplete="new-password"
                helperText={mode === 'create' ? (self ? false : 'resources.users.newUserPasswordHelp') : 'resources.users.passwordHelp'}
                fullWidth
            />
            <PasswordInput source="confirm" autoComplete="new-password" fullWidth />
            {self && (typed || emailChanged) ? <PasswordInput source="current_password" autoComplete="current-password" fullWidth /> : null}
        </>
    );
};

/** Only what the server takes: empty passwords mean "keep the current one". */
export const userBody = (data: Record<string, unknown>) => {
    const { id: _id, tfa_enabled: _t, password_changed: _p, created_at: _c, updated_at: _u, ...body } = data;
    for (const key of ['password', 'confirm', 'current_password']) if (!body[key]) delete body[key];
    return body;
};

/**
 * The User form of SPEC 2.6, for the create page, the user page and the quick-view drawer. A new user's account starts
 * on `account` (the list's, see useCreateAccount), else the current one; the roles with the account filter may change it.
 */
export const UserForm = ({ mode, account }: { mode: 'create' | 'edit'; account?: CreateAccount }) => {
    const session = useSession();
    const record = useRecordContext();
    const translate = useTranslate();
    if (!session) return null;
    const self = mode === 'edit' && record?.id === session.me.id;
    const defaults =
        mode === 'create'
            ? {
                  name: '',
                  email: '',
                  role: defaultRole(session.role),
                  external_user: false,
                  account: { id: account?.id ?? session.currentAccountId },
              }
            : undefined;
    return (
        <FieldErrorsForm
            resolver={zodResolver(mode === 'create' ? userCreateInput : userUpdateInput)}
            defaultValues={defaults}
            toolbar={
                <Toolbar>
                    <SaveButton
                        label={mode === 'create' ? translate('resources.users.create') : 'ra.action.save'}
                        alwaysEnable={mode === 'create'}
                    />
                </Toolbar>
            }
            sx={{ maxWidth: 560 }}
        >
            <TextInput source="name" autoComplete="off" fullWidth />
            {!self && <BooleanInput source="external_user" />}
            <EmailInput />
            <RoleInput actor={session.role} disabled={self} />
            {hasAccountFilter(session.role) && !self && (
                <ReferenceInput
                    source="account.id"
                    reference="accounts"
                    filter={{ cross_account: 'true' }}
                    perPage={PICKER_PAGE_SIZE}
                    sort={{ field: 'name', order: 'ASC' }}
                >
                    <AutocompleteInput
                        optionText="name"
                        filterToQuery={q => ({ q })}
                        debounce={PICKER_DEBOUNCE_MS}
                        label="resources.users.fields.account"
                        fullWidth
                    />
                </ReferenceInput>
            )}
            <PasswordInputs mode={mode} self={self} />
        </FieldErrorsForm>
    );
};

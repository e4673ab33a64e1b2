import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, TextField as MuiTextField } from '@mui/material';
import {
    AutocompleteArrayInput,
    BooleanInput,
    Create,
    Edit,
    FormDataConsumer,
    ReferenceArrayInput,
    SaveButton,
    SelectInput,
    TextInput,
    Toolbar,
    useInput,
    useRecordContext,
    useTranslate,
    type Identifier,
} from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import {
    ALERT_DELIVERIES,
    ALERT_DIGEST_PERIODS,
    ALERT_EVENT_GROUPS,
    ALERT_RULE_EMAILS_MAX,
    alertRuleInput,
    type AlertRule,
} from '../../../contract/alertRules';
import { LIST_MAX_PAGE_SIZE, PICKER_DEBOUNCE_MS, PICKER_PAGE_SIZE } from '../../../contract/constants';
import { EVENT_TYPES } from '../../../contract/eventTypes';
import { can } from '../../../contract/rights';
import { FieldErrorsForm } from '../../layout/FieldErrorsForm';
import { useNotices } from '../../notifications/notices';
import { UndoableDeleteButton } from '../../lists/UndoableDeleteButton';
import { CreatesIn, inAccount, useCreatePageAccount, type CreateAccount } from '../../lists/createsIn';
import { useSession } from '../../session/useSession';
import { AddressStates } from './AddressStates';

/** Only what the server takes. */
export const alertRuleBody = (data: Record<string, unknown>) => ({
    name: data.name,
    enabled: data.enabled !== false,
    event_types: data.event_types ?? [],
    event_groups: data.event_groups ?? [],
    device_ids: data.device_ids ?? [],
    access_group_ids: data.access_group_ids ?? [],
    user_ids: data.user_ids ?? [],
    emails: data.emails ?? [],
    webhook_ids: data.webhook_ids ?? [],
    delivery: data.delivery ?? 'immediate',
    digest_period: data.delivery === 'digest' ? (data.digest_period ?? null) : null,
});

const split = (text: string) =>
    text
        .split(/[\s,;]+/)
        .map(a => a.trim())
        .filter(Boolean);

/**
 * Addresses outside the account, one a line (or separated by commas): the
 * text stays as typed, the form holds the list it makes. Each is asked to
 * confirm by mail before it gets any alert (AddressStates shows where it stands).
 */
const EmailsInput = () => {
    const translate = useTranslate();
    const { field, fieldState } = useInput({ source: 'emails', defaultValue: [] });
    const [text, setText] = useState(() => ((field.value as string[] | undefined) ?? []).join('\n'));
    return (
        <MuiTextField
            label={translate('resources.alert_rules.fields.emails')}
            value={text}
            multiline
            minRows={2}
            fullWidth
            onChange={e => {
                setText(e.target.value);
                field.onChange(split(e.target.value));
            }}
            onBlur={field.onBlur}
            error={!!fieldState.error}
            helperText={
                fieldState.error?.message
                    ? translate(fieldState.error.message, { _: fieldState.error.message })
                    : translate('resources.alert_rules.emailsHelp', { max: ALERT_RULE_EMAILS_MAX })
            }
        />
    );
};

/**
 * A picker over one account's rows of a resource (devices, access groups,
 * users); the users list serves 200 a page at most, typing searches the rest.
 */
const Picker = ({
    source,
    reference,
    optionText,
    accountId,
    perPage = PICKER_PAGE_SIZE,
}: {
    source: string;
    reference: string;
    optionText: string;
    accountId?: number;
    perPage?: number;
}) => (
    <ReferenceArrayInput
        source={source}
        reference={reference}
        perPage={perPage}
        sort={{ field: optionText, order: 'ASC' }}
        filter={accountId ? { account_id: accountId } : {}}
    >
        <AutocompleteArrayInput
            optionText={optionText}
            filterToQuery={q => ({ q })}
            debounce={PICKER_DEBOUNCE_MS}
            label={`resources.alert_rules.fields.${source}`}
            helperText={`resources.alert_rules.help.${source}`}
            fullWidth
        />
    </ReferenceArrayInput>
);

/**
 * Name, on/off; which events (each list empty = any); who gets them; at once or in a digest. The pickers offer the
 * rows of the rule's account: the edited rule's, or `account` that a create adds it to.
 */
export const AlertRuleFields = ({ mode, account }: { mode: 'create' | 'edit'; account?: CreateAccount }) => {
    const translate = useTranslate();
    const record = useRecordContext<AlertRule>();
    const accountId = mode === 'edit' ? record?.account_id : account?.id;
    return (
        <FieldErrorsForm
            resolver={zodResolver(alertRuleInput)}
            defaultValues={
                mode === 'create'
                    ? {
                          name: '',
                          enabled: true,
                          event_types: [],
                          event_groups: [],
                          device_ids: [],
                          access_group_ids: [],
                          user_ids: [],
                          emails: [],
                          webhook_ids: [],
                          delivery: 'immediate',
                      }
                    : undefined
            }
            toolbar={
                <Toolbar>
                    <SaveButton
                        label={mode === 'create' ? 'resources.alert_rules.add' : 'ra.action.save'}
                        alwaysEnable={mode === 'create'}
                    />
                    {/* undoable: back on the list, the rule is gone and the undo notice shows (docs/decisions.md "Deletes: undo or a named confirmation") */}
                    {mode === 'edit' && (
                        <Box sx={{ ml: 'auto' }}>
                            <UndoableDeleteButton redirect="/alert_rules" />
                        </Box>
                    )}
                </Toolbar>
            }
        >
            {mode === 'create' && <CreatesIn account={account} text="resources.alert_rules.createsIn" />}
            <TextInput source="name" autoComplete="off" fullWidth />
            <BooleanInput source="enabled" />
            <AutocompleteArrayInput
                source="event_groups"
                choices={ALERT_EVENT_GROUPS.map(g => ({ id: g, name: translate(`resources.events.groups.${g}`, { _: g }) }))}
                helperText="resources.alert_rules.help.any"
                fullWidth
            />
            <AutocompleteArrayInput
                source="event_types"
                choices={EVENT_TYPES.map(t => ({ id: t, name: translate(`resources.events.types.${t}`, { _: t }) }))}
                helperText="resources.alert_rules.help.any"
                fullWidth
            />
            <Picker source="device_ids" reference="devices" optionText="description" accountId={accountId} />
            <Picker source="access_group_ids" reference="access_groups" optionText="description" accountId={accountId} />
            <Picker source="user_ids" reference="users" optionText="name" accountId={accountId} perPage={LIST_MAX_PAGE_SIZE} />
            <EmailsInput />
            {mode === 'edit' && <AddressStates />}
            <Picker source="webhook_ids" reference="webhooks" optionText="url" accountId={accountId} perPage={LIST_MAX_PAGE_SIZE} />
            <SelectInput
                source="delivery"
                choices={ALERT_DELIVERIES.map(d => ({ id: d, name: `resources.alert_rules.delivery.${d}` }))}
                helperText="resources.alert_rules.help.delivery"
            />
            <FormDataConsumer<{ delivery?: string }>>
                {({ formData }) =>
                    formData.delivery === 'digest' && (
                        <SelectInput
                            source="digest_period"
                            choices={ALERT_DIGEST_PERIODS.map(p => ({ id: p, name: `resources.alert_rules.how.${p}` }))}
                        />
                    )
                }
            </FormDataConsumer>
        </FieldErrorsForm>
    );
};

/** /alert_rules/create, for the staff who manage rules. */
export const AlertRuleCreate = () => {
    const session = useSession();
    const notices = useNotices();
    const navigate = useNavigate();
    const account = useCreatePageAccount();
    if (!session) return null;
    if (!can(session.role, 'alertRules', 'write')) return <Navigate to="/alert_rules" replace />;
    return (
        <Create
            transform={data => inAccount(alertRuleBody(data), account)}
            mutationOptions={{
                onSuccess: (data: { id: Identifier }) => {
                    notices.created(data.id);
                    navigate('/alert_rules');
                },
                onError: e => notices.createFailed('alert_rules', e),
            }}
        >
            <AlertRuleFields mode="create" account={account} />
        </Create>
    );
};

/** /alert_rules/:id, for the staff who manage rules. */
export const AlertRuleEdit = () => {
    const session = useSession();
    const notices = useNotices();
    const navigate = useNavigate();
    if (!session) return null;
    if (!can(session.role, 'alertRules', 'write')) return <Navigate to="/alert_rules" replace />;
    return (
        <Edit
            transform={alertRuleBody}
            mutationMode="pessimistic"
            mutationOptions={{
                onSuccess: () => {
                    notices.modified('alert_rules');
                    navigate('/alert_rules');
                },
                onError: e => notices.modifyFailed('alert_rules', e),
            }}
        >
            <AlertRuleFields mode="edit" />
        </Edit>
    );
};

import { useState } from 'react';
import { Button as MuiButton, Card, CardHeader, Stack, TextField, Typography } from '@mui/material';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
    Datagrid,
    FunctionField,
    Link,
    ListBase,
    NumberField,
    TopToolbar,
    useCreate,
    useDataProvider,
    useDelete,
    useTranslate,
} from 'react-admin';
import { ProfileSearchInput } from './ProfileSearchInput';
import type { ExpirationTime, VisitorInput, VisitorRange, VisitorRecord } from '../../../contract/cards';
import type { ProfileRecord } from '../../../contract/profiles';
import { can } from '../../../contract/rights';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { accountColumn, accountScopeFilter, scopeQuery, useAccountScope, type AccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ListEmpty } from '../../lists/ListEmpty';
import { useCallMutation } from '../../lists/useCallMutation';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { BadgeFields, emptyBadge, toBadgeInput } from './BadgeFields';
import { badgeColumn, createdAtColumn } from './cardColumns';
import { ConfirmIconButton } from './ConfirmButton';
import { useFormAccount } from './FormAccount';
import { InlineForm, ToFormButton, useBadgeDraft } from './InlineForm';

const t = (translate: (key: string, options?: object) => string) => (key: string, options?: object) =>
    translate(`resources.visitors.${key}`, options);

/** A range counts its visitors: a change to either list reloads both. */
const VISITOR_LISTS = ['cards/visitors', 'cards/visitors/range'];

/** The forms of the page, which its empty lists point at. */
const RANGE_FORM = 'visitor-range-form';
const ISSUE_FORM = 'issue-visitor-form';

/** Sets a visitor range (PATCH /cards/visitors/range) in the form's account: PATCH is a write the dataProvider leaves as it is. */
const RangeForm = ({ scope }: { scope: AccountScope }) => {
    const translate = useTranslate();
    const tr = t(translate);
    const account = useFormAccount(scope);
    const [draft, setDraft] = useBadgeDraft(account.id);
    const [first, setFirst] = useState('');
    const [last, setLast] = useState('');
    const { mutate } = useCallMutation({
        call: (dataProvider, body: object) => dataProvider.call('/cards/visitors/range', { method: 'PATCH', body }),
        reloads: VISITOR_LISTS,
        failed: 'resources.visitors.setRange',
        done: () => tr('rangeSaved'),
    });
    const save = () => {
        const badge = toBadgeInput({ ...draft, badge_number: first });
        const body = {
            account_id: account.id,
            card_format_id: badge.card_format_id,
            facility_code: badge.facility_code,
            first_number: first === '' ? null : Number(first),
            last_number: last === '' ? null : Number(last),
        };
        mutate(body, { onSuccess: () => (setFirst(''), setLast('')) });
    };
    const numberField = (label: string, value: string, onChange: (value: string) => void) => (
        <TextField
            size="small"
            required
            label={tr(label)}
            value={value}
            onChange={e => onChange(e.target.value.replace(/\D/g, ''))}
            fullWidth={false}
            sx={{ width: 140 }}
        />
    );
    return (
        <InlineForm id={RANGE_FORM} label={tr('setRange')} onSubmit={save}>
            {account.field}
            <BadgeFields value={draft} onChange={setDraft} accountId={account.id} withNumber={false} />
            {numberField('first_number', first, setFirst)}
            {numberField('last_number', last, setLast)}
            <MuiButton type="submit" variant="outlined" disabled={!account.id || !draft.card_format_id}>
                {tr('setRange')}
            </MuiButton>
        </InlineForm>
    );
};

/**
 * Ends a visit or deletes a range (DELETE /cards/visitors/{id}, /cards/visitors/range/{id}) after OK / Cancel;
 * `label` names the button and, failing, the notice (resources.visitors.*).
 */
const DeleteRowButton = ({
    resource,
    id,
    label,
    title,
    content,
}: {
    resource: string;
    id: number;
    label: string;
    title: string;
    content: string;
}) => {
    const notices = useNotices();
    const queryClient = useQueryClient();
    const [remove, { isPending }] = useDelete();
    const key = (name: string) => `resources.visitors.${name}`;
    return (
        <ConfirmIconButton
            label={key(label)}
            title={key(title)}
            content={key(content)}
            pending={isPending}
            onConfirm={close =>
                void remove(
                    resource,
                    { id },
                    {
                        mutationMode: 'pessimistic',
                        onSuccess: () => VISITOR_LISTS.forEach(list => void queryClient.invalidateQueries({ queryKey: [list] })),
                        onError: e => notices.failed(key(label), e),
                        onSettled: close,
                    },
                )
            }
        />
    );
};

/**
 * The visitor badge ranges, one per card format and facility code, in the accounts of the visitors list
 * (GET /cards/visitors/range, a list route with its scope).
 */
const Ranges = ({ scope, mayWrite }: { scope: AccountScope; mayWrite: boolean }) => {
    const translate = useTranslate();
    const tr = t(translate);
    return (
        <Card variant="outlined">
            <CardHeader title={tr('ranges')} slotProps={{ title: { variant: 'h6' } }} />
            <ListBase
                resource="cards/visitors/range"
                filter={scopeQuery(scope.accountId)}
                sort={{ field: 'id', order: 'ASC' }}
                disableSyncWithLocation
                storeKey={false}
            >
                <Datagrid
                    bulkActionButtons={false}
                    rowClick={false}
                    size="small"
                    aria-label={tr('ranges')}
                    empty={
                        <ListEmpty text={`resources.visitors.${mayWrite ? 'rangesEmpty' : 'rangesEmptyReadOnly'}`}>
                            {mayWrite && <ToFormButton form={RANGE_FORM} label="resources.visitors.setRange" />}
                        </ListEmpty>
                    }
                >
                    <FunctionField
                        source="card_format_name"
                        sortable={false}
                        label="resources.profiles.badges.format"
                        render={(r: VisitorRange) => r.card_format_name}
                    />
                    {scope.spansAccounts && accountColumn()}
                    <FunctionField
                        source="facility_code"
                        sortable={false}
                        label="resources.profiles.badges.facility"
                        render={(r: VisitorRange) => r.facility_code ?? '-'}
                    />
                    {(['first_number', 'last_number'] as const).map(source => (
                        <NumberField
                            key={source}
                            source={source}
                            sortable={false}
                            label={`resources.visitors.${source}`}
                            options={{ useGrouping: false }}
                        />
                    ))}
                    <NumberField source="visitors" sortable={false} label="resources.visitors.visitorsInRange" />
                    {mayWrite && (
                        <FunctionField
                            label=""
                            sortable={false}
                            render={(r: VisitorRange) => (
                                <DeleteRowButton
                                    resource="cards/visitors/range"
                                    id={r.id}
                                    label="deleteRange"
                                    title="deleteRange"
                                    content="deleteRangeContent"
                                />
                            )}
                        />
                    )}
                </Datagrid>
            </ListBase>
            {mayWrite && <RangeForm scope={scope} />}
        </Card>
    );
};

/** Issue a visitor badge (POST /cards/visitors): a badge of a range, an optional name; the default group unless told. */
const IssueVisitor = ({ scope }: { scope: AccountScope }) => {
    const translate = useTranslate();
    const tr = t(translate);
    const notices = useNotices();
    const queryClient = useQueryClient();
    const account = useFormAccount(scope);
    const [draft, setDraft] = useBadgeDraft(account.id);
    const [name, setName] = useState('');
    const [create] = useCreate<VisitorInput & { account_id?: number }, unknown, ProfileRecord>();
    const issue = () =>
        create(
            'cards/visitors',
            { data: { ...toBadgeInput(draft), acs_id: name.trim() || null, account_id: account.id } },
            {
                onSuccess: made => {
                    notices.success(tr('issued', { time: formatDate(made.expires_at) }));
                    setDraft(emptyBadge);
                    setName('');
                    void queryClient.invalidateQueries({ queryKey: ['cards/visitors/range'] });
                },
                onError: e => notices.failed('resources.visitors.issue', e),
            },
        );
    return (
        <InlineForm id={ISSUE_FORM} label={tr('issue')} onSubmit={() => void issue()}>
            {account.field}
            <BadgeFields value={draft} onChange={setDraft} accountId={account.id} />
            <TextField
                size="small"
                label={tr('nameOptional')}
                value={name}
                onChange={e => setName(e.target.value)}
                fullWidth={false}
                sx={{ width: 260 }}
            />
            <MuiButton
                type="submit"
                variant="contained"
                startIcon={<PersonAdd />}
                disabled={!account.id || !draft.card_format_id || !draft.badge_number}
            >
                {tr('issue')}
            </MuiButton>
        </InlineForm>
    );
};

const SORT = { field: 'created_at', order: 'DESC' } as const;

/** The time zone the visitor badges expire in, at its midnight (SPEC 2.2 Visitors). */
const useExpirationTime = () => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    return useQuery({
        queryKey: ['profiles', 'expiration_time'],
        queryFn: ({ signal }) => dataProvider.call<ExpirationTime>('/profiles/expiration_time', { signal }),
    }).data;
};

/** /visitors: Visitors (SPEC 2.2): today's visitors and a visitor badge to issue, then the ranges, in one account scope. */
export const VisitorsPage = () => {
    const translate = useTranslate();
    const tr = t(translate);
    const session = useSession();
    const scope = useAccountScope(SORT);
    const expiration = useExpirationTime();
    if (!session) return null;
    const mayWrite = can(session.role, 'visitors', 'write');
    return (
        <Stack spacing={2} sx={{ pb: 2 }}>
            <AppList
                resource="cards/visitors"
                sort={SORT}
                title={tr('name')}
                filters={[<ProfileSearchInput key="q" source="q" alwaysOn />, ...accountScopeFilter(scope)]}
                filterDefaultValues={scope.defaults}
                permanentFilter={scope.permanentFilter}
                empty={false}
                actions={<TopToolbar />}
            >
                <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
                    {tr('intro', { zone: expiration?.time_zone ?? '…' })}
                </Typography>
                {mayWrite && <IssueVisitor scope={scope} />}
                <Datagrid
                    bulkActionButtons={false}
                    rowClick={false}
                    size="small"
                    empty={
                        <ListEmpty text={`resources.visitors.${mayWrite ? 'empty' : 'emptyReadOnly'}`}>
                            {mayWrite && <ToFormButton form={RANGE_FORM} label="resources.visitors.setRange" />}
                            {mayWrite && <ToFormButton form={ISSUE_FORM} label="resources.visitors.issue" icon={<PersonAdd />} />}
                        </ListEmpty>
                    }
                >
                    {badgeColumn()}
                    {scope.spansAccounts && accountColumn()}
                    <FunctionField
                        source="acs_id"
                        sortable={false}
                        label="resources.profiles.fields.acs_id"
                        render={(v: VisitorRecord) => (
                            <Link to={`/profiles/${v.profile_id}`}>
                                {v.acs_id ?? translate('resources.profiles.noAcsId', { id: v.profile_id })}
                            </Link>
                        )}
                    />
                    {createdAtColumn()}
                    <FunctionField
                        source="expires_at"
                        label="resources.visitors.expires"
                        render={(v: VisitorRecord) => formatDate(v.expires_at)}
                    />
                    {mayWrite && (
                        <FunctionField
                            label=""
                            sortable={false}
                            render={(v: VisitorRecord) => (
                                <DeleteRowButton resource="cards/visitors" id={v.id} label="end" title="endTitle" content="endContent" />
                            )}
                        />
                    )}
                </Datagrid>
            </AppList>
            <Ranges scope={scope} mayWrite={mayWrite} />
        </Stack>
    );
};

import { useEffect, useState } from 'react';
import { Box, Button as MuiButton, Card, CardHeader, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { useQuery } from '@tanstack/react-query';
import {
    Confirm,
    Datagrid,
    FunctionField,
    Link,
    ListBase,
    NumberField,
    SearchInput,
    TopToolbar,
    useDataProvider,
    useTranslate,
} from 'react-admin';
import type { ExpirationTime, VisitorRange, VisitorRecord } from '../../../contract/cards';
import { can } from '../../../contract/rights';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { accountColumn, accountScopeFilter, scopeQuery, useAccountScope, type AccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ListEmpty } from '../../lists/ListEmpty';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { BadgeFields, emptyBadge, toBadgeInput, type BadgeDraft } from './BadgeFields';
import { CardText, ToFormButton } from './CardListScreen';
import { useFormAccount } from './FormAccount';
import { useReloadingCall } from './useReloadingCall';

const t = (translate: (key: string, options?: object) => string) => (key: string, options?: object) =>
    translate(`resources.visitors.${key}`, options);

const useVisitorCall = () => useReloadingCall('cards/visitors', 'cards/visitors/range');

/** The forms of the page, which its empty lists point at. */
const RANGE_FORM = 'visitor-range-form';
const ISSUE_FORM = 'issue-visitor-form';

/** Sets a visitor range (PATCH /cards/visitors/range) in the form's account: PATCH is a write the dataProvider leaves as it is. */
const RangeForm = ({ scope }: { scope: AccountScope }) => {
    const translate = useTranslate();
    const tr = t(translate);
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const run = useVisitorCall();
    const account = useFormAccount(scope);
    const [draft, setDraft] = useState<BadgeDraft>(emptyBadge);
    const [first, setFirst] = useState('');
    const [last, setLast] = useState('');
    // Another account has other card formats.
    useEffect(() => setDraft(emptyBadge), [account.id]);
    const save = () => {
        const badge = toBadgeInput({ ...draft, badge_number: first });
        return run(
            () =>
                dataProvider.call('/cards/visitors/range', {
                    method: 'PATCH',
                    body: {
                        account_id: account.id,
                        card_format_id: badge.card_format_id,
                        facility_code: badge.facility_code,
                        first_number: first === '' ? null : Number(first),
                        last_number: last === '' ? null : Number(last),
                    },
                }),
            'resources.visitors.setRange',
            tr('rangeSaved'),
        ).then(ok => ok && (setFirst(''), setLast('')));
    };
    return (
        <Box
            component="form"
            id={RANGE_FORM}
            tabIndex={-1}
            aria-label={tr('setRange')}
            onSubmit={e => {
                e.preventDefault();
                void save();
            }}
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', px: 2, py: 1 }}
        >
            {account.field}
            <BadgeFields value={draft} onChange={setDraft} accountId={account.id} withNumber={false} />
            <TextField
                size="small"
                required
                label={tr('first_number')}
                value={first}
                onChange={e => setFirst(e.target.value.replace(/\D/g, ''))}
                fullWidth={false}
                sx={{ width: 140 }}
            />
            <TextField
                size="small"
                required
                label={tr('last_number')}
                value={last}
                onChange={e => setLast(e.target.value.replace(/\D/g, ''))}
                fullWidth={false}
                sx={{ width: 140 }}
            />
            <MuiButton type="submit" variant="outlined" disabled={!account.id || !draft.card_format_id}>
                {tr('setRange')}
            </MuiButton>
        </Box>
    );
};

const DeleteRange = ({ range }: { range: VisitorRange }) => {
    const translate = useTranslate();
    const tr = t(translate);
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const run = useVisitorCall();
    const [open, setOpen] = useState(false);
    return (
        <>
            <Tooltip title={tr('deleteRange')}>
                <IconButton aria-label={tr('deleteRange')} size="small" onClick={() => setOpen(true)}>
                    <Delete fontSize="small" />
                </IconButton>
            </Tooltip>
            <Confirm
                isOpen={open}
                title={tr('deleteRange')}
                content={tr('deleteRangeContent')}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() =>
                    void run(
                        () => dataProvider.call(`/cards/visitors/range/${range.id}`, { method: 'DELETE', body: {} }),
                        'resources.visitors.deleteRange',
                    ).then(() => setOpen(false))
                }
                onClose={() => setOpen(false)}
            />
        </>
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
                    <NumberField
                        source="first_number"
                        sortable={false}
                        label="resources.visitors.first_number"
                        options={{ useGrouping: false }}
                    />
                    <NumberField
                        source="last_number"
                        sortable={false}
                        label="resources.visitors.last_number"
                        options={{ useGrouping: false }}
                    />
                    <NumberField source="visitors" sortable={false} label="resources.visitors.visitorsInRange" />
                    {mayWrite && <FunctionField label="" sortable={false} render={(r: VisitorRange) => <DeleteRange range={r} />} />}
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
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const run = useVisitorCall();
    const account = useFormAccount(scope);
    const [draft, setDraft] = useState<BadgeDraft>(emptyBadge);
    const [name, setName] = useState('');
    // Another account has other card formats and ranges.
    useEffect(() => setDraft(emptyBadge), [account.id]);
    const issue = async () => {
        let until = '';
        const ok = await run(async () => {
            const made = await dataProvider.call<{ expires_at: string | null }>('/cards/visitors', {
                method: 'POST',
                body: { ...toBadgeInput(draft), acs_id: name.trim() || null, account_id: account.id },
            });
            until = formatDate(made.expires_at);
        }, 'resources.visitors.issue');
        if (ok) {
            notices.success(tr('issued', { time: until }));
            setDraft(emptyBadge);
            setName('');
        }
    };
    return (
        <Box
            component="form"
            id={ISSUE_FORM}
            tabIndex={-1}
            aria-label={tr('issue')}
            onSubmit={e => {
                e.preventDefault();
                void issue();
            }}
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', px: 2, py: 1 }}
        >
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
        </Box>
    );
};

const EndVisit = ({ visitor }: { visitor: VisitorRecord }) => {
    const translate = useTranslate();
    const tr = t(translate);
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const run = useVisitorCall();
    const [open, setOpen] = useState(false);
    return (
        <>
            <Tooltip title={tr('end')}>
                <IconButton aria-label={tr('end')} size="small" onClick={() => setOpen(true)}>
                    <Delete fontSize="small" />
                </IconButton>
            </Tooltip>
            <Confirm
                isOpen={open}
                title={tr('endTitle')}
                content={tr('endContent')}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() =>
                    void run(
                        () => dataProvider.call(`/cards/visitors/${visitor.id}`, { method: 'DELETE', body: {} }),
                        'resources.visitors.end',
                    ).then(() => setOpen(false))
                }
                onClose={() => setOpen(false)}
            />
        </>
    );
};

const SORT = { field: 'created_at', order: 'DESC' } as const;

/** /visitors: Visitors (SPEC 2.2): today's visitors and a visitor badge to issue, then the ranges, in one account scope. */
export const VisitorsPage = () => {
    const translate = useTranslate();
    const tr = t(translate);
    const session = useSession();
    const scope = useAccountScope(SORT);
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { data: expiration } = useQuery({
        queryKey: ['profiles', 'expiration_time'],
        queryFn: ({ signal }) => dataProvider.call<ExpirationTime>('/profiles/expiration_time', { signal }),
    });
    if (!session) return null;
    const mayWrite = can(session.role, 'visitors', 'write');
    return (
        <Stack spacing={2} sx={{ pb: 2 }}>
            <AppList
                resource="cards/visitors"
                sort={SORT}
                title={tr('name')}
                filters={[
                    <SearchInput key="q" source="q" placeholder={translate('resources.profiles.search')} alwaysOn sx={{ width: 320 }} />,
                    ...accountScopeFilter(scope),
                ]}
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
                    <FunctionField
                        source="badge_number"
                        label="resources.profiles.fields.badge_number"
                        render={(v: VisitorRecord) => <CardText card={v} />}
                    />
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
                    <FunctionField
                        source="created_at"
                        label="resources.profiles.fields.created_at"
                        render={(v: VisitorRecord) => formatDate(v.created_at)}
                    />
                    <FunctionField
                        source="expires_at"
                        label="resources.visitors.expires"
                        render={(v: VisitorRecord) => formatDate(v.expires_at)}
                    />
                    {mayWrite && <FunctionField label="" sortable={false} render={(v: VisitorRecord) => <EndVisit visitor={v} />} />}
                </Datagrid>
            </AppList>
            <Ranges scope={scope} mayWrite={mayWrite} />
        </Stack>
    );
};

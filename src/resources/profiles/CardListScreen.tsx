import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Box, Button as MuiButton, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { useQueryClient } from '@tanstack/react-query';
import {
    Button as RaButton,
    Confirm,
    Datagrid,
    FunctionField,
    SearchInput,
    TopToolbar,
    useDataProvider,
    useListContext,
    useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountBadge, ListedCard } from '../../../contract/cards';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { accountColumn, accountScopeFilter, scopeQuery, useAccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ListEmpty } from '../../lists/ListEmpty';
import { useNotices } from '../../notifications/notices';
import { BadgeFields, emptyBadge, toBadgeInput, type BadgeDraft } from './BadgeFields';
import { BadgePicker } from './BadgePicker';
import { useFormAccount, type FormAccount } from './FormAccount';

/** A badge as a list names it: number, format, facility code. */
export const CardText = ({ card }: { card: Pick<ListedCard, 'badge_number' | 'facility_code' | 'card_format_name'> }) => {
    const translate = useTranslate();
    return (
        <Box>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {card.facility_code === null ? card.badge_number : `${card.facility_code}:${card.badge_number}`}
            </Typography>
            <Typography variant="caption" color="text.secondary">
                {card.card_format_name}
                {card.facility_code !== null && ` · ${translate('resources.profiles.facilityCode', { code: card.facility_code })}`}
            </Typography>
        </Box>
    );
};

/** Who holds a listed badge: a link to their profile, or that nobody does. */
export const HolderLink = ({ card }: { card: Pick<ListedCard, 'profile'> }) => {
    const translate = useTranslate();
    return card.profile ? (
        <Link component={RouterLink} to={`/profiles/${card.profile.id}`}>
            {card.profile.acs_id ?? translate('resources.profiles.noAcsId', { id: card.profile.id })}
        </Link>
    ) : (
        <Typography variant="body2" color="text.secondary" component="span">
            {translate('resources.opt_out.noHolder')}
        </Typography>
    );
};

/** A button of an empty list that takes the user to the form on the same screen that makes its rows. */
export const ToFormButton = ({ form, label, icon = <Add /> }: { form: string; label: string; icon?: ReactElement }) => (
    <RaButton variant="outlined" label={label} onClick={() => document.getElementById(form)?.focus()}>
        {icon}
    </RaButton>
);

/** The form of a badge list, which its empty state points at. */
export const ADD_CARD_FORM = 'add-badge-form';

/**
 * Adds one badge to a list: its account (useFormAccount), format, facility code, number, then the call;
 * `confirm` asks first (opting out deletes the holder).
 */
export const AddCardForm = ({
    path,
    label,
    confirm,
    onAdded,
    account,
}: {
    path: string;
    label: string;
    /** the account the badge is listed in */
    account: FormAccount;
    confirm?: { title: string; content: string };
    onAdded: (reply: ListedCard & { profiles_deleted?: number }) => void;
}) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [draft, setDraft] = useState<BadgeDraft>(emptyBadge);
    const [asking, setAsking] = useState(false);
    // Another account has other card formats.
    useEffect(() => setDraft(emptyBadge), [account.id]);
    const add = async () => {
        setAsking(false);
        try {
            const reply = await dataProvider.call<ListedCard & { profiles_deleted?: number }>(path, {
                method: 'POST',
                body: { ...toBadgeInput(draft), account_id: account.id },
            });
            setDraft(emptyBadge);
            onAdded(reply);
        } catch (e) {
            notices.failed(label, e);
        }
    };
    return (
        <Box
            component="form"
            id={ADD_CARD_FORM}
            tabIndex={-1}
            aria-label={translate(label)}
            onSubmit={e => {
                e.preventDefault();
                if (confirm) setAsking(true);
                else void add();
            }}
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', px: 2, py: 1 }}
        >
            {account.field}
            <BadgeFields value={draft} onChange={setDraft} accountId={account.id} />
            <MuiButton
                type="submit"
                variant="outlined"
                startIcon={<Add />}
                disabled={!account.id || !draft.card_format_id || !draft.badge_number}
            >
                {translate(label)}
            </MuiButton>
            {confirm && (
                <Confirm
                    isOpen={asking}
                    title={confirm.title}
                    content={confirm.content}
                    confirm="app.ok"
                    cancel="ra.action.cancel"
                    confirmColor="warning"
                    onConfirm={() => void add()}
                    onClose={() => setAsking(false)}
                />
            )}
        </Box>
    );
};

/** The remove button of a row, asking first. */
export const RemoveCard = ({ path, card, texts, onDone }: { path: string; card: ListedCard; texts: string; onDone: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [open, setOpen] = useState(false);
    const remove = async () => {
        setOpen(false);
        try {
            await dataProvider.call(`${path}/${card.id}`, { method: 'DELETE', body: { account_id: card.account_id } });
            notices.success(
                translate('notices.deletedPlain', { resource: translate('resources.profiles.fields.badges').toLocaleLowerCase() }),
            );
            onDone();
        } catch (e) {
            notices.failed(`${texts}.removeTitle`, e);
        }
    };
    return (
        <>
            <Tooltip title={translate(`${texts}.removeTitle`)}>
                <IconButton aria-label={translate(`${texts}.removeTitle`)} onClick={() => setOpen(true)} size="small">
                    <Delete fontSize="small" />
                </IconButton>
            </Tooltip>
            <Confirm
                isOpen={open}
                title={`${texts}.removeTitle`}
                content={`${texts}.removeContent`}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void remove()}
                onClose={() => setOpen(false)}
            />
        </>
    );
};

/** Takes entries of one account out of a list at once. */
type BulkRemoveCall = (ids: number[], accountId: number | undefined) => Promise<unknown>;

/** Removes the selected entries at once, after asking: one call per account, as the selection may span several. */
const BulkRemove = ({ remove, texts, onDone }: { remove: BulkRemoveCall; texts: string; onDone: () => void }) => {
    const { selectedIds, onUnselectItems, data = [] } = useListContext<ListedCard>();
    const notices = useNotices();
    const [open, setOpen] = useState(false);
    const run = async () => {
        setOpen(false);
        // An entry selected on another page is not at hand: the current account's, as the call takes it by default.
        const byAccount = new Map<number | undefined, number[]>();
        for (const id of selectedIds.map(Number)) {
            const accountId = data.find(c => c.id === id)?.account_id;
            byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), id]);
        }
        try {
            for (const [accountId, ids] of byAccount) await remove(ids, accountId);
            onUnselectItems();
            onDone();
        } catch (e) {
            notices.failed(`${texts}.removeTitle`, e);
        }
    };
    return (
        <>
            <RaButton label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
                <Delete />
            </RaButton>
            <Confirm
                isOpen={open}
                title={`${texts}.removeTitle`}
                content={`${texts}.removeContent`}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void run()}
                onClose={() => setOpen(false)}
            />
        </>
    );
};

/** The badge lists' default sort, the latest first: their account scope reads the address with it. */
export const CARD_LIST_SORT = { field: 'created_at', order: 'DESC' } as const;

/**
 * A badge list of the Profiles group (opt-out, adaptive): the badges with
 * their holder and account, who added them and when, search by number or
 * FC:NUMBER, add and remove for the roles that may write; its texts under
 * `texts` (intro, empty, emptyReadOnly, add...).
 */
export const CardListScreen = ({
    resource,
    texts,
    mayWrite,
    title,
    confirmAdd,
    actions = [],
    onAdded,
    picker,
    bulkRemove,
    emptyActions,
}: {
    /** the API path under /api/v2 without the leading slash: 'opt_out', 'cards/adaptive', 'exclusion' */
    resource: string;
    /** the i18n prefix of the list's texts */
    texts: string;
    mayWrite: boolean;
    title?: string;
    confirmAdd?: { title: string; content: string };
    actions?: ReactElement[];
    onAdded?: (reply: ListedCard & { profiles_deleted?: number }) => void;
    /** add by picking a badge of the account (GET /cards/autocomplete) instead of typing one */
    picker?: boolean;
    /** removes the selected entries of one account at once */
    bulkRemove?: BulkRemoveCall;
    /** what an empty list offers besides adding a badge, for the roles that may write */
    emptyActions?: ReactNode;
}) => {
    const translate = useTranslate();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const scope = useAccountScope(CARD_LIST_SORT);
    const account = useFormAccount(scope);
    const pick = async (badge: AccountBadge) => {
        try {
            const { card_format_id, facility_code, badge_number, account_id } = badge;
            // The badge's own account: the picker may list those of every account in the list's reach.
            const reply = await dataProvider.call<ListedCard>(`/${resource}`, {
                method: 'POST',
                body: { card_format_id, facility_code, badge_number, account_id },
            });
            reload();
            void queryClient.invalidateQueries({ queryKey: ['profiles'] });
            onAdded?.(reply);
            return true;
        } catch (e) {
            notices.failed(`${texts}.add`, e);
            return false;
        }
    };
    const reload = () => void queryClient.invalidateQueries({ queryKey: [resource] });
    return (
        <AppList
            resource={resource}
            sort={CARD_LIST_SORT}
            title={title}
            filters={[
                <SearchInput key="q" source="q" placeholder={translate('resources.profiles.search')} alwaysOn sx={{ width: 320 }} />,
                ...accountScopeFilter(scope),
            ]}
            filterDefaultValues={scope.defaults}
            permanentFilter={scope.permanentFilter}
            empty={false}
            actions={<TopToolbar>{actions}</TopToolbar>}
        >
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
                {translate(`${texts}.intro`)}
            </Typography>
            {mayWrite && picker && (
                <BadgePicker
                    id={ADD_CARD_FORM}
                    label={`${texts}.pick`}
                    button={`${texts}.addSelected`}
                    onPick={pick}
                    query={scopeQuery(scope.accountId)}
                    withAccount={scope.spansAccounts}
                />
            )}
            {mayWrite && !picker && (
                <AddCardForm
                    path={`/${resource}`}
                    label={`${texts}.add`}
                    account={account}
                    confirm={confirmAdd}
                    onAdded={reply => {
                        reload();
                        void queryClient.invalidateQueries({ queryKey: ['profiles'] });
                        onAdded?.(reply);
                    }}
                />
            )}
            <Datagrid
                bulkActionButtons={mayWrite && bulkRemove ? <BulkRemove remove={bulkRemove} texts={texts} onDone={reload} /> : false}
                rowClick={false}
                size="small"
                empty={
                    <ListEmpty text={`${texts}.${mayWrite ? 'empty' : 'emptyReadOnly'}`}>
                        {mayWrite && <ToFormButton form={ADD_CARD_FORM} label={`${texts}.add`} />}
                        {mayWrite && emptyActions}
                    </ListEmpty>
                }
            >
                <FunctionField
                    source="badge_number"
                    label="resources.profiles.fields.badge_number"
                    render={(c: ListedCard) => <CardText card={c} />}
                />
                {scope.spansAccounts && accountColumn()}
                <FunctionField
                    source="profile"
                    sortable={false}
                    label="resources.opt_out.holder"
                    render={(c: ListedCard) => <HolderLink card={c} />}
                />
                <FunctionField
                    source="created_by"
                    sortable={false}
                    label="resources.profiles.fields.created_by"
                    render={(c: ListedCard) => c.created_by ?? '-'}
                />
                <FunctionField
                    source="created_at"
                    label="resources.profiles.fields.created_at"
                    render={(c: ListedCard) => formatDate(c.created_at)}
                />
                {mayWrite && (
                    <FunctionField
                        label=""
                        sortable={false}
                        render={(c: ListedCard) => (
                            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                                <RemoveCard path={`/${resource}`} card={c} texts={texts} onDone={reload} />
                            </Stack>
                        )}
                    />
                )}
            </Datagrid>
        </AppList>
    );
};

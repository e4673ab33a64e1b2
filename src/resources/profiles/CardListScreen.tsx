import type { ReactElement, ReactNode } from 'react';
import { Button as MuiButton, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { useQueryClient } from '@tanstack/react-query';
import {
    Button as RaButton,
    Datagrid,
    FunctionField,
    TopToolbar,
    useCreate,
    useListContext,
    useTranslate,
    type DatagridProps,
} from 'react-admin';
import { ProfileSearchInput } from './ProfileSearchInput';
import type { AccountBadge, ListedCard, ListedCardInput as BadgeInput } from '../../../contract/cards';
import { accountColumn, accountScopeFilter, scopeQuery, useAccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ListEmpty } from '../../lists/ListEmpty';
import { useCallMutation } from '../../lists/useCallMutation';
import { useNotices } from '../../notifications/notices';
import { BadgeFields, emptyBadge, toBadgeInput } from './BadgeFields';
import { BadgePicker } from './BadgePicker';
import { badgeColumn, createdAtColumn, holderColumn } from './cardColumns';
import { ConfirmFirst, ConfirmIconButton } from './ConfirmButton';
import { useFormAccount, type FormAccount } from './FormAccount';
import { InlineForm, ToFormButton, useBadgeDraft } from './InlineForm';

/** The form of a badge list, which its empty state points at. */
export const ADD_CARD_FORM = 'add-badge-form';

/** What adding a badge answers: opting out deletes its holder's profile (SPEC 2.2 Bio opt-out). */
export type AddedCard = ListedCard & { profiles_deleted?: number };

/**
 * Adds a badge to a list (POST /{resource}) in the account of `data`: the list reloads (useCreate), and the
 * profiles, which opting out deletes; a failure is the notice `${texts}.add`. Resolves with whether it worked.
 */
const useAddCard = (resource: string, texts: string, onAdded?: (reply: AddedCard) => void) => {
    const notices = useNotices();
    const queryClient = useQueryClient();
    const [create] = useCreate<BadgeInput & { account_id?: number }, unknown, AddedCard>(resource, undefined, {
        onSuccess: reply => {
            void queryClient.invalidateQueries({ queryKey: ['profiles'] });
            onAdded?.(reply);
        },
        onError: e => notices.failed(`${texts}.add`, e),
    });
    return (data: BadgeInput & { account_id?: number }) =>
        create(resource, { data }, { returnPromise: true }).then(
            () => true,
            () => false,
        );
};

/**
 * Adds one badge to a list: its account (useFormAccount), format, facility code, number, then the call;
 * `confirm` asks first (opting out deletes the holder).
 */
export const AddCardForm = ({
    resource,
    texts,
    confirm,
    onAdded,
    account,
}: {
    /** the list, as CardListScreen's `resource` */
    resource: string;
    /** the i18n prefix of the list's texts: the form is `${texts}.add` */
    texts: string;
    /** the account the badge is listed in */
    account: FormAccount;
    confirm?: { title: string; content: string };
    onAdded?: (reply: AddedCard) => void;
}) => {
    const translate = useTranslate();
    const [draft, setDraft] = useBadgeDraft(account.id);
    const addCard = useAddCard(resource, texts, onAdded);
    const add = () => void addCard({ ...toBadgeInput(draft), account_id: account.id }).then(ok => ok && setDraft(emptyBadge));
    const label = `${texts}.add`;
    const form = (onSubmit: () => void) => (
        <InlineForm id={ADD_CARD_FORM} label={translate(label)} onSubmit={onSubmit}>
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
        </InlineForm>
    );
    // With a confirmation, the submit opens it and OK adds.
    return confirm ? <ConfirmFirst {...confirm} onConfirm={close => (close(), add())} button={form} /> : form(add);
};

/** The remove button of a row (DELETE /{resource}/{id} in the row's account), asking first. */
const RemoveCard = ({ resource, card, texts }: { resource: string; card: ListedCard; texts: string }) => {
    const translate = useTranslate();
    const { mutate } = useCallMutation({
        call: dataProvider => dataProvider.call(`/${resource}/${card.id}`, { method: 'DELETE', body: { account_id: card.account_id } }),
        reloads: [resource],
        failed: `${texts}.removeTitle`,
        done: () => translate('notices.deletedPlain', { resource: translate('resources.profiles.fields.badges').toLocaleLowerCase() }),
    });
    return (
        <ConfirmIconButton
            label={`${texts}.removeTitle`}
            title={`${texts}.removeTitle`}
            content={`${texts}.removeContent`}
            onConfirm={close => (close(), mutate())}
        />
    );
};

/**
 * Removes the selected entries at once (POST /{resource}/bulk {remove}), after asking: one call per account, as the
 * selection may span several.
 */
const BulkRemove = ({ resource, texts }: { resource: string; texts: string }) => {
    const { selectedIds, onUnselectItems, data = [] } = useListContext<ListedCard>();
    const { mutate } = useCallMutation({
        call: async (dataProvider, byAccount: Map<number | undefined, number[]>) => {
            for (const [accountId, ids] of byAccount)
                await dataProvider.call(`/${resource}/bulk`, { method: 'POST', body: { remove: ids, account_id: accountId } });
        },
        reloads: [resource],
        failed: `${texts}.removeTitle`,
    });
    const remove = () => {
        // An entry selected on another page is not at hand: the current account's, as the call takes it by default.
        const byAccount = new Map<number | undefined, number[]>();
        for (const id of selectedIds.map(Number)) {
            const accountId = data.find(c => c.id === id)?.account_id;
            byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), id]);
        }
        mutate(byAccount, { onSuccess: () => onUnselectItems() });
    };
    return (
        <ConfirmFirst
            title={`${texts}.removeTitle`}
            content={`${texts}.removeContent`}
            onConfirm={close => (close(), remove())}
            button={open => (
                <RaButton label="ra.action.delete" color="error" onClick={open}>
                    <Delete />
                </RaButton>
            )}
        />
    );
};

/**
 * The table of a badge list (opt-out, adaptive, exclusion): the badge, its account where the list spans several, its
 * holder, who added it (`withCreatedBy`) and when, and remove for the roles that may write; empty, it says
 * `emptyText` and points at the add form.
 */
export const CardGrid = ({
    resource,
    texts,
    mayWrite,
    emptyText,
    emptyActions,
    withAccount = false,
    withCreatedBy = false,
    ...rest
}: {
    resource: string;
    texts: string;
    mayWrite: boolean;
    emptyText: string;
    emptyActions?: ReactNode;
    withAccount?: boolean;
    withCreatedBy?: boolean;
} & Pick<DatagridProps, 'bulkActionButtons' | 'aria-label'>) => (
    <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        size="small"
        empty={
            <ListEmpty text={emptyText}>
                {mayWrite && <ToFormButton form={ADD_CARD_FORM} label={`${texts}.add`} />}
                {mayWrite && emptyActions}
            </ListEmpty>
        }
        {...rest}
    >
        {badgeColumn()}
        {withAccount && accountColumn()}
        {holderColumn()}
        {withCreatedBy && (
            <FunctionField
                source="created_by"
                sortable={false}
                label="resources.profiles.fields.created_by"
                render={(c: ListedCard) => c.created_by ?? '-'}
            />
        )}
        {createdAtColumn()}
        {mayWrite && (
            <FunctionField
                label=""
                sortable={false}
                render={(c: ListedCard) => (
                    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                        <RemoveCard resource={resource} card={c} texts={texts} />
                    </Stack>
                )}
            />
        )}
    </Datagrid>
);

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
    onAdded?: (reply: AddedCard) => void;
    /** add by picking a badge of the account (GET /cards/autocomplete) instead of typing one */
    picker?: boolean;
    /** the selected entries may be removed at once (POST /{resource}/bulk) */
    bulkRemove?: boolean;
    /** what an empty list offers besides adding a badge, for the roles that may write */
    emptyActions?: ReactNode;
}) => {
    const translate = useTranslate();
    const scope = useAccountScope(CARD_LIST_SORT);
    const account = useFormAccount(scope);
    const addCard = useAddCard(resource, texts, onAdded);
    // The badge's own account: the picker may list those of every account in the list's reach.
    const pick = ({ card_format_id, facility_code, badge_number, account_id }: AccountBadge) =>
        addCard({ card_format_id, facility_code, badge_number, account_id });
    return (
        <AppList
            resource={resource}
            sort={CARD_LIST_SORT}
            title={title}
            filters={[<ProfileSearchInput key="q" source="q" alwaysOn />, ...accountScopeFilter(scope)]}
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
                <AddCardForm resource={resource} texts={texts} account={account} confirm={confirmAdd} onAdded={onAdded} />
            )}
            <CardGrid
                resource={resource}
                texts={texts}
                mayWrite={mayWrite}
                emptyText={`${texts}.${mayWrite ? 'empty' : 'emptyReadOnly'}`}
                emptyActions={emptyActions}
                withAccount={scope.spansAccounts}
                withCreatedBy
                bulkActionButtons={mayWrite && bulkRemove ? <BulkRemove resource={resource} texts={texts} /> : false}
            />
        </AppList>
    );
};

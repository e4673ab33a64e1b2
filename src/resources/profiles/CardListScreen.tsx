import { useState, type ReactElement } from 'react';
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
import { AppList } from '../../lists/AppList';
import { useNotices } from '../../notifications/notices';
import { BadgeFields, emptyBadge, toBadgeInput, type BadgeDraft } from './BadgeFields';
import { BadgePicker } from './BadgePicker';

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

/**
 * Adds one badge to a list: format, facility code, number, then the call;
 * `confirm` asks first (opting out deletes the holder).
 */
export const AddCardForm = ({
    path,
    label,
    confirm,
    onAdded,
    accountId,
}: {
    path: string;
    label: string;
    /** the account the badge is listed in; the current one when absent */
    accountId?: number;
    confirm?: { title: string; content: string };
    onAdded: (reply: ListedCard & { profiles_deleted?: number }) => void;
}) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [draft, setDraft] = useState<BadgeDraft>(emptyBadge);
    const [asking, setAsking] = useState(false);
    const add = async () => {
        setAsking(false);
        try {
            const reply = await dataProvider.call<ListedCard & { profiles_deleted?: number }>(path, {
                method: 'POST',
                body: { ...toBadgeInput(draft), ...(accountId ? { account_id: accountId } : {}) },
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
            aria-label={translate(label)}
            onSubmit={e => {
                e.preventDefault();
                if (confirm) setAsking(true);
                else void add();
            }}
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', px: 2, py: 1 }}
        >
            <BadgeFields value={draft} onChange={setDraft} accountId={accountId} />
            <MuiButton type="submit" variant="outlined" startIcon={<Add />} disabled={!draft.card_format_id || !draft.badge_number}>
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

/** Removes the selected entries at once, after asking. */
const BulkRemove = ({ remove, texts, onDone }: { remove: (ids: number[]) => Promise<unknown>; texts: string; onDone: () => void }) => {
    const { selectedIds, onUnselectItems } = useListContext();
    const notices = useNotices();
    const [open, setOpen] = useState(false);
    const run = async () => {
        setOpen(false);
        try {
            await remove(selectedIds.map(Number));
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

const SORT = { field: 'created_at', order: 'DESC' } as const;

/**
 * A badge list of the Profiles group (opt-out, adaptive, exclusion): the
 * badges with their holder, who added them and when, search by number or
 * FC:NUMBER, add and remove for the roles that may write.
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
    /** removes the selected entries at once */
    bulkRemove?: (ids: number[]) => Promise<unknown>;
}) => {
    const translate = useTranslate();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const pick = async (badge: AccountBadge) => {
        try {
            const { card_format_id, facility_code, badge_number } = badge;
            const reply = await dataProvider.call<ListedCard>(`/${resource}`, {
                method: 'POST',
                body: { card_format_id, facility_code, badge_number },
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
            sort={SORT}
            title={title}
            filters={[<SearchInput key="q" source="q" placeholder={translate('resources.profiles.search')} alwaysOn sx={{ width: 320 }} />]}
            empty={false}
            actions={<TopToolbar>{actions}</TopToolbar>}
        >
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
                {translate(`${texts}.intro`)}
            </Typography>
            {mayWrite && picker && <BadgePicker label={`${texts}.pick`} button={`${texts}.addSelected`} onPick={pick} />}
            {mayWrite && !picker && (
                <AddCardForm
                    path={`/${resource}`}
                    label={`${texts}.add`}
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
            >
                <FunctionField
                    source="badge_number"
                    label="resources.profiles.fields.badge_number"
                    render={(c: ListedCard) => <CardText card={c} />}
                />
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

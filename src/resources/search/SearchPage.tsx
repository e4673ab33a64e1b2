import { useEffect, useState } from 'react';
import {
    Box,
    Card,
    CardContent,
    LinearProgress,
    List,
    ListItem,
    ListItemButton,
    ListItemText,
    Stack,
    TextField,
    Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { canSwitchAccount, hasAccountFilter } from '../../../contract/routes';
import { SEARCH_HITS_PER_KIND, SEARCH_MAX_LENGTH, type SearchGroup, type SearchHit, type SearchReply } from '../../../contract/search';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useAccountSwitch } from '../../layout/accountSwitch';
import { LoadFailure } from '../../components/LoadFailure';
import { ALL_ACCOUNTS, scopeQuery } from '../../lists/accountScope';
import { useSession } from '../../session/useSession';
import { hitPath } from './links';

/** A hit's second line: what matched or tells it apart, and the account it is in when hits span accounts. */
const secondary = (hit: SearchHit, spansAccounts: boolean) =>
    [hit.detail, spansAccounts ? hit.account_name : null].filter(Boolean).join(' · ');

const Group = ({
    group,
    spansAccounts,
    open,
}: {
    group: SearchGroup;
    spansAccounts: boolean;
    open: (group: SearchGroup, hit: SearchHit) => void;
}) => {
    const translate = useTranslate();
    const title = translate(`search.kinds.${group.kind}`);
    return (
        <Card variant="outlined" component="section" aria-label={title}>
            <CardContent sx={{ pb: 0 }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {title}{' '}
                    <Typography component="span" color="text.secondary">
                        ({group.more ? `${SEARCH_HITS_PER_KIND}+` : group.result.length})
                    </Typography>
                </Typography>
            </CardContent>
            <List dense>
                {group.result.map(hit => {
                    const text = <ListItemText primary={hit.label || hit.detail} secondary={secondary(hit, spansAccounts)} />;
                    return hitPath(group.kind, hit) === null ? (
                        <ListItem key={hit.id}>{text}</ListItem>
                    ) : (
                        <ListItemButton key={hit.id} onClick={() => open(group, hit)}>
                            {text}
                        </ListItemButton>
                    );
                })}
            </List>
            {group.more && (
                <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
                    {translate('search.more', { n: SEARCH_HITS_PER_KIND })}
                </Typography>
            )}
        </Card>
    );
};

/**
 * /search (SPEC 2.2): what matches the text among the kinds the caller may
 * read. As the lists do (src/lists/accountScope.tsx), admin, dealer and
 * installer search every account in reach from their own account, the
 * account they switched to otherwise; other roles their account. Opening a
 * hit in another account makes that account current first, as Switch Account
 * does (SPEC 4.3).
 */
export const SearchPage = () => {
    const translate = useTranslate();
    const session = useSession();
    const navigate = useNavigate();
    const { switchTo } = useAccountSwitch();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const [params, setParams] = useSearchParams();
    const q = (params.get('q') ?? '').trim();
    const [text, setText] = useState(q);
    // A search started elsewhere (the app bar) shows in this field too.
    useEffect(() => setText(q), [q]);
    const acrossAccounts =
        !!session && hasAccountFilter(session.role) && !session.flags.singleTenant && session.currentAccountId === session.ownAccountId;
    const scope = scopeQuery(acrossAccounts ? ALL_ACCOUNTS : undefined);
    const reply = useQuery({
        queryKey: ['search', session?.currentAccountId, scope, q],
        queryFn: ({ signal }) => dataProvider.call<SearchReply>('/search', { query: { q, ...scope }, signal }),
        enabled: !!q && !!session,
    });
    if (!session) return null;

    const open = async (group: SearchGroup, hit: SearchHit) => {
        const to = hitPath(group.kind, hit);
        if (!to) return;
        if (hit.account_id !== session.currentAccountId && canSwitchAccount(session.flags))
            await switchTo({ id: hit.account_id, name: hit.account_name });
        navigate(to);
    };
    const groups = reply.data?.groups ?? [];
    return (
        <Box sx={{ py: 2, maxWidth: 900 }}>
            <Title title={translate('search.title')} />
            <Typography variant="h5" component="h1">
                {translate('search.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
                {translate('search.intro')}
            </Typography>
            <Box
                component="form"
                onSubmit={e => {
                    e.preventDefault();
                    if (text.trim()) setParams({ q: text.trim() });
                }}
                sx={{ mb: 2 }}
            >
                <TextField
                    fullWidth
                    size="small"
                    type="search"
                    label={translate('search.box.label')}
                    value={text}
                    onChange={e => setText(e.target.value)}
                    slotProps={{ htmlInput: { maxLength: SEARCH_MAX_LENGTH } }}
                />
            </Box>
            {reply.isFetching && <LinearProgress sx={{ mb: 2 }} />}
            {reply.error ? (
                <LoadFailure onRefresh={() => void reply.refetch()} />
            ) : !q ? null : reply.data && groups.length === 0 ? (
                <Typography role="status">{translate('search.none', { q })}</Typography>
            ) : (
                <Stack spacing={2}>
                    {groups.map(group => (
                        <Group key={group.kind} group={group} spansAccounts={acrossAccounts} open={(g, h) => void open(g, h)} />
                    ))}
                </Stack>
            )}
            {!q && (
                <Typography color="text.secondary">
                    {translate('search.shortcut')}{' '}
                    <Box component="kbd" sx={{ border: 1, borderColor: 'divider', borderRadius: 0.5, px: 0.75, fontFamily: 'monospace' }}>
                        /
                    </Box>
                </Typography>
            )}
        </Box>
    );
};

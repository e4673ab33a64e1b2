import { useState } from 'react';
import {
    Box,
    Button as MuiButton,
    Card,
    CardContent,
    CardHeader,
    IconButton,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    TextField,
    Tooltip,
    Typography,
} from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { useQuery } from '@tanstack/react-query';
import { Confirm, Datagrid, FunctionField, Link, SearchInput, TopToolbar, useDataProvider, useTranslate } from 'react-admin';
import type { ExpirationTime, VisitorRange, VisitorRecord } from '../../../contract/cards';
import type { ListReply } from '../../../contract/api';
import { can } from '../../../contract/rights';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { AppList } from '../../lists/AppList';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { BadgeFields, emptyBadge, toBadgeInput, type BadgeDraft } from './BadgeFields';
import { CardText } from './CardListScreen';
import { useReloadingCall } from './useReloadingCall';

const t = (translate: (key: string, options?: object) => string) => (key: string, options?: object) =>
    translate(`resources.visitors.${key}`, options);

const useVisitorCall = () => useReloadingCall('cards/visitors', 'visitor-ranges');

/** The visitor badge ranges, one per card format and facility code (PATCH /cards/visitors/range sets one). */
const Ranges = ({ mayWrite }: { mayWrite: boolean }) => {
    const translate = useTranslate();
    const tr = t(translate);
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const run = useVisitorCall();
    const [draft, setDraft] = useState<BadgeDraft>(emptyBadge);
    const [first, setFirst] = useState('');
    const [last, setLast] = useState('');
    const [doomed, setDoomed] = useState<VisitorRange | null>(null);
    const { data } = useQuery({
        queryKey: ['visitor-ranges'],
        queryFn: ({ signal }) => dataProvider.call<ListReply<VisitorRange>>('/cards/visitors/range', { signal }),
    });
    const save = () => {
        const badge = toBadgeInput({ ...draft, badge_number: first });
        return run(
            () =>
                dataProvider.call('/cards/visitors/range', {
                    method: 'PATCH',
                    body: {
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
    const ranges = data?.result ?? [];
    return (
        <Card variant="outlined">
            <CardHeader title={tr('ranges')} slotProps={{ title: { variant: 'h6' } }} />
            <CardContent sx={{ pt: 0 }}>
                {ranges.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                        {tr('noRange')}
                    </Typography>
                ) : (
                    <Table size="small" aria-label={tr('ranges')}>
                        <TableHead>
                            <TableRow>
                                <TableCell>{translate('resources.profiles.badges.format')}</TableCell>
                                <TableCell>{translate('resources.profiles.badges.facility')}</TableCell>
                                <TableCell>{tr('first_number')}</TableCell>
                                <TableCell>{tr('last_number')}</TableCell>
                                <TableCell>{tr('visitorsInRange')}</TableCell>
                                {mayWrite && <TableCell />}
                            </TableRow>
                        </TableHead>
                        <TableBody>
                            {ranges.map(r => (
                                <TableRow key={r.id}>
                                    <TableCell>{r.card_format_name}</TableCell>
                                    <TableCell>{r.facility_code ?? '-'}</TableCell>
                                    <TableCell>{r.first_number}</TableCell>
                                    <TableCell>{r.last_number}</TableCell>
                                    <TableCell>{r.visitors}</TableCell>
                                    {mayWrite && (
                                        <TableCell align="right">
                                            <Tooltip title={tr('deleteRange')}>
                                                <IconButton aria-label={tr('deleteRange')} size="small" onClick={() => setDoomed(r)}>
                                                    <Delete fontSize="small" />
                                                </IconButton>
                                            </Tooltip>
                                        </TableCell>
                                    )}
                                </TableRow>
                            ))}
                        </TableBody>
                    </Table>
                )}
                {mayWrite && (
                    <Box
                        component="form"
                        aria-label={tr('setRange')}
                        onSubmit={e => {
                            e.preventDefault();
                            void save();
                        }}
                        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 2 }}
                    >
                        <BadgeFields value={draft} onChange={setDraft} withNumber={false} />
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
                        <MuiButton type="submit" variant="outlined" disabled={!draft.card_format_id}>
                            {tr('setRange')}
                        </MuiButton>
                    </Box>
                )}
            </CardContent>
            <Confirm
                isOpen={!!doomed}
                title={tr('deleteRange')}
                content={tr('deleteRangeContent')}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() =>
                    void run(
                        () => dataProvider.call(`/cards/visitors/range/${doomed!.id}`, { method: 'DELETE', body: {} }),
                        'resources.visitors.deleteRange',
                    ).then(() => setDoomed(null))
                }
                onClose={() => setDoomed(null)}
            />
        </Card>
    );
};

/** Issue a visitor badge (POST /cards/visitors): a badge of a range, an optional name; the default group unless told. */
const IssueVisitor = () => {
    const translate = useTranslate();
    const tr = t(translate);
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const run = useVisitorCall();
    const [draft, setDraft] = useState<BadgeDraft>(emptyBadge);
    const [name, setName] = useState('');
    const issue = async () => {
        let until = '';
        const ok = await run(async () => {
            const made = await dataProvider.call<{ expires_at: string | null }>('/cards/visitors', {
                method: 'POST',
                body: { ...toBadgeInput(draft), acs_id: name.trim() || null },
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
            aria-label={tr('issue')}
            onSubmit={e => {
                e.preventDefault();
                void issue();
            }}
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', px: 2, py: 1 }}
        >
            <BadgeFields value={draft} onChange={setDraft} />
            <TextField
                size="small"
                label={tr('nameOptional')}
                value={name}
                onChange={e => setName(e.target.value)}
                fullWidth={false}
                sx={{ width: 260 }}
            />
            <MuiButton type="submit" variant="contained" startIcon={<PersonAdd />} disabled={!draft.card_format_id || !draft.badge_number}>
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

/** /visitors: Visitors (SPEC 2.2): the ranges, today's visitors, and a visitor badge to issue. */
export const VisitorsPage = () => {
    const translate = useTranslate();
    const tr = t(translate);
    const session = useSession();
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
                ]}
                empty={false}
                actions={<TopToolbar />}
            >
                <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
                    {tr('intro', { zone: expiration?.time_zone ?? '…' })}
                </Typography>
                {mayWrite && <IssueVisitor />}
                <Datagrid
                    bulkActionButtons={false}
                    rowClick={false}
                    size="small"
                    empty={<Typography sx={{ p: 2 }}>{tr('noVisitor')}</Typography>}
                >
                    <FunctionField
                        source="badge_number"
                        label="resources.profiles.fields.badge_number"
                        render={(v: VisitorRecord) => <CardText card={v} />}
                    />
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
            <Box sx={{ px: { xs: 0, sm: 0 } }}>
                <Ranges mayWrite={mayWrite} />
            </Box>
        </Stack>
    );
};

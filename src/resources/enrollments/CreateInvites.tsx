import { useState } from 'react';
import { Alert, Autocomplete, Box, Button, Card, CardContent, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Send from '@mui/icons-material/Send';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useGetList, useTranslate } from 'react-admin';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import { useNavigate } from 'react-router-dom';
import type { EnrollmentRecord } from '../../../contract/enrollments';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';
import { BadgeFields, emptyBadge, toBadgeInput, type BadgeDraft } from '../profiles';

interface Person {
    name: string;
    email: string;
    badge: BadgeDraft;
    groups: { id: number; description: string }[];
}
const empty = (): Person => ({ name: '', email: '', badge: emptyBadge, groups: [] });

/** The person's access groups; none chosen means the account's default group. */
const GroupsPicker = ({ value, onChange }: { value: Person['groups']; onChange: (groups: Person['groups']) => void }) => {
    const translate = useTranslate();
    const { data = [] } = useGetList<{ id: number; description: string }>('access_groups', {
        pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
        sort: { field: 'description', order: 'ASC' },
    });
    return (
        <Autocomplete
            multiple
            size="small"
            options={data}
            value={value}
            onChange={(_e, groups) => onChange(groups)}
            getOptionLabel={g => g.description}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={params => <TextField {...params} label={translate('resources.web_enrollments.create.groups')} />}
            sx={{ width: 360 }}
        />
    );
};

/** The fields of a refused person, from the server's field names (people.2.email → person 3's e-mail). */
const fieldErrors = (error: unknown): Record<string, string> =>
    ((error as { body?: { fields?: Record<string, string> } }).body?.fields ?? {}) as Record<string, string>;

/**
 * /web-enrollments-create/invites: one or several people (name, e-mail, an
 * optional badge); they get their link by e-mail, in the account's default
 * access group (SPEC 2.2 Create Invites).
 */
export const CreateInvites = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const queryClient = useQueryClient();
    const navigate = useNavigate();
    const [people, setPeople] = useState<Person[]>([empty()]);
    const [errors, setErrors] = useState<Record<string, string>>({});
    const [problem, setProblem] = useState<string>();
    const [busy, setBusy] = useState(false);
    const t = (key: string, options?: object) => translate(`resources.web_enrollments.create.${key}`, options);
    const set = (i: number, change: Partial<Person>) => setPeople(list => list.map((p, j) => (j === i ? { ...p, ...change } : p)));
    const send = async () => {
        setBusy(true);
        setErrors({});
        setProblem(undefined);
        try {
            const { result } = await dataProvider.call<{ result: EnrollmentRecord[] }>('/web-enrollments/invites', {
                method: 'POST',
                body: {
                    people: people.map(p => ({
                        name: p.name,
                        email: p.email.trim(),
                        ...(p.badge.card_format_id && p.badge.badge_number ? { badge: toBadgeInput(p.badge) } : {}),
                        ...(p.groups.length ? { access_group_ids: p.groups.map(g => g.id) } : {}),
                    })),
                },
            });
            const failed = result.filter(r => r.status === 'failed').length;
            // the mail server did not take these yet (down, busy): the platform tries again on its own
            const waiting = result.filter(r => r.status === 'sent' && !r.sent_at).length;
            const details = [failed ? t('failed', { smart_count: failed }) : '', waiting ? t('waiting', { smart_count: waiting }) : ''];
            notices.success(t('sent', { smart_count: result.length - failed - waiting }), details.filter(Boolean).join(' ') || undefined);
            await queryClient.invalidateQueries({ queryKey: ['web-enrollments'] });
            navigate('/web-enrollments');
        } catch (e) {
            setErrors(fieldErrors(e));
            setProblem(
                Object.keys(fieldErrors(e)).length ? t('fix') : ((e as { body?: { error?: string } }).body?.error ?? (e as Error).message),
            );
        } finally {
            setBusy(false);
        }
    };
    const err = (i: number, field: string) => errors[`people.${i}.${field}`];
    return (
        <Box sx={{ p: 2, maxWidth: 960 }}>
            <Title title={translate('resources.web_enrollments.create.title')} />
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('intro')}
            </Typography>
            <Stack
                spacing={2}
                component="form"
                aria-label={t('title')}
                onSubmit={e => {
                    e.preventDefault();
                    void send();
                }}
            >
                {people.map((person, i) => (
                    <Card key={i} variant="outlined">
                        <CardContent
                            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
                            role="group"
                            aria-label={t('person', { n: i + 1 })}
                        >
                            <TextField
                                size="small"
                                required
                                label={t('name')}
                                value={person.name}
                                onChange={e => set(i, { name: e.target.value })}
                                error={!!err(i, 'name')}
                                helperText={err(i, 'name')}
                                fullWidth={false}
                                sx={{ width: 220 }}
                            />
                            <TextField
                                size="small"
                                required
                                type="email"
                                label={t('email')}
                                value={person.email}
                                onChange={e => set(i, { email: e.target.value })}
                                error={!!err(i, 'email')}
                                helperText={err(i, 'email')}
                                fullWidth={false}
                                sx={{ width: 260 }}
                            />
                            <BadgeFields value={person.badge} onChange={badge => set(i, { badge })} optional />
                            <GroupsPicker value={person.groups} onChange={groups => set(i, { groups })} />
                            {people.length > 1 && (
                                <Tooltip title={t('remove')}>
                                    <IconButton aria-label={t('remove')} onClick={() => setPeople(list => list.filter((_, j) => j !== i))}>
                                        <Delete />
                                    </IconButton>
                                </Tooltip>
                            )}
                            {Object.entries(errors)
                                .filter(([k]) => k.startsWith(`people.${i}.badge`) || k === `people.${i}.access_group_ids`)
                                .map(([k, v]) => (
                                    <Typography key={k} variant="caption" color="error" sx={{ width: '100%' }}>
                                        {v}
                                    </Typography>
                                ))}
                        </CardContent>
                    </Card>
                ))}
                {problem && <Alert severity="error">{problem}</Alert>}
                <Stack direction="row" spacing={1}>
                    <Button startIcon={<Add />} onClick={() => setPeople(list => [...list, empty()])} disabled={people.length >= 100}>
                        {t('add')}
                    </Button>
                    <Box sx={{ flex: 1 }} />
                    <Button
                        type="submit"
                        variant="contained"
                        startIcon={<Send />}
                        disabled={busy || people.some(p => !p.name.trim() || !p.email.trim())}
                    >
                        {t('send', { smart_count: people.length })}
                    </Button>
                </Stack>
            </Stack>
        </Box>
    );
};

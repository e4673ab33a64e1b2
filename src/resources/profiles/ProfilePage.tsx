import { useState, type ReactNode } from 'react';
import {
    Alert,
    Box,
    Button as MuiButton,
    Card,
    CardContent,
    CardHeader,
    Chip,
    Grid,
    IconButton,
    MenuItem,
    Stack,
    Switch,
    TextField,
    Tooltip,
    Typography,
    FormControlLabel,
} from '@mui/material';
import AddCard from '@mui/icons-material/AddCard';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { RecordContextProvider, ResourceContextProvider, useGetList, useGetOne, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { EventRecord } from '../../../contract/events';
import { PROFILE_STATUSES, type BadgeRecord, type ProfileRecord } from '../../../contract/profiles';
import { can } from '../../../contract/rights';
import { canOpenRoute } from '../../../contract/routes';
import type { ConsoleDataProvider } from '../../dataProvider';
import { saveFile } from '../../dataProvider/files';
import { formatDate } from '../../i18n/format';
import { LoadFailure } from '../../components/LoadFailure';
import { ConfirmDeleteButton } from '../../lists/ConfirmDeleteButton';
import { useCallMutation } from '../../lists/useCallMutation';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { MaybeLink } from '../../components/MaybeLink';
import { EventThumbnail } from '../events';
import { Facts } from '../../components/Facts';
import { BadgeLine, ProfileState } from './BadgeHolder';
import { BadgeFields, emptyBadge, toBadgeInput, type BadgeDraft } from './BadgeFields';
import { profileName } from './ProfileList';
import { ConfirmIconButton } from './ConfirmButton';

const Section = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => (
    <Card variant="outlined">
        <CardHeader title={title} action={action} slotProps={{ title: { variant: 'h6' } }} />
        <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
);

interface Group {
    id: number;
    description: string;
}

/** A change of the profile: the profile (its page and the lists) reloads, and `done` (resources.profiles.page.*) says so. */
const useProfileCall = <Vars,>(
    call: (dataProvider: ConsoleDataProvider, vars: Vars) => Promise<unknown>,
    failed: string,
    done?: string,
) => {
    const translate = useTranslate();
    return useCallMutation({
        call,
        reloads: ['profiles'],
        failed: `resources.profiles.page.${failed}`,
        done: () => done && translate(`resources.profiles.page.${done}`),
    });
};

/** Takes a badge off the profile (DELETE /profiles/{id}/card/{cardId}), asking first. */
const RemoveBadge = ({ profile, badge }: { profile: ProfileRecord; badge: BadgeRecord }) => {
    const translate = useTranslate();
    const { mutate, isPending } = useProfileCall(
        dataProvider => dataProvider.call(`/profiles/${profile.id}/card/${badge.id}`, { method: 'DELETE', body: {} }),
        'removeBadge',
        'badgeRemoved',
    );
    return (
        <ConfirmIconButton
            label="resources.profiles.page.removeBadge"
            size="medium"
            title={translate('resources.profiles.page.confirmRemoveBadge', { badge: badge.badge_number })}
            content="resources.profiles.page.confirmRemoveBadgeContent"
            pending={isPending}
            onConfirm={close => mutate(undefined, { onSettled: close })}
        />
    );
};

/** The badges with add and remove (POST /profiles/{id}/access with a card, DELETE /profiles/{id}/card/{cardId}). */
const Badges = ({ profile, mayChange, groups }: { profile: ProfileRecord; mayChange: boolean; groups: Group[] }) => {
    const translate = useTranslate();
    const [draft, setDraft] = useState<BadgeDraft>(emptyBadge);
    const [groupId, setGroupId] = useState<number | ''>(profile.access_group_ids[0] ?? '');
    const t = (key: string, options?: object) => translate(`resources.profiles.page.${key}`, options);
    const { mutate } = useProfileCall(
        dataProvider =>
            dataProvider.call(`/profiles/${profile.id}/access`, {
                method: 'POST',
                body: { access_group_id: groupId, card: toBadgeInput(draft), account_id: profile.account_id },
            }),
        'addBadge',
        'badgeAdded',
    );
    const add = () => mutate(undefined, { onSuccess: () => setDraft(emptyBadge) });
    return (
        <Section title={t('badges')}>
            <Stack spacing={1}>
                {profile.badges.length === 0 && (
                    <Typography variant="body2" color="text.secondary">
                        {translate('resources.profiles.noBadge')}
                    </Typography>
                )}
                {profile.badges.map(b => (
                    <Stack key={b.id} direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                        <Box>
                            <BadgeLine badge={b} />
                            <Typography variant="caption" color="text.secondary">
                                {translate('resources.profiles.fields.card_length')}: {b.card_length}
                            </Typography>
                        </Box>
                        {mayChange && <RemoveBadge profile={profile} badge={b} />}
                    </Stack>
                ))}
            </Stack>
            {mayChange && (
                <Box
                    component="form"
                    aria-label={t('addBadge')}
                    sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}
                    onSubmit={e => {
                        e.preventDefault();
                        add();
                    }}
                >
                    <Typography variant="subtitle2">{t('addBadge')}</Typography>
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                        {t('addBadgeHelp')}
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
                        <BadgeFields value={draft} onChange={setDraft} />
                        <TextField
                            select
                            size="small"
                            label={translate('resources.profiles.fields.access_group_id')}
                            // the account's groups come after the profile: until then the select has no option to show
                            value={groups.some(g => g.id === groupId) ? groupId : ''}
                            onChange={e => setGroupId(Number(e.target.value))}
                            fullWidth={false}
                            sx={{ width: 200 }}
                        >
                            {groups.map(g => (
                                <MenuItem key={g.id} value={g.id}>
                                    {g.description}
                                </MenuItem>
                            ))}
                        </TextField>
                        <MuiButton type="submit" variant="outlined" startIcon={<AddCard />} disabled={!draft.card_format_id || !groupId}>
                            {translate('ra.action.add')}
                        </MuiButton>
                    </Stack>
                </Box>
            )}
        </Section>
    );
};

/** The groups the profile is in, with add and remove (POST/DELETE /profiles/{id}/access); one group at least (SPEC 5). */
const Groups = ({ profile, mayChange, groups }: { profile: ProfileRecord; mayChange: boolean; groups: Group[] }) => {
    const translate = useTranslate();
    const t = (key: string) => translate(`resources.profiles.page.${key}`);
    const others = groups.filter(g => !profile.access_group_ids.includes(g.id));
    const join = useProfileCall(
        (dataProvider, access_group_id: number) =>
            dataProvider.call(`/profiles/${profile.id}/access`, {
                method: 'POST',
                body: { access_group_id, account_id: profile.account_id },
            }),
        'addGroup',
        'statusChanged',
    );
    const leave = useProfileCall(
        (dataProvider, access_group_id: number) =>
            dataProvider.call(`/profiles/${profile.id}/access`, {
                method: 'DELETE',
                body: { access_group_id, account_id: profile.account_id },
            }),
        'removeGroup',
        'statusChanged',
    );
    return (
        <Section title={t('groups')}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {profile.access_groups.map(g => (
                    <Chip
                        key={g.id}
                        label={g.description}
                        variant="outlined"
                        {...(mayChange && profile.access_groups.length > 1 ? { onDelete: () => leave.mutate(g.id) } : {})}
                    />
                ))}
            </Box>
            {mayChange && profile.access_groups.length === 1 && (
                <Typography variant="caption" color="text.secondary">
                    {t('lastGroup')}
                </Typography>
            )}
            {mayChange && others.length > 0 && (
                <TextField
                    select
                    size="small"
                    label={t('addGroup')}
                    value=""
                    onChange={e => join.mutate(Number(e.target.value))}
                    fullWidth={false}
                    sx={{ mt: 2, width: 260, display: 'flex' }}
                >
                    {others.map(g => (
                        <MenuItem key={g.id} value={g.id}>
                            {g.description}
                        </MenuItem>
                    ))}
                </TextField>
            )}
        </Section>
    );
};

/** The latest security events showing the profile, with their pictures. */
const LatestEvents = ({ profile }: { profile: ProfileRecord }) => {
    const translate = useTranslate();
    const session = useSession();
    const mayOpen = !!session && canOpenRoute('events', session.flags);
    const { data = [], isPending } = useGetList<EventRecord>(
        'events',
        {
            pagination: { page: 1, perPage: 6 },
            sort: { field: 'timestamp', order: 'DESC' },
            filter: { profile_id: profile.id, account_id: profile.account_id },
        },
        { enabled: mayOpen },
    );
    if (!mayOpen) return null;
    const t = (key: string) => translate(`resources.profiles.page.${key}`);
    return (
        <Section
            title={t('events')}
            action={
                <MuiButton component={RouterLink} to={`/events?profile_id=${profile.id}`} size="small">
                    {t('allEvents')}
                </MuiButton>
            }
        >
            {!isPending && data.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                    {t('noEvents')}
                </Typography>
            )}
            <Grid container spacing={1}>
                {data.map(e => (
                    <Grid key={e.id} size={{ xs: 6, sm: 4 }}>
                        <EventThumbnail event={e} width="100%" height={96} />
                        <Typography variant="caption" component="div">
                            {translate(`resources.events.types.${e.event}`, { _: e.event })}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                            {formatDate(e.timestamp)}
                        </Typography>
                    </Grid>
                ))}
            </Grid>
        </Section>
    );
};

/** consent.pdf of a profile (GET /profiles/{id}/download_consent), SPEC 9 default file name. */
export const ConsentDownload = ({ profile, compact }: { profile: Pick<ProfileRecord, 'id'>; compact?: boolean }) => {
    const translate = useTranslate();
    const label = translate('resources.profiles.page.download');
    const { mutate } = useCallMutation({
        call: dataProvider => dataProvider.download(`/profiles/${profile.id}/download_consent`),
        failed: 'resources.profiles.page.download',
    });
    const download = () => mutate(undefined, { onSuccess: file => saveFile(file, 'consent.pdf') });
    return compact ? (
        <Tooltip title={label}>
            <IconButton
                aria-label={label}
                size="small"
                onClick={e => {
                    // in a list row: download, do not open the row
                    e.stopPropagation();
                    download();
                }}
            >
                <Download fontSize="small" />
            </IconButton>
        </Tooltip>
    ) : (
        <MuiButton size="small" startIcon={<Download />} onClick={download}>
            {label}
        </MuiButton>
    );
};

/** The consent record (SPEC 2.2 /consented), consent.pdf to download, and a paper consent to record. */
const Consent = ({ profile, mayChange }: { profile: ProfileRecord; mayChange: boolean }) => {
    const translate = useTranslate();
    const [file, setFile] = useState<File | null>(null);
    const [version, setVersion] = useState('');
    const t = (key: string, options?: object) => translate(`resources.profiles.page.${key}`, options);
    const consent = profile.consent;
    const { mutate } = useProfileCall(
        (dataProvider, form: FormData) => dataProvider.multipart(`/profiles/${profile.id}/consent?account_id=${profile.account_id}`, form),
        'recordConsent',
        'consentRecorded',
    );
    const record = () => {
        const form = new FormData();
        form.append('document_version', version);
        form.append('file', file!);
        mutate(form, { onSuccess: () => (setFile(null), setVersion('')) });
    };
    return (
        <Section title={t('consent')}>
            {consent ? (
                <Stack spacing={0.5}>
                    <Typography variant="body2">
                        {t('consentGiven', { date: formatDate(consent.accepted_at), method: t(`methods.${consent.method}`) })}
                    </Typography>
                    {consent.document_version && (
                        <Typography variant="body2" color="text.secondary">
                            {t('consentVersion', { version: consent.document_version })}
                        </Typography>
                    )}
                    {consent.document && (
                        <Box>
                            <ConsentDownload profile={profile} />
                        </Box>
                    )}
                </Stack>
            ) : (
                <Typography variant="body2" color="text.secondary">
                    {t('noConsent')}
                </Typography>
            )}
            {mayChange && (
                <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
                    <MuiButton component="label" variant="outlined" size="small" startIcon={<UploadFile />}>
                        {file ? file.name : t('recordConsent')}
                        <input hidden type="file" accept="application/pdf,.pdf" onChange={e => setFile(e.target.files?.[0] ?? null)} />
                    </MuiButton>
                    <TextField
                        size="small"
                        label={t('documentVersion')}
                        value={version}
                        onChange={e => setVersion(e.target.value)}
                        fullWidth={false}
                        sx={{ width: 180 }}
                    />
                    <MuiButton variant="contained" size="small" disabled={!file} onClick={record}>
                        {translate('ra.action.save')}
                    </MuiButton>
                </Stack>
            )}
        </Section>
    );
};

/** Status and enabled, changed in place (PUT /profiles/{id}). */
const StateControls = ({ profile, mayChange }: { profile: ProfileRecord; mayChange: boolean }) => {
    const translate = useTranslate();
    const notices = useNotices();
    const [update] = useUpdate<ProfileRecord>();
    const put = (data: Partial<ProfileRecord>) =>
        update(
            'profiles',
            { id: profile.id, data: { ...data, account_id: profile.account_id } },
            {
                mutationMode: 'pessimistic',
                onSuccess: () => notices.success(translate('resources.profiles.page.statusChanged')),
                onError: e => notices.failed('resources.profiles.page.statusChanged', e),
            },
        );
    if (!mayChange) return <ProfileState profile={profile} />;
    return (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <TextField
                select
                size="small"
                label={translate('resources.profiles.fields.status')}
                value={profile.status}
                onChange={e => void put({ status: e.target.value as ProfileRecord['status'] })}
                fullWidth={false}
                sx={{ width: 180 }}
            >
                {PROFILE_STATUSES.map(s => (
                    <MenuItem key={s} value={s}>
                        {translate(`resources.profiles.statuses.${s}`)}
                    </MenuItem>
                ))}
            </TextField>
            <FormControlLabel
                control={<Switch checked={profile.enabled} onChange={e => void put({ enabled: e.target.checked })} />}
                label={translate('resources.profiles.page.enable')}
            />
        </Stack>
    );
};

/** /profiles/:id: Profile (SPEC 2.2, 3 Profile, 4.7). */
export const ProfilePage = () => {
    const translate = useTranslate();
    const session = useSession();
    const id = Number(useParams().id);
    const { data: profile, error, refetch } = useGetOne<ProfileRecord>('profiles', { id }, { enabled: Number.isInteger(id) && id > 0 });
    const { data: groups = [] } = useGetList<Group>(
        'access_groups',
        {
            pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
            sort: { field: 'description', order: 'ASC' },
            filter: { account_id: profile?.account_id },
        },
        { enabled: !!profile },
    );
    if (error) {
        const status = (error as { status?: number }).status;
        return status === 404 ? (
            <Alert severity="warning" sx={{ m: 2 }}>
                {translate('ra.page.not_found')}
            </Alert>
        ) : (
            <LoadFailure onRefresh={() => void refetch()} />
        );
    }
    if (!profile || !session) return null;
    const mayChange = can(session.role, 'profiles', 'write');
    const t = (key: string) => translate(`resources.profiles.page.${key}`);
    const mayOpenDevices = canOpenRoute('devices', session.flags);
    return (
        <ResourceContextProvider value="profiles">
            <RecordContextProvider value={profile}>
                <Box sx={{ p: 2 }}>
                    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
                        <Typography variant="h5" component="h1">
                            {profileName(translate, profile)}
                        </Typography>
                        <ProfileState profile={profile} />
                        <Box sx={{ flex: 1 }} />
                        {can(session.role, 'profiles', 'delete') && (
                            <ConfirmDeleteButton redirect="/profiles" name={profileName(translate, profile)} />
                        )}
                    </Stack>
                    <Grid container spacing={2}>
                        <Grid size={{ xs: 12, md: 6 }}>
                            <Stack spacing={2}>
                                <Section title={t('facts')}>
                                    <StateControls profile={profile} mayChange={mayChange} />
                                    <Box sx={{ mt: 2 }}>
                                        <Facts
                                            rows={[
                                                ['resources.profiles.fields.acs_id', profile.acs_id],
                                                ['resources.profiles.fields.created_at', formatDate(profile.created_at)],
                                                ['resources.profiles.fields.last_activity_at', formatDate(profile.last_activity_at)],
                                                [
                                                    'resources.profiles.fields.last_event',
                                                    profile.last_event &&
                                                        (profile.last_event.event ? (
                                                            <MaybeLink
                                                                to={`/events?profile_id=${profile.id}`}
                                                                allowed={canOpenRoute('events', session.flags)}
                                                            >
                                                                {translate(`resources.events.types.${profile.last_event.event}`, {
                                                                    _: profile.last_event.event,
                                                                })}
                                                                {` · ${formatDate(profile.last_event.timestamp)}`}
                                                            </MaybeLink>
                                                        ) : (
                                                            t('eventGone')
                                                        )),
                                                ],
                                                [
                                                    'resources.profiles.fields.last_device',
                                                    profile.last_device &&
                                                        (profile.last_device.description === null ? (
                                                            t('deviceDeleted')
                                                        ) : (
                                                            <MaybeLink to={`/devices/${profile.last_device.id}`} allowed={mayOpenDevices}>
                                                                {profile.last_device.description}
                                                            </MaybeLink>
                                                        )),
                                                ],
                                                [
                                                    'resources.profiles.fields.expires_at',
                                                    profile.expires_at ? formatDate(profile.expires_at) : t('never'),
                                                ],
                                            ]}
                                        />
                                    </Box>
                                </Section>
                                <Badges profile={profile} mayChange={mayChange} groups={groups} />
                                <Groups profile={profile} mayChange={mayChange} groups={groups} />
                            </Stack>
                        </Grid>
                        <Grid size={{ xs: 12, md: 6 }}>
                            <Stack spacing={2}>
                                <LatestEvents profile={profile} />
                                <Consent profile={profile} mayChange={mayChange} />
                            </Stack>
                        </Grid>
                    </Grid>
                </Box>
            </RecordContextProvider>
        </ResourceContextProvider>
    );
};

import type { ReactNode } from 'react';
import { Box, Chip, Divider, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { EventRecord } from '../../../contract/events';
import { canOpenRoute } from '../../../contract/routes';
import { MaybeLink } from '../../components/MaybeLink';
import { formatDate } from '../../i18n/format';
import { useSession } from '../../session/useSession';
import { EventImage } from './EventImage';

type EventProfile = EventRecord['profiles'][number];

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
    <TableRow>
        <TableCell component="th" scope="row" sx={{ width: 200, color: 'text.secondary', borderBottom: 'none', py: 0.5, pl: 0 }}>
            {label}
        </TableCell>
        <TableCell sx={{ borderBottom: 'none', py: 0.5 }}>{children}</TableCell>
    </TableRow>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {title}
        </Typography>
        {children}
    </Box>
);

/** The device of an event: a link to it, 'Device deleted' (SPEC 8.3) when it is gone, '-' when there is none. */
export const DeviceLink = ({ event }: { event: Pick<EventRecord, 'device_id' | 'device_description' | 'device_deleted'> }) => {
    const translate = useTranslate();
    const session = useSession();
    if (event.device_deleted)
        return (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                {translate('resources.events.deleted.device')}
            </Typography>
        );
    if (event.device_id === null) return <>-</>;
    return (
        <MaybeLink to={`/devices/${event.device_id}`} allowed={!!session && canOpenRoute('devices', session.flags)}>
            {event.device_description || `#${event.device_id}`}
        </MaybeLink>
    );
};

/** A profile of an event: a link to it, 'Profile deleted' (SPEC 8.3) when it is gone. */
export const ProfileLink = ({ profile }: { profile: EventProfile }) => {
    const translate = useTranslate();
    const session = useSession();
    if (profile.profile_deleted)
        return (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                {translate('resources.events.deleted.profile')}
            </Typography>
        );
    if (profile.profile_id === null) return <>{translate('resources.events.details.unknownProfile')}</>;
    return (
        <MaybeLink to={`/profiles/${profile.profile_id}`} allowed={!!session && canOpenRoute('profiles', session.flags)}>
            {profile.acs_id ?? `#${profile.profile_id}`}
        </MaybeLink>
    );
};

/** SPEC 4.7's labels for a badge in enrollment, an inactive profile and a disabled badge. */
const profileLabels = (p: EventProfile): string[] => [
    ...(p.status === 'enrollment' ? ['badgeInEnrollment'] : []),
    ...(p.status === 'inactive' ? ['inactiveProfile'] : []),
    ...(p.enabled === false ? ['inactiveBadge'] : []),
];

const ProfileCard = ({ profile }: { profile: EventProfile }) => {
    const translate = useTranslate();
    const t = (key: string) => translate(`resources.events.details.${key}`);
    return (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {profile.profile_id !== null && !profile.profile_deleted && `${t('profile')} `}
                    <ProfileLink profile={profile} />
                </Typography>
                {profileLabels(profile).map(label => (
                    <Chip key={label} size="small" color="warning" variant="outlined" label={t(`labels.${label}`)} />
                ))}
            </Stack>
            <Table size="small">
                <TableBody>
                    {profile.role && <Row label={t('role')}>{profile.role}</Row>}
                    {profile.status && (
                        <Row label={t('status')}>{translate(`resources.profiles.statuses.${profile.status}`, { _: profile.status })}</Row>
                    )}
                    <Row label={t('badge')}>{profile.badge_number ?? '-'}</Row>
                    <Row label={t('facilityCode')}>{profile.facility_code ?? '-'}</Row>
                    {profile.card_locked !== null && (
                        <Row label={t('cardLocked')}>{translate(profile.card_locked ? 'app.yes' : 'app.no')}</Row>
                    )}
                    {profile.deletion_cause && <Row label={t('deletionCause')}>{profile.deletion_cause}</Row>}
                </TableBody>
            </Table>
        </Box>
    );
};

const identityText = (value: unknown) =>
    value === null || value === undefined ? '-' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** SPEC 2.6 'Event Details' in the quick-view drawer: the image (boxes on incidents), device, profiles with their badges, SIP, identity. */
export const EventDetails = ({ event }: { event: EventRecord }) => {
    const translate = useTranslate();
    const t = (key: string) => translate(`resources.events.details.${key}`);
    return (
        <Box sx={{ p: 2 }}>
            <EventImage event={event} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
                <Typography variant="h6" component="p">
                    {translate(`resources.events.types.${event.event}`, { _: event.event })}
                </Typography>
                {event.incident && <Chip size="small" color="error" label={translate('resources.events.incident')} />}
                <Chip size="small" variant="outlined" label={translate(`resources.events.groups.${event.group}`)} />
            </Stack>
            <Table size="small" sx={{ mt: 1 }}>
                <TableBody>
                    <Row label={t('time')}>{formatDate(event.timestamp)}</Row>
                    <Row label={t('device')}>
                        <DeviceLink event={event} />
                    </Row>
                    {event.device_mode && (
                        <Row label={t('deviceMode')}>
                            {translate(`resources.devices.roles.${event.device_mode}`, { _: event.device_mode })}
                        </Row>
                    )}
                    {event.tailgated && <Row label={t('tailgated')}>{translate('app.yes')}</Row>}
                    {event.sip_call && <Row label={t('sip')}>{event.sip_call.remote_station}</Row>}
                    <Row label={t('id')}>{event.id}</Row>
                </TableBody>
            </Table>
            <Divider sx={{ mt: 1 }} />
            <Section title={t('profiles')}>
                {event.profiles.length ? (
                    event.profiles.map((p, i) => <ProfileCard key={i} profile={p} />)
                ) : (
                    <Typography variant="body2" color="text.secondary">
                        {t('noProfiles')}
                    </Typography>
                )}
            </Section>
            {event.identity && Object.keys(event.identity).length > 0 && (
                <Section title={t('identity')}>
                    <Table size="small">
                        <TableBody>
                            {Object.entries(event.identity).map(([key, value]) => (
                                <Row key={key} label={key}>
                                    {identityText(value)}
                                </Row>
                            ))}
                        </TableBody>
                    </Table>
                </Section>
            )}
        </Box>
    );
};

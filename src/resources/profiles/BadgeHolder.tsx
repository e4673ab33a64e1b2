import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BadgeRecord, MemberProfile } from '../../../contract/profiles';

/** SPEC 4.7: an inactive profile is labelled so; a disabled profile and a visitor's say it too. */
export const ProfileState = ({ profile }: { profile: MemberProfile }) => {
    const translate = useTranslate();
    return (
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {profile.status === 'inactive' ? (
                <Chip size="small" color="warning" label={translate('resources.profiles.labels.inactiveProfile')} />
            ) : (
                <Chip size="small" variant="outlined" label={translate(`resources.profiles.statuses.${profile.status}`)} />
            )}
            {!profile.enabled && <Chip size="small" label={translate('resources.profiles.disabled')} />}
            {profile.visitor && <Chip size="small" color="secondary" label={translate('resources.profiles.visitor')} />}
        </Stack>
    );
};

/** A badge: format, number and facility code, with SPEC 4.7's 'Badge ID in enrollment' and 'Inactive badge ID', and its lists. */
export const BadgeLine = ({ badge }: { badge: BadgeRecord }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {badge.badge_number}
            </Typography>
            <Typography variant="caption" color="text.secondary">
                {badge.card_format_name}
                {badge.facility_code !== null && ` · ${translate('resources.profiles.facilityCode', { code: badge.facility_code })}`}
            </Typography>
            {badge.status === 'enrollment' && (
                <Chip size="small" color="info" label={translate('resources.profiles.labels.badgeEnrollment')} />
            )}
            {!badge.enabled && <Chip size="small" color="warning" label={translate('resources.profiles.labels.inactiveBadge')} />}
            {badge.adaptive && (
                <Chip size="small" variant="outlined" color="secondary" label={translate('resources.profiles.labels.adaptive')} />
            )}
            {badge.excluded && <Chip size="small" variant="outlined" label={translate('resources.profiles.labels.excluded')} />}
        </Box>
    );
};

export const BadgeList = ({ badges }: { badges: BadgeRecord[] }) => {
    const translate = useTranslate();
    if (!badges.length)
        return (
            <Typography variant="body2" color="text.secondary">
                {translate('resources.profiles.noBadge')}
            </Typography>
        );
    return (
        <Stack spacing={0.5}>
            {badges.map(b => (
                <BadgeLine key={b.id} badge={b} />
            ))}
        </Stack>
    );
};

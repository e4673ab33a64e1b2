import { useEffect, useMemo, useState } from 'react';
import {
    Alert,
    Autocomplete,
    Box,
    Button,
    Divider,
    FormControlLabel,
    Radio,
    RadioGroup,
    Stack,
    TextField,
    Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import {
    DEFAULT_TIME_ZONE,
    PROFILE_INACTIVITY_MAX_DAYS,
    PROFILE_POLICY_OPTIONS,
    accountTimeZone,
    enrollmentImagePolicy,
    profileInactivityDays,
} from '../../../contract/cards';
import { can } from '../../../contract/rights';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { useAccountOptions, withOption } from '../accounts';
import { ExclusionList } from './ExclusionList';

const validDays = (text: string) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= PROFILE_INACTIVITY_MAX_DAYS;

/**
 * SPEC 3 account settings: the profile expiration policy (time zone; never,
 * or delete profiles inactive for N days; the exclusion list) and the image
 * retention policy of enrollment images (keep all, a period, do not retain),
 * as the options contract/cards.ts reads and the server's jobs apply.
 */
export const ProfilePolicySection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const notices = useNotices();
    const session = useSession();
    const { options, failed, save } = useAccountOptions(accountId);
    const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
    const [zone, setZone] = useState(DEFAULT_TIME_ZONE);
    const [expiry, setExpiry] = useState({ mode: 'never', days: '' });
    const [images, setImages] = useState({ mode: 'all', days: '' });
    useEffect(() => {
        if (!options) return;
        setZone(accountTimeZone(options));
        const days = profileInactivityDays(options);
        setExpiry({ mode: days ? 'inactive' : 'never', days: days ? String(days) : '' });
        const policy = enrollmentImagePolicy(options);
        setImages({ mode: policy.keep, days: policy.keep === 'days' ? String(policy.days) : '' });
    }, [options]);
    const t = (key: string) => translate(`resources.profile_policy.${key}`);
    if (failed) return <Alert severity="error">{translate('layout.failure.text')}</Alert>;
    if (!options || !session) return null;
    const readOnly = !can(session.role, 'accounts', 'edit');
    const wrong = (expiry.mode === 'inactive' && !validDays(expiry.days)) || (images.mode === 'days' && !validDays(images.days));
    const submit = () => {
        let next = withOption(options, PROFILE_POLICY_OPTIONS.timeZone, zone, 'string');
        next = withOption(next, PROFILE_POLICY_OPTIONS.profiles, expiry.mode === 'never' ? 'never' : expiry.days, 'string');
        next = withOption(next, PROFILE_POLICY_OPTIONS.enrollmentImages, images.mode === 'days' ? images.days : images.mode, 'string');
        return save(next)
            .then(() => notify(t('saved'), { type: 'success' }))
            .catch(e => notices.modifyFailed('accounts', e));
    };
    const daysField = (value: string, onChange: (days: string) => void, disabled: boolean) => (
        <TextField
            size="small"
            label={t('days')}
            value={value}
            disabled={disabled || readOnly}
            onChange={e => onChange(e.target.value.replace(/\D/g, ''))}
            error={!disabled && value !== '' && !validDays(value)}
            helperText={!disabled && value !== '' && !validDays(value) ? t('daysInvalid') : undefined}
            sx={{ width: 120, ml: 4 }}
        />
    );
    return (
        <Box sx={{ p: 2, maxWidth: 720 }}>
            <Stack spacing={2}>
                <Typography variant="h6">{t('expiration')}</Typography>
                <Autocomplete
                    options={zones}
                    value={zone}
                    disableClearable
                    disabled={readOnly}
                    onChange={(_e, v) => setZone(v)}
                    renderInput={params => <TextField {...params} size="small" label={t('timeZone')} helperText={t('timeZoneHelp')} />}
                    sx={{ maxWidth: 360 }}
                />
                <RadioGroup value={expiry.mode} onChange={e => setExpiry({ ...expiry, mode: e.target.value })} aria-label={t('policy')}>
                    <FormControlLabel value="never" control={<Radio />} label={t('never')} disabled={readOnly} />
                    <FormControlLabel value="inactive" control={<Radio />} label={t('inactive')} disabled={readOnly} />
                    {daysField(expiry.days, days => setExpiry({ mode: 'inactive', days }), expiry.mode !== 'inactive')}
                </RadioGroup>
                <Typography variant="h6">{t('retention')}</Typography>
                <RadioGroup value={images.mode} onChange={e => setImages({ ...images, mode: e.target.value })} aria-label={t('retention')}>
                    <FormControlLabel value="all" control={<Radio />} label={t('keepAll')} disabled={readOnly} />
                    <FormControlLabel value="days" control={<Radio />} label={t('keepDays')} disabled={readOnly} />
                    {daysField(images.days, days => setImages({ mode: 'days', days }), images.mode !== 'days')}
                    <FormControlLabel value="none" control={<Radio />} label={t('keepNone')} disabled={readOnly} />
                </RadioGroup>
                {!readOnly && (
                    <Box>
                        <Button variant="contained" disabled={wrong} onClick={() => void submit()}>
                            {translate('ra.action.save')}
                        </Button>
                    </Box>
                )}
                <Divider />
                <ExclusionList accountId={accountId} mayWrite={can(session.role, 'profiles', 'write')} />
            </Stack>
        </Box>
    );
};

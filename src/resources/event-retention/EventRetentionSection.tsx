import { useEffect, useState } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { can } from '../../../contract/rights';
import {
    EVENT_RETENTION_DEFAULT_DAYS,
    EVENT_RETENTION_MAX_DAYS,
    EVENT_RETENTION_OPTIONS,
    type EventRetentionSetting,
} from '../../../contract/event-retention';
import type { AccountOption } from '../../../contract/session';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';

const SETTINGS: EventRetentionSetting[] = ['eventImagesDays', 'eventsDays'];

/** '' keeps the default; otherwise a whole number of days from 1 to the maximum. */
const invalid = (value: string) =>
    value.trim() !== '' && !(/^\d+$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= EVENT_RETENTION_MAX_DAYS);

/**
 * SPEC 3 account settings "image retention policy" (event images) and
 * "security event retention policy": days kept, as account options; the
 * server's retention job applies them (docs/events.md).
 */
export const EventRetentionSection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notify = useNotify();
    const notices = useNotices();
    const session = useSession();
    const [options, setOptions] = useState<AccountOption[]>();
    const [values, setValues] = useState<Record<EventRetentionSetting, string>>({ eventImagesDays: '', eventsDays: '' });
    const [failed, setFailed] = useState(false);
    const readOnly = !session || !can(session.role, 'accounts', 'edit');

    useEffect(() => {
        dataProvider
            .call<{ options: AccountOption[] }>(`/accounts/${accountId}/options`, { noAccount: true })
            .then(r => {
                setOptions(r.options);
                setValues({
                    eventImagesDays: r.options.find(o => o.name === EVENT_RETENTION_OPTIONS.eventImagesDays)?.value ?? '',
                    eventsDays: r.options.find(o => o.name === EVENT_RETENTION_OPTIONS.eventsDays)?.value ?? '',
                });
            })
            .catch(() => setFailed(true));
    }, [dataProvider, accountId]);

    if (failed) return <Alert severity="error">{translate('layout.failure.text')}</Alert>;
    if (!options) return null;
    const wrong = SETTINGS.some(s => invalid(values[s]));
    const save = () => {
        const names: string[] = Object.values(EVENT_RETENTION_OPTIONS);
        const kept = options.filter(o => !names.includes(o.name));
        const set = SETTINGS.filter(s => values[s].trim() !== '').map(s => ({
            type: 'number',
            name: EVENT_RETENTION_OPTIONS[s],
            value: String(Number(values[s])),
        }));
        return dataProvider
            .call<{ options: AccountOption[] }>(`/accounts/${accountId}/options`, { method: 'PUT', body: { options: [...kept, ...set] } })
            .then(r => {
                setOptions(r.options);
                notify(translate('resources.event_retention.saved'), { type: 'success' });
            })
            .catch(e => notices.modifyFailed('accounts', e));
    };
    return (
        <Box sx={{ p: 2, maxWidth: 600 }}>
            <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                    {translate('resources.event_retention.intro')}
                </Typography>
                {SETTINGS.map(setting => (
                    <TextField
                        key={setting}
                        label={translate(`resources.event_retention.fields.${setting}`)}
                        value={values[setting]}
                        disabled={readOnly}
                        inputMode="numeric"
                        size="small"
                        placeholder={String(EVENT_RETENTION_DEFAULT_DAYS[setting])}
                        error={invalid(values[setting])}
                        helperText={
                            invalid(values[setting])
                                ? translate('resources.event_retention.invalid', { max: EVENT_RETENTION_MAX_DAYS })
                                : translate('resources.event_retention.default', { days: EVENT_RETENTION_DEFAULT_DAYS[setting] })
                        }
                        onChange={e => setValues({ ...values, [setting]: e.target.value })}
                    />
                ))}
                {!readOnly && (
                    <Typography component="div">
                        <Button variant="contained" disabled={wrong} onClick={() => void save()}>
                            {translate('ra.action.save')}
                        </Button>
                    </Typography>
                )}
            </Stack>
        </Box>
    );
};

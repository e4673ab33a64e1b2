import { useState } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import Send from '@mui/icons-material/Send';
import { Button, useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ALERT_RULE_MESSAGES, type AlertAddressState, type AlertRule } from '../../../contract/alertRules';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { serverText, useNotices } from '../../notifications/notices';

const COLORS: Record<AlertAddressState, 'warning' | 'success' | 'default'> = {
    waiting: 'warning',
    confirmed: 'success',
    refused: 'default',
};
const KNOWN = new Set<string>(Object.values(ALERT_RULE_MESSAGES));

/**
 * Where each outside address of a saved rule stands (it gets alerts only once
 * confirmed), the mail server's last refusal of it, and for one still waiting
 * a button that sends its confirmation mail again; then the rule's users
 * whose last alert was refused.
 */
export const AddressStates = () => {
    const record = useRecordContext<AlertRule>();
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const refresh = useRefresh();
    const [sending, setSending] = useState<string>();
    const t = (key: string, options?: Record<string, unknown>) => translate(`resources.alert_rules.addresses.${key}`, options);
    const addresses = record?.addresses ?? [];
    const userErrors = record?.user_mail_errors ?? [];
    if (!addresses.length && !userErrors.length) return null;
    const askAgain = async (email: string) => {
        setSending(email);
        try {
            await dataProvider.call(`/alert_rules/${record!.id}/confirmations`, {
                method: 'POST',
                body: { email, account_id: record!.account_id },
            });
            notices.success(t('resent'));
            refresh();
        } catch (e) {
            const text = serverText(e);
            notices.failed('resources.alert_rules.addresses.resendFailed', e, KNOWN.has(text) ? text : undefined);
        } finally {
            setSending(undefined);
        }
    };
    return (
        <Box component="section" aria-label={t('title')} sx={{ width: '100%', mb: 2 }}>
            <Typography variant="subtitle2" component="h3">
                {t('title')}
            </Typography>
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} spacing={0.5}>
                {addresses.map(a => (
                    <Stack component="li" key={a.email} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <Typography variant="body2">{a.email}</Typography>
                        <Chip size="small" color={COLORS[a.state]} label={t(a.state)} />
                        {a.state === 'waiting' && a.asked_at && (
                            <Typography variant="caption" color="text.secondary">
                                {t('askedAt', { date: formatDate(a.asked_at) })}
                            </Typography>
                        )}
                        {a.state === 'waiting' && !a.asked_at && (
                            <Typography variant="caption" color="text.secondary">
                                {t('neverAsked')}
                            </Typography>
                        )}
                        {a.last_error && (
                            <Typography variant="caption" color="error">
                                {t('lastError', { error: a.last_error, date: formatDate(a.last_error_at) })}
                            </Typography>
                        )}
                        {a.state === 'waiting' && (
                            <Button
                                label={t('resend')}
                                disabled={sending === a.email}
                                onClick={() => void askAgain(a.email)}
                                size="small"
                                startIcon={<Send fontSize="small" />}
                            />
                        )}
                    </Stack>
                ))}
                {userErrors.map(u => (
                    <Stack
                        component="li"
                        key={`user-${u.user_id}`}
                        direction="row"
                        spacing={1}
                        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                    >
                        <Typography variant="body2">{u.email}</Typography>
                        <Typography variant="caption" color="error">
                            {t('lastError', { error: u.error, date: formatDate(u.at) })}
                        </Typography>
                    </Stack>
                ))}
            </Stack>
        </Box>
    );
};

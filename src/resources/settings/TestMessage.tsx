import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Stack, TextField, Typography } from '@mui/material';
import Send from '@mui/icons-material/Send';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { problemText } from '../../notifications/notices';

type Outcome = { sent: true; text: string } | { sent: false; text: string };

/**
 * POST /system/settings/test_email: a message through the mail settings as
 * saved. What happened shows beside the button (sent through the SMTP server,
 * or written to the outbox folder; else the server's words, a 502 from the
 * mail server included), not as a notice: it is the answer to a question.
 */
export const TestMessage = ({ unsaved }: { unsaved: boolean }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const [email, setEmail] = useState('');
    const [sending, setSending] = useState(false);
    const [outcome, setOutcome] = useState<Outcome>();
    const send = async () => {
        const to = email.trim();
        setSending(true);
        setOutcome(undefined);
        try {
            const reply = await dataProvider.call<{ sent: true; via: 'smtp' | 'outbox' }>('/system/settings/test_email', {
                method: 'POST',
                body: { email: to },
                noAccount: true,
            });
            setOutcome({
                sent: true,
                text: translate(reply.via === 'smtp' ? 'settings.test.sentSmtp' : 'settings.test.sentOutbox', { email: to }),
            });
        } catch (error) {
            setOutcome({ sent: false, text: problemText(error) });
        } finally {
            setSending(false);
        }
    };
    return (
        <Box component="section" aria-label={translate('settings.test.title')} sx={{ pt: 2 }}>
            <Typography variant="subtitle2" component="h3">
                {translate('settings.test.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {translate('settings.test.intro')} {unsaved && translate('settings.test.unsaved')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <TextField
                    size="small"
                    type="email"
                    label={translate('settings.test.to')}
                    value={email}
                    onChange={e => setEmail(e.target.value)}
                    sx={{ width: 320 }}
                />
                <Button variant="outlined" startIcon={<Send />} disabled={sending || !email.includes('@')} onClick={() => void send()}>
                    {translate('settings.test.send')}
                </Button>
            </Stack>
            {outcome && (
                <Alert severity={outcome.sent ? 'success' : 'error'} sx={{ mt: 1.5, maxWidth: 720 }} onClose={() => setOutcome(undefined)}>
                    {!outcome.sent && <AlertTitle>{translate('settings.test.failed')}</AlertTitle>}
                    {outcome.text}
                </Alert>
            )}
        </Box>
    );
};

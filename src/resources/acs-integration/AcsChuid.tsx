import { useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { CHUID_MODES, DEFAULT_CHUID, type ChuidSettings } from '../../../contract/acsIntegration';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useFailureNotice } from '../../notifications/useFailureNotice';
import { useNotices } from '../../notifications/notices';
import { T, acsKey } from './acsQueries';
import { Heading } from './Heading';

const C = `${T}.chuid`;

/** GET/PUT /acs-integration/chuid of the account. */
const useChuid = (accountId: number) => {
    const dp = useDataProvider<ConsoleDataProvider>();
    const queryClient = useQueryClient();
    const key = acsKey(accountId, 'chuid');
    const query = useQuery({
        queryKey: key,
        queryFn: ({ signal }) =>
            dp.call<ChuidSettings>('/acs-integration/chuid', { query: { account_id: accountId }, noAccount: true, signal }),
    });
    useFailureNotice(query.error, `${C}.loadFailed`);
    const save = useMutation({
        mutationFn: (chuid: ChuidSettings) =>
            dp.call<ChuidSettings>('/acs-integration/chuid', { method: 'PUT', body: { ...chuid, account_id: accountId }, noAccount: true }),
        onSuccess: saved => queryClient.setQueryData(key, saved),
    });
    // Settings that could not be read start from the defaults (the notice says they were not read).
    const loaded = query.data ?? (query.error ? DEFAULT_CHUID : undefined);
    return { loaded, save };
};

const ChuidForm = ({ initial, readOnly, onSave }: { initial: ChuidSettings; readOnly: boolean; onSave: (c: ChuidSettings) => void }) => {
    const translate = useTranslate();
    const [chuid, setChuid] = useState(initial);
    return (
        <>
            <TextField
                select
                size="small"
                label={translate(`${C}.mode`)}
                value={chuid.mode}
                disabled={readOnly}
                onChange={e => setChuid({ ...chuid, mode: e.target.value as ChuidSettings['mode'] })}
            >
                {CHUID_MODES.map(m => (
                    <MenuItem key={m} value={m}>
                        {translate(`${C}.modes.${m}`)}
                    </MenuItem>
                ))}
            </TextField>
            <TextField
                size="small"
                label={translate(`${C}.agency_code`)}
                value={chuid.agency_code}
                disabled={readOnly}
                onChange={e => setChuid({ ...chuid, agency_code: e.target.value })}
            />
            <TextField
                size="small"
                label={translate(`${C}.system_code`)}
                value={chuid.system_code}
                disabled={readOnly}
                onChange={e => setChuid({ ...chuid, system_code: e.target.value })}
            />
            <FormControlLabel
                control={
                    <Checkbox
                        checked={chuid.include_credential_series}
                        disabled={readOnly}
                        onChange={e => setChuid({ ...chuid, include_credential_series: e.target.checked })}
                    />
                }
                label={translate(`${C}.include_credential_series`)}
            />
            {!readOnly && (
                <Box>
                    <Button variant="contained" onClick={() => onSave(chuid)}>
                        {translate(`${C}.save`)}
                    </Button>
                </Box>
            )}
        </>
    );
};

/** Which part of a PIV card's CHUID is the badge (docs/decisions.md). */
export const Chuid = ({ accountId, readOnly }: { accountId: number; readOnly: boolean }) => {
    const translate = useTranslate();
    const notices = useNotices();
    const { loaded, save } = useChuid(accountId);
    if (!loaded) return null;
    const submit = (chuid: ChuidSettings) =>
        save.mutate(chuid, {
            onSuccess: () => notices.success(translate(`${C}.saved`)),
            onError: e => notices.failed(`${C}.saveFailed`, e),
        });
    return (
        <Stack spacing={2} component="section" aria-labelledby="acs-chuid">
            <Heading id="acs-chuid">{translate(`${C}.title`)}</Heading>
            <Typography variant="body2" color="text.secondary">
                {translate(`${C}.help`)}
            </Typography>
            {/* what the server kept becomes the form again */}
            <ChuidForm key={JSON.stringify(loaded)} initial={loaded} readOnly={readOnly} onSave={submit} />
        </Stack>
    );
};

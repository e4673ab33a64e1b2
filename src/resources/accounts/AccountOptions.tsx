import { useEffect, useState } from 'react';
import { Alert, Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ACCOUNT_OPTIONS, type AccountOption } from '../../../contract/session';
import { resetSession } from '../../session/sessionCache';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';

const SWITCHES = [
    ACCOUNT_OPTIONS.acsEnabled,
    ACCOUNT_OPTIONS.optOutEnabled,
    ACCOUNT_OPTIONS.agEnabled,
    ACCOUNT_OPTIONS.enrEnabled,
    ACCOUNT_OPTIONS.tfaEnabled,
];
// prp/profiles is set in the profile expiration section (src/resources/profiles).
const TEXTS = [ACCOUNT_OPTIONS.acsProvider];

/** Sets one option in the list, keeping every other (unknown ones included). */
export const withOption = (options: AccountOption[], name: string, value: string, type: string): AccountOption[] => {
    const rest = options.filter(o => o.name !== name);
    return value === '' && type !== 'bool' ? rest : [...rest, { type, name, value }];
};

/** The account's feature options (SPEC 3 Account options), saved with PUT /accounts/{id}/options. */
export const AccountOptions = ({ accountId, readOnly }: { accountId: number; readOnly: boolean }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notify = useNotify();
    const notices = useNotices();
    const queryClient = useQueryClient();
    const [options, setOptions] = useState<AccountOption[]>();
    const [failed, setFailed] = useState(false);

    useEffect(() => {
        dataProvider
            .call<{ options: AccountOption[] }>(`/accounts/${accountId}/options`, { noAccount: true })
            .then(r => setOptions(r.options))
            .catch(() => setFailed(true));
    }, [dataProvider, accountId]);

    if (failed) return <Alert severity="error">{translate('layout.failure.text')}</Alert>;
    if (!options) return null;
    const value = (name: string) => options.find(o => o.name === name)?.value ?? '';
    const save = () =>
        dataProvider
            .call<{ options: AccountOption[] }>(`/accounts/${accountId}/options`, { method: 'PUT', body: { options } })
            .then(async r => {
                setOptions(r.options);
                notify(translate('resources.accounts.optionsSaved'), { type: 'success' });
                // The flags of the session come from these options (SPEC 4.1).
                resetSession();
                await queryClient.invalidateQueries({ queryKey: ['auth'] });
            })
            .catch(e => notices.modifyFailed('accounts', e));
    return (
        <Box sx={{ p: 2, maxWidth: 600 }}>
            <Stack spacing={1}>
                {SWITCHES.map(name => (
                    <FormControlLabel
                        key={name}
                        control={
                            <Switch
                                checked={value(name) === 'true'}
                                disabled={readOnly}
                                onChange={e => setOptions(withOption(options, name, e.target.checked ? 'true' : 'false', 'bool'))}
                            />
                        }
                        label={translate(`resources.accounts.options.${name}`)}
                    />
                ))}
                {TEXTS.map(name => (
                    <TextField
                        key={name}
                        label={translate(`resources.accounts.options.${name}`)}
                        value={value(name)}
                        disabled={readOnly}
                        onChange={e => setOptions(withOption(options, name, e.target.value, 'string'))}
                        size="small"
                    />
                ))}
                {!readOnly && (
                    <Typography component="div">
                        <Button variant="contained" onClick={() => void save()}>
                            {translate('ra.action.save')}
                        </Button>
                    </Typography>
                )}
            </Stack>
        </Box>
    );
};

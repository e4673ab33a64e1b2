import { useEffect, useState } from 'react';
import {
    Alert,
    Box,
    Button,
    FormControl,
    FormControlLabel,
    FormHelperText,
    FormLabel,
    MenuItem,
    Radio,
    RadioGroup,
    Stack,
    Switch,
    TextField,
    Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import { can } from '../../../contract/rights';
import type { Role } from '../../../contract/roles';
import { ACCOUNT_OPTIONS, optionOn } from '../../../contract/session';
import { LOGIN_MODES, type IdentityProviderReply, type LoginMode, type LoginPreferences } from '../../../contract/sso';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { useAccountOptions, withOption } from '../accounts';

const T = 'resources.login_preferences';

interface UserRow {
    id: number;
    name: string;
    email: string;
    role: Role;
    external_user: boolean;
}

/**
 * SPEC 3 account settings "login preferences" of the main account: local
 * accounts, single sign-on, or both; the break-glass local administrator
 * when single sign-on is the only way in; and the account's two-factor
 * requirement (the tfa/enabled account option), which local users obey.
 */
export const LoginPreferencesSection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notify = useNotify();
    const notices = useNotices();
    const session = useSession();
    const readOnly = !session || !can(session.role, 'sso', 'write');
    // The account options are the accounts feature's: changing them takes its edit right (SPEC 6.2).
    const tfaEditable = !!session && can(session.role, 'accounts', 'edit');
    const { options, save: saveOptions } = useAccountOptions(accountId);
    const [prefs, setPrefs] = useState<LoginPreferences>();
    const [hasProvider, setHasProvider] = useState(false);
    const [candidates, setCandidates] = useState<UserRow[]>([]);
    const [tfa, setTfa] = useState<boolean>();
    const [errors, setErrors] = useState<Record<string, string>>({});
    const [failed, setFailed] = useState(false);

    useEffect(() => {
        Promise.all([
            dataProvider.call<LoginPreferences>(`/accounts/${accountId}/login_preferences`, { noAccount: true }),
            dataProvider.call<IdentityProviderReply[]>(`/accounts/${accountId}/identity_providers`, { noAccount: true }),
            dataProvider.call<{ result: UserRow[] }>('/users', {
                // users are not a picker resource: the server refuses more than a list's largest page (400)
                query: { account_id: accountId, per_page: LIST_MAX_PAGE_SIZE },
                noAccount: true,
            }),
        ])
            .then(([p, providers, users]) => {
                setPrefs(p);
                setHasProvider(providers.length > 0);
                setCandidates(users.result.filter(u => !u.external_user && (u.role === 'admin' || u.role === 'moderator')));
            })
            .catch(() => setFailed(true));
    }, [dataProvider, accountId]);

    if (failed) return <Alert severity="error">{translate('layout.failure.text')}</Alert>;
    if (!prefs || !options) return null;
    const tfaOn = tfa ?? optionOn(options, ACCOUNT_OPTIONS.tfaEnabled);

    const save = async () => {
        setErrors({});
        try {
            const saved = await dataProvider.call<LoginPreferences>(`/accounts/${accountId}/login_preferences`, {
                method: 'PUT',
                body: { mode: prefs.mode, break_glass_user_id: prefs.mode === 'local' ? null : prefs.break_glass_user_id },
                noAccount: true,
            });
            setPrefs(saved);
            if (tfaEditable && tfaOn !== optionOn(options, ACCOUNT_OPTIONS.tfaEnabled))
                await saveOptions(withOption(options, ACCOUNT_OPTIONS.tfaEnabled, tfaOn ? 'true' : 'false', 'bool'));
            notify(translate(`${T}.saved`), { type: 'success' });
        } catch (e) {
            const fields = (e as { body?: { fields?: Record<string, string> } }).body?.fields;
            if (fields) setErrors(fields);
            notices.failed(`${T}.saveFailed`, e);
        }
    };

    return (
        <Box sx={{ p: 2, maxWidth: 720 }}>
            <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${T}.intro`)}
                </Typography>
                <FormControl error={!!errors.mode} disabled={readOnly}>
                    <FormLabel id="login-mode">{translate(`${T}.mode`)}</FormLabel>
                    <RadioGroup
                        aria-labelledby="login-mode"
                        value={prefs.mode}
                        onChange={e => setPrefs({ ...prefs, mode: e.target.value as LoginMode })}
                    >
                        {LOGIN_MODES.map(mode => (
                            <FormControlLabel
                                key={mode}
                                value={mode}
                                control={<Radio />}
                                label={translate(`${T}.modes.${mode}`)}
                                disabled={readOnly || (mode !== 'local' && !hasProvider)}
                            />
                        ))}
                    </RadioGroup>
                    {(errors.mode || !hasProvider) && <FormHelperText>{errors.mode ?? translate(`${T}.needsProvider`)}</FormHelperText>}
                </FormControl>
                {prefs.mode === 'sso' && (
                    <TextField
                        select
                        label={translate(`${T}.breakGlass`)}
                        value={prefs.break_glass_user_id ?? ''}
                        size="small"
                        disabled={readOnly}
                        error={!!errors.break_glass_user_id}
                        helperText={errors.break_glass_user_id ?? translate(`${T}.breakGlassHelp`)}
                        onChange={e => setPrefs({ ...prefs, break_glass_user_id: Number(e.target.value) || null })}
                    >
                        {candidates.map(u => (
                            <MenuItem key={u.id} value={u.id}>
                                {u.name} ({u.email})
                            </MenuItem>
                        ))}
                    </TextField>
                )}
                <FormControl>
                    <FormControlLabel
                        control={<Switch checked={tfaOn} disabled={readOnly || !tfaEditable} onChange={e => setTfa(e.target.checked)} />}
                        label={translate(`${T}.tfa`)}
                    />
                    <FormHelperText>{translate(`${T}.tfaHelp`)}</FormHelperText>
                </FormControl>
                {!readOnly && (
                    <Box>
                        <Button variant="contained" onClick={() => void save()}>
                            {translate('ra.action.save')}
                        </Button>
                    </Box>
                )}
            </Stack>
        </Box>
    );
};

import { useState } from 'react';
import {
    Box,
    Button,
    FormControl,
    FormControlLabel,
    FormHelperText,
    FormLabel,
    LinearProgress,
    MenuItem,
    Radio,
    RadioGroup,
    Stack,
    Switch,
    TextField,
    Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import { can } from '../../../contract/rights';
import type { Role } from '../../../contract/roles';
import { ACCOUNT_OPTIONS, optionOn } from '../../../contract/session';
import { LOGIN_MODES, type IdentityProviderReply, type LoginMode, type LoginPreferences } from '../../../contract/sso';
import { LoadFailure } from '../../components/LoadFailure';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';
import { useFailureNotice } from '../../notifications/useFailureNotice';
import { useSession } from '../../session/useSession';
import { useAccountOptions, withOption } from '../accounts';
import { ssoKeys } from './ssoForm';

const T = 'resources.login_preferences';
// the server's own order of users
const BY_NAME = { field: 'name', order: 'ASC' } as const;

interface UserRow {
    id: number;
    name: string;
    email: string;
    role: Role;
    external_user: boolean;
}

/** Local accounts, single sign-on, or both; the two with single sign-on only once a provider is configured. */
const ModeField = (props: {
    mode: LoginMode;
    hasProvider: boolean;
    error?: string;
    readOnly: boolean;
    onChange: (mode: LoginMode) => void;
}) => {
    const translate = useTranslate();
    return (
        <FormControl error={!!props.error} disabled={props.readOnly}>
            <FormLabel id="login-mode">{translate(`${T}.mode`)}</FormLabel>
            <RadioGroup aria-labelledby="login-mode" value={props.mode} onChange={e => props.onChange(e.target.value as LoginMode)}>
                {LOGIN_MODES.map(mode => (
                    <FormControlLabel
                        key={mode}
                        value={mode}
                        control={<Radio />}
                        label={translate(`${T}.modes.${mode}`)}
                        disabled={props.readOnly || (mode !== 'local' && !props.hasProvider)}
                    />
                ))}
            </RadioGroup>
            {(props.error || !props.hasProvider) && <FormHelperText>{props.error ?? translate(`${T}.needsProvider`)}</FormHelperText>}
        </FormControl>
    );
};

interface FormProps {
    accountId: number;
    stored: LoginPreferences;
    hasProvider: boolean;
    /** the local administrators and moderators, who may be the break-glass user */
    candidates: UserRow[];
}

/** The preferences as stored, changed here until saved, with the account's two-factor option. */
const LoginPreferencesForm = ({ accountId, stored, hasProvider, candidates }: FormProps) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notify = useNotify();
    const notices = useNotices();
    const session = useSession();
    const readOnly = !session || !can(session.role, 'sso', 'write');
    // The account options are the accounts feature's: changing them takes its edit right (SPEC 6.2).
    const tfaEditable = !!session && can(session.role, 'accounts', 'edit');
    const { options, save: saveOptions } = useAccountOptions(accountId);
    const [prefs, setPrefs] = useState(stored);
    const [tfa, setTfa] = useState<boolean>();
    const [errors, setErrors] = useState<Record<string, string>>({});
    const tfaOn = tfa ?? (options ? optionOn(options, ACCOUNT_OPTIONS.tfaEnabled) : false);
    const save = useMutation({
        mutationFn: async (p: LoginPreferences) => {
            const saved = await dataProvider.call<LoginPreferences>(`/accounts/${accountId}/login_preferences`, {
                method: 'PUT',
                body: { mode: p.mode, break_glass_user_id: p.mode === 'local' ? null : p.break_glass_user_id },
                noAccount: true,
            });
            setPrefs(saved);
            if (tfaEditable && options && tfaOn !== optionOn(options, ACCOUNT_OPTIONS.tfaEnabled))
                await saveOptions(withOption(options, ACCOUNT_OPTIONS.tfaEnabled, tfaOn ? 'true' : 'false', 'bool'));
        },
        onMutate: () => setErrors({}),
        onSuccess: () => notify(translate(`${T}.saved`), { type: 'success' }),
        onError: e => {
            const fields = (e as { body?: { fields?: Record<string, string> } }).body?.fields;
            if (fields) setErrors(fields);
            notices.failed(`${T}.saveFailed`, e);
        },
    });

    if (!options) return null;
    return (
        <Box sx={{ p: 2, maxWidth: 720 }}>
            <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${T}.intro`)}
                </Typography>
                <ModeField
                    mode={prefs.mode}
                    hasProvider={hasProvider}
                    error={errors.mode}
                    readOnly={readOnly}
                    onChange={mode => setPrefs({ ...prefs, mode })}
                />
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
                        <Button variant="contained" onClick={() => save.mutate(prefs)}>
                            {translate('ra.action.save')}
                        </Button>
                    </Box>
                )}
            </Stack>
        </Box>
    );
};

/**
 * SPEC 3 account settings "login preferences" of the main account
 * (docs/decisions.md "Single sign-on"): local accounts, single sign-on, or
 * both; the break-glass local administrator when single sign-on is the only
 * way in; and the account's two-factor requirement (the tfa/enabled account
 * option), which local users obey.
 */
export const LoginPreferencesSection = ({ accountId }: { accountId: number }) => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const prefs = useQuery({
        queryKey: ssoKeys.loginPreferences(accountId),
        queryFn: ({ signal }) =>
            dataProvider.call<LoginPreferences>(`/accounts/${accountId}/login_preferences`, { noAccount: true, signal }),
        // a new reply would start the form afresh
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
    });
    const providers = useQuery({
        queryKey: ssoKeys.providers(accountId),
        queryFn: ({ signal }) =>
            dataProvider.call<IdentityProviderReply[]>(`/accounts/${accountId}/identity_providers`, { noAccount: true, signal }),
    });
    // users are not a picker resource: the server refuses more than a list's largest page (400)
    const users = useGetList<UserRow>('users', {
        filter: { account_id: accountId },
        pagination: { page: 1, perPage: LIST_MAX_PAGE_SIZE },
        sort: BY_NAME,
    });
    const error = prefs.error ?? providers.error ?? users.error;
    useFailureNotice(error);
    const refetch = () => void Promise.all([prefs.refetch(), providers.refetch(), users.refetch()]);

    if (error) return <LoadFailure onRefresh={refetch} />;
    if (!prefs.data || !providers.data || !users.data) return <LinearProgress />;
    return (
        <LoginPreferencesForm
            key={prefs.dataUpdatedAt}
            accountId={accountId}
            stored={prefs.data}
            hasProvider={providers.data.length > 0}
            candidates={users.data.filter(u => !u.external_user && (u.role === 'admin' || u.role === 'moderator'))}
        />
    );
};

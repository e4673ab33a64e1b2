import { Button, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ACS_PROVIDERS, type AcsProvider } from '../../../contract/acsIntegration';
import { T } from './acsQueries';
import type { ConnectionForm } from './connectionForm';

interface FieldsProps {
    form: ConnectionForm;
    set: (patch: Partial<ConnectionForm>) => void;
    readOnly: boolean;
    /** what the server refused, by field (`address`, `settings.base_dn`, `secrets.password`) */
    refused: Record<string, string>;
    /** false: the stored password is kept, shown as "set" with a Change button */
    changingPassword: boolean;
    onChangePassword: () => void;
}

/** The provider, address, credentials (the password write-only), schedule and switch of the connection. */
export const ConnectionFields = ({ form, set, readOnly, refused, changingPassword, onChangePassword }: FieldsProps) => {
    const translate = useTranslate();
    /** what the server said of a field: its own key, under settings, or the password under secrets */
    const problem = (key: keyof ConnectionForm) =>
        refused[key] ?? refused[`settings.${key}`] ?? (key === 'password' ? refused['secrets.password'] : undefined);
    const field = (key: keyof ConnectionForm, label: string, extra: Record<string, unknown> = {}) => (
        <TextField
            label={translate(`${T}.fields.${label}`)}
            value={form[key] as string}
            disabled={readOnly}
            size="small"
            error={!!problem(key)}
            helperText={problem(key) ?? extra.helperText}
            onChange={e => set({ [key]: e.target.value } as Partial<ConnectionForm>)}
            {...extra}
        />
    );
    return (
        <>
            <TextField
                select
                label={translate(`${T}.fields.provider`)}
                value={form.provider}
                disabled={readOnly}
                size="small"
                onChange={e => set({ provider: e.target.value as AcsProvider })}
            >
                {ACS_PROVIDERS.map(p => (
                    <MenuItem key={p} value={p}>
                        {translate(`${T}.providers.${p}`)}
                    </MenuItem>
                ))}
            </TextField>
            {field('address', 'address', { helperText: translate(`${T}.help.${form.provider}Address`) })}
            {field('username', form.provider === 'genetec' ? 'username' : 'bind_dn')}
            {form.provider === 'genetec' && field('application_id', 'application_id')}
            {form.provider === 'genetec' && field('cardholder_group', 'cardholder_group')}
            {form.provider === 'directory' && (
                <>
                    {field('base_dn', 'base_dn')}
                    {field('filter', 'filter')}
                    {field('badge_attribute', 'badge_attribute')}
                    {field('facility_code_attribute', 'facility_code_attribute')}
                    {field('group_attribute', 'group_attribute')}
                </>
            )}
            {changingPassword ? (
                field('password', 'password', { type: 'password', autoComplete: 'new-password' })
            ) : (
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <Typography>
                        {translate(`${T}.fields.password`)}: {translate(`${T}.passwordSet`)}
                    </Typography>
                    {!readOnly && <Button onClick={onChangePassword}>{translate(`${T}.changePassword`)}</Button>}
                </Stack>
            )}
            {field('sync_every_minutes', 'sync_every_minutes', { inputMode: 'numeric', helperText: translate(`${T}.help.sync`) })}
            <FormControlLabel
                control={<Switch checked={form.enabled} disabled={readOnly} onChange={e => set({ enabled: e.target.checked })} />}
                label={translate(`${T}.fields.enabled`)}
            />
        </>
    );
};

import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MESSAGES, passwordProblem } from '../../contract/passwords';

export interface PasswordPair {
    password: string;
    confirm: string;
}

/** SPEC 5 rules for a new password and its confirmation; the first problem of each, or undefined. */
export const passwordPairProblems = ({ password, confirm }: PasswordPair) => ({
    password: passwordProblem(password),
    confirm: confirm !== password ? MESSAGES.passwordsDoNotMatch : undefined,
});

const FIELDS = [
    { field: 'password', label: 'pages.reset.newPassword', help: 'pages.reset.rules' },
    { field: 'confirm', label: 'pages.reset.confirm', help: undefined },
] as const;

/**
 * A new password and its confirmation with the SPEC 5 messages (shown once the
 * user has left a field or tried to submit). `onSubmit` answers an error text
 * to show, or nothing when done.
 */
export const NewPasswordForm = ({ help, onSubmit }: { help?: string; onSubmit: (password: string) => Promise<string | undefined> }) => {
    const translate = useTranslate();
    const [value, setValue] = useState<PasswordPair>({ password: '', confirm: '' });
    const [touched, setTouched] = useState({ password: false, confirm: false, submit: false });
    const [error, setError] = useState<string>();
    const problems = passwordPairProblems(value);
    const submit = async (e: FormEvent) => {
        e.preventDefault();
        setTouched({ password: true, confirm: true, submit: true });
        if (problems.password || problems.confirm) return;
        setError(await onSubmit(value.password));
    };
    return (
        <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }} noValidate>
            {help && <Typography color="text.secondary">{help}</Typography>}
            {error && <Alert severity="error">{error}</Alert>}
            {FIELDS.map(({ field, label, help: fieldHelp }) => {
                const problem = touched[field] ? problems[field] : undefined;
                return (
                    <TextField
                        key={field}
                        label={translate(label)}
                        type="password"
                        autoComplete="new-password"
                        value={value[field]}
                        onChange={e => setValue({ ...value, [field]: e.target.value })}
                        onBlur={() => setTouched(t => ({ ...t, [field]: true }))}
                        error={!!problem}
                        helperText={problem ? translate(problem, { _: problem }) : fieldHelp ? translate(fieldHelp) : ' '}
                    />
                );
            })}
            <Button type="submit" variant="contained" size="large">
                {translate('pages.reset.set')}
            </Button>
        </Box>
    );
};

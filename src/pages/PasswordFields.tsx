import { useState } from 'react';
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MESSAGES, passwordProblem } from '../../contract/validation';

export interface PasswordPair {
    password: string;
    confirm: string;
}

/** SPEC 5 rules for a new password and its confirmation; the first problem, or undefined. */
export const passwordPairProblems = ({ password, confirm }: PasswordPair) => ({
    password: passwordProblem(password),
    confirm: confirm !== password ? MESSAGES.passwordsDoNotMatch : undefined,
});

/** New password + confirmation, with the SPEC 5 messages once the user has tried to submit. */
export const PasswordFields = ({ value, onChange, showErrors }: { value: PasswordPair; onChange: (v: PasswordPair) => void; showErrors: boolean }) => {
    const translate = useTranslate();
    const [touched, setTouched] = useState({ password: false, confirm: false });
    const problems = passwordPairProblems(value);
    const shown = (field: 'password' | 'confirm') => (showErrors || touched[field]) && problems[field];
    const message = (field: 'password' | 'confirm') => {
        const problem = shown(field);
        return problem ? translate(problem, { _: problem }) : field === 'password' ? translate('pages.reset.rules') : ' ';
    };
    return (
        <>
            <TextField
                label={translate('pages.reset.newPassword')}
                type="password"
                autoComplete="new-password"
                value={value.password}
                onChange={e => onChange({ ...value, password: e.target.value })}
                onBlur={() => setTouched(t => ({ ...t, password: true }))}
                error={!!shown('password')}
                helperText={message('password')}
                required
            />
            <TextField
                label={translate('pages.reset.confirm')}
                type="password"
                autoComplete="new-password"
                value={value.confirm}
                onChange={e => onChange({ ...value, confirm: e.target.value })}
                onBlur={() => setTouched(t => ({ ...t, confirm: true }))}
                error={!!shown('confirm')}
                helperText={message('confirm')}
                required
            />
        </>
    );
};

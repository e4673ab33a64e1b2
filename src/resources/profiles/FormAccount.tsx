import { useState, type ReactElement } from 'react';
import { Autocomplete, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ALL_ACCOUNTS, type AccountScope } from '../../lists/accountScope';
import { useAccountList } from '../../session/accounts';
import { useSession } from '../../session/useSession';

/** The account a create form of a list screen acts in, and what the form shows of it. */
export interface FormAccount {
    /** the account the form acts in; undefined while the user has yet to choose one */
    id: number | undefined;
    /** where the form creates (roles with several accounts), or the account to choose; null for other roles */
    field: ReactElement | null;
}

const InAccount = ({ id }: { id: number }) => {
    const translate = useTranslate();
    const session = useSession();
    const { data } = useAccountList();
    const name = data?.find(a => a.id === id)?.name ?? (id === session?.currentAccountId ? session.currentAccount.name : `#${id}`);
    return (
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
            {translate('resources.profiles.formAccount.in', { account: name })}
        </Typography>
    );
};

const ChooseAccount = ({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) => {
    const translate = useTranslate();
    const { data = [] } = useAccountList();
    return (
        <Autocomplete
            size="small"
            options={data}
            value={data.find(a => a.id === value) ?? null}
            onChange={(_e, account) => onChange(account?.id ?? null)}
            getOptionLabel={a => a.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={params => <TextField {...params} required label={translate('resources.profiles.formAccount.choose')} />}
            sx={{ width: 240 }}
        />
    );
};

/**
 * The account of a create form beside a list (docs/decisions.md "Account scope of lists"): the account the list is
 * narrowed to, or the current one; when the list shows every account in reach, the form asks which, rather than
 * creating in the user's own account (a dealer's holds no badges of its customers).
 */
export const useFormAccount = (scope: AccountScope): FormAccount => {
    const session = useSession();
    const [chosen, setChosen] = useState<number | null>(null);
    if (!session) return { id: undefined, field: null };
    if (!scope.reaches) return { id: session.currentAccountId, field: null };
    if (scope.accountId === ALL_ACCOUNTS) return { id: chosen ?? undefined, field: <ChooseAccount value={chosen} onChange={setChosen} /> };
    const id = scope.accountId ? Number(scope.accountId) : session.currentAccountId;
    return { id, field: <InAccount id={id} /> };
};

/** A form's fixed account (an account's own settings), shown nowhere. */
export const fixedAccount = (id: number): FormAccount => ({ id, field: null });

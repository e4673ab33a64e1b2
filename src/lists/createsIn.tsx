import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { hasAccountFilter } from '../../contract/routes';
import { ALL_ACCOUNTS } from './accountScope';
import { useAccountList } from '../session/accounts';
import { useSession } from '../session/useSession';

/** The account a new row goes to. */
export interface CreateAccount {
    id: number;
    name: string;
    /** it is the current account, which the dataProvider adds to a write that names none */
    current: boolean;
}

/**
 * Where a list's Add button creates (docs/decisions.md "Where a list creates"): in the one account the list's account
 * filter names, else, on "All my accounts", in the current account (the one the dataProvider adds). Undefined for the
 * roles that work in one account only: theirs, with nothing to tell.
 */
export const useCreateAccount = (accountFilter: string | number | null | undefined): CreateAccount | undefined => {
    const session = useSession();
    const { data } = useAccountList();
    if (!session || !hasAccountFilter(session.role) || session.flags.singleTenant) return undefined;
    const named = accountFilter !== ALL_ACCOUNTS && Number(accountFilter) > 0 ? Number(accountFilter) : undefined;
    const id = named ?? session.currentAccountId;
    const name = data?.find(a => a.id === id)?.name ?? (id === session.currentAccountId ? session.currentAccount.name : `#${id}`);
    return { id, name, current: id === session.currentAccountId };
};

/** The account a create page opened from a list acts in: `?account_id=` as the list's Add button wrote it. */
export const useCreatePageAccount = (): CreateAccount | undefined =>
    useCreateAccount(new URLSearchParams(useLocation().search).get('account_id'));

/** The address of a create page in the account a list creates in (see useCreateAccount). */
export const createPath = (path: string, account: CreateAccount | undefined) =>
    account ? { pathname: path, search: `?account_id=${account.id}` } : path;

/** The body of a create in that account; the current one is left to the dataProvider, which adds it. */
export const inAccount = <T extends object>(body: T, account: CreateAccount | undefined): T =>
    account && !account.current ? { ...body, account_id: account.id } : body;

/** The line a create form shows, for the roles that work in several accounts, to say which account the row goes to. */
export const CreatesIn = ({ account, text }: { account: CreateAccount | undefined; text: string }) => {
    const translate = useTranslate();
    if (!account) return null;
    return (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="creates-in">
            {translate(text, { account: account.name })}
        </Typography>
    );
};

import { useMemo } from 'react';
import { useRecordContext } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { hasAccountFilter } from '../../contract/routes';
import type { Query } from '../dataProvider/http';
import { useAccountList } from '../session/accounts';
import { useSession } from '../session/useSession';
import { AccountFilterInput } from './AccountFilterInput';
import { CellField } from './CellField';
import { readListState } from './listQuery';

/**
 * One account scope for every list of rows that live in accounts (SPEC 6.3 account filter, 7.1; docs/decisions.md
 * "Account scope of lists"). The list's `account_id` filter, kept in the URL, is one account or ALL_ACCOUNTS; the
 * latter asks the server with cross_account=true. Roles with the account filter (admin, dealer, installer) open a list
 * on every account in reach while they work in their own account, and on that account once they switched to another;
 * other roles see their account's rows and no filter.
 */
export const ALL_ACCOUNTS = 'all';

/** The query that scopes a call like the list: one account, every account in reach, or the current one. */
export const scopeQuery = (accountId: string | undefined): Query =>
    accountId === ALL_ACCOUNTS ? { cross_account: 'true' } : accountId ? { account_id: accountId } : {};

/** What a list sends for its account filter: ALL_ACCOUNTS becomes cross_account=true. */
export const scopeFilter = (accountId: string | undefined): Record<string, unknown> =>
    accountId === ALL_ACCOUNTS ? { account_id: undefined, cross_account: 'true' } : {};

export interface AccountScope {
    /** the role has the account filter (SPEC 6.3) */
    reaches: boolean;
    /** the list's default filter: every account in reach, for those roles in their own account */
    defaults: Record<string, string> | undefined;
    /** the account filter as the URL holds it (or its default) */
    accountId: string | undefined;
    /** what the list sends beside the URL's filters */
    permanentFilter: Record<string, unknown>;
    /** rows may come from several accounts: the list shows their account */
    spansAccounts: boolean;
}

/** The account scope of a list whose default sort is `sort` (the URL's state is read with it, as the list reads it). */
export const useAccountScope = (sort: { field: string; order: 'ASC' | 'DESC' }): AccountScope => {
    const session = useSession();
    const { search } = useLocation();
    const reaches = !!session && hasAccountFilter(session.role) && !session.flags.singleTenant;
    const inOwnAccount = !!session && session.currentAccountId === session.ownAccountId;
    const defaults = useMemo(() => (reaches && inOwnAccount ? { account_id: ALL_ACCOUNTS } : undefined), [reaches, inOwnAccount]);
    const accountId = readListState(search, { sort, filter: defaults }).filter.account_id as string | undefined;
    const permanentFilter = useMemo(() => scopeFilter(accountId), [accountId]);
    return { reaches, defaults, accountId, permanentFilter, spansAccounts: reaches && accountId === ALL_ACCOUNTS };
};

/** The account filter of a list, with "All my accounts"; only for the roles that have it (scope.reaches). */
export const accountScopeFilter = (scope: AccountScope) =>
    scope.reaches
        ? [
              <AccountFilterInput
                  key="account_id"
                  source="account_id"
                  label="app.lists.account"
                  all={{ value: ALL_ACCOUNTS, label: 'app.lists.allAccounts' }}
                  alwaysOn
              />,
          ]
        : [];

/** The name of a row's account, from the account list the console holds (rows carry account_id). */
const AccountName = () => {
    const record = useRecordContext<{ account_id?: number | null; account_name?: string | null }>();
    const { data } = useAccountList();
    if (!record) return null;
    // an audit entry of the platform itself (a sign-in refused before any account) names none
    if (record.account_id === null || record.account_id === undefined) return <>{record.account_name ?? '-'}</>;
    return <>{record.account_name ?? data?.find(a => a.id === record.account_id)?.name ?? `#${record.account_id}`}</>;
};

/**
 * The Account column of a list whose rows span accounts: `{scope.spansAccounts && accountColumn()}`. A function, not
 * a component, because Datagrid reads a column's header (source, label, sortable) off the element it is given.
 */
export const accountColumn = ({ sortable = false }: { sortable?: boolean } = {}) => (
    <CellField
        key="account"
        source="account_name"
        label="app.lists.account"
        sortable={sortable}
        sortBy="account"
        render={() => <AccountName />}
    />
);

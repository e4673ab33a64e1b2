import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useGetList, type GetListParams } from 'react-admin';
import type { AccountType } from '../../contract/accounts';
import { PICKER_PAGE_SIZE } from '../../contract/constants';
import { can } from '../../contract/rights';
import type { Session } from './session';
import { useSession } from './useSession';

/** A row of the full account list (SPEC 3 session state "accs"). */
export interface AccountRow {
    id: number;
    name: string;
    ref_number: string | null;
    type: AccountType;
    parent_id: number | null;
    main: boolean;
}

/** SPEC 7.1: the full account list is GET accounts with per_page=999999, across accounts. */
export const ACCOUNT_LIST_PARAMS: GetListParams = {
    pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
    sort: { field: 'name', order: 'ASC' },
    filter: { cross_account: 'true' },
};

/**
 * SPEC 4.1 step 4: the account list is loaded unless single-tenant mode is on,
 * and only for roles that may read accounts (a 403 would sign the user out).
 */
export const loadsAccountList = (session: Session | undefined): session is Session =>
    !!session && !session.flags.singleTenant && can(session.role, 'accounts', 'read');

/**
 * The accounts the user may work in. It lives in react-admin's cache under
 * ['accounts', 'getList', …], so react-admin's own account mutations update it.
 */
export const useAccountList = () => {
    const session = useSession();
    return useGetList<AccountRow>('accounts', ACCOUNT_LIST_PARAMS, { enabled: loadsAccountList(session), staleTime: 60_000 });
};

/** SPEC 4.4: after an account is modified or deleted outside react-admin's mutations, the account list reloads. */
export const useRefreshAccountList = () => {
    const queryClient = useQueryClient();
    return useCallback(() => queryClient.invalidateQueries({ queryKey: ['accounts', 'getList'] }), [queryClient]);
};

/** The name of the current account: the fresh list's when it has it (a rename shows at once), else the session's. */
export const useCurrentAccountName = (): string | undefined => {
    const session = useSession();
    const { data } = useAccountList();
    if (!session) return undefined;
    return data?.find(a => a.id === session.currentAccountId)?.name ?? session.currentAccount.name;
};

import type { Query } from '../../dataProvider/http';

/** The account filter's value for "every account I may act in" (the list asks with cross_account=true). */
export const ALL_ACCOUNTS = 'all';

/** The query that scopes a devices call like the list: one account, every account in reach, or the current one. */
export const scopeQuery = (accountId: string | undefined): Query =>
    accountId === ALL_ACCOUNTS ? { cross_account: 'true' } : accountId ? { account_id: accountId } : {};

/** Ids typed in the id filter ("12, 15 18") as the server takes them ("12,15,18"). */
export const cleanIds = (text: string | undefined) =>
    (text ?? '')
        .split(/[^\d]+/)
        .filter(Boolean)
        .join(',');

/** What the list sends besides the filters in the URL: the account scope and clean ids. */
export const listPermanentFilter = (filter: Record<string, string>): Record<string, unknown> => ({
    ...(filter.account_id === ALL_ACCOUNTS ? { account_id: undefined, cross_account: 'true' } : {}),
    ...(filter.id !== undefined ? { id: cleanIds(filter.id) || undefined } : {}),
});

import { scopeFilter } from '../../lists/accountScope';

/** Ids typed in the id filter ("12, 15 18") as the server takes them ("12,15,18"). */
export const cleanIds = (text: string | undefined) =>
    (text ?? '')
        .split(/[^\d]+/)
        .filter(Boolean)
        .join(',');

/** What the list sends besides the filters in the URL: the account scope and clean ids. */
export const listPermanentFilter = (filter: Record<string, string>): Record<string, unknown> => ({
    ...scopeFilter(filter.account_id),
    ...(filter.id !== undefined ? { id: cleanIds(filter.id) || undefined } : {}),
});

import { sql } from 'drizzle-orm';
import { CARD_MESSAGES, type CardList } from '../../../contract/cards';
import type { Db } from '../../db/database';
import type { Tx } from '../profiles';
import type { CheckedBadge } from '../profiles';
import { isVisitorBadge, keyTable, listsOfBadge } from './queries';

type BadgeKey = Pick<CheckedBadge, 'card_format_id' | 'facility_code' | 'badge_number'>;

/**
 * The SPEC 4.7 rules between the lists, in one place (docs/decisions.md
 * "Profiles: the badge lists"): an opted-out badge is in no other list and
 * no profile holds it; a badge in the opt-out or visitor list is not added
 * to the exclusion list; an opted-out badge cannot be adaptive (there is no
 * face to check).
 */
export const whyNotListed = async (db: Db | Tx, accountId: number, list: CardList, key: BadgeKey): Promise<string | null> => {
    const lists = await listsOfBadge(db, accountId, key);
    if (lists.has(list)) return CARD_MESSAGES.alreadyListed;
    if (list === 'adaptive' && lists.has('opt_out')) return CARD_MESSAGES.adaptiveOptedOut;
    if (list === 'exclusion') {
        if (lists.has('opt_out')) return CARD_MESSAGES.exclusionOptedOut;
        if (await isVisitorBadge(db, accountId, key)) return CARD_MESSAGES.exclusionVisitor;
    }
    return null;
};

/** An opted-out badge leaves the adaptive and exclusion lists. */
export const clearOtherLists = async (tx: Db | Tx, accountId: number, keys: BadgeKey[]) => {
    if (!keys.length) return;
    await tx.execute(
        sql`delete from card_lists c using ${keyTable(keys)}
            where c.account_id = ${accountId} and c.list in ('adaptive', 'exclusion') and c.card_format_id = k.format_id
              and coalesce(c.facility_code, -1) = k.facility and c.badge_number = k.number`,
    );
};

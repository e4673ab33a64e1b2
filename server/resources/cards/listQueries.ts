import type { CardList } from '../../../contract/cards';
import type { Db } from '../../db/database';
import { bumpAccessVersion } from '../../db/accessVersions';
import { deleteProfilesIn, type CheckedBadge, type DeletedProfile } from '../profiles';
import { deleteListed, holdersOf, insertListed } from './queries';
import { clearOtherLists } from './rules';

// The SQL of the list routes beside queries.ts: each change of a list in one transaction that also bumps the
// account's access version (its readers pull the new lists).

type BadgeKey = Pick<CheckedBadge, 'card_format_id' | 'facility_code' | 'badge_number'>;

/**
 * Adds a badge to a list; opting out also takes it off the other lists and deletes the profile holding it (SPEC 4.7),
 * whose stored files are then the caller's to remove. Undefined, and nothing changed, when it was listed already.
 */
export const listBadge = (db: Db, accountId: number, list: CardList, key: BadgeKey, createdBy: string) =>
    db.transaction(async tx => {
        const id = await insertListed(tx, accountId, list, key, createdBy);
        if (id === undefined) return undefined;
        let gone: DeletedProfile[] = [];
        let files: string[] = [];
        if (list === 'opt_out') {
            await clearOtherLists(tx, accountId, [key]);
            ({ gone, files } = await deleteProfilesIn(tx, accountId, await holdersOf(tx, accountId, [key]), 'opt_out'));
        }
        await bumpAccessVersion(tx, accountId);
        return { id, gone, files };
    });

/** Takes one entry off a list. */
export const unlistEntry = (db: Db, accountId: number, list: CardList, id: number) =>
    db.transaction(async tx => {
        await deleteListed(tx, accountId, list, [id]);
        await bumpAccessVersion(tx, accountId);
    });

/** Takes entries off a list; the ids of those that were on it. */
export const unlistEntries = (db: Db, accountId: number, list: CardList, ids: number[]) =>
    db.transaction(async tx => {
        const removed = await deleteListed(tx, accountId, list, ids);
        if (removed.length) await bumpAccessVersion(tx, accountId);
        return removed;
    });

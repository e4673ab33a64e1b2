import { sql } from 'drizzle-orm';
import type { DeletionCause } from '../../../contract/cards';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import type { FileStorage } from '../../storage';
import { removeImages } from '../../storage/images';
import { bumpAccessVersion } from '../../db/accessVersions';
import { intArray } from '../../db/arrays';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DeletedProfile {
    id: number;
    account_id: number;
    acs_id: string | null;
    status: string;
    enabled: boolean;
    visitor: boolean;
    badges: { badge_number: number; facility_code: number | null; card_format_id: number }[];
}

/**
 * Deletes profiles of an account with their badges, consent and (for a
 * privacy cause) the images of the events that show them, and records one
 * ProfileDeleted event per profile with its deletion_cause, so the Security
 * Events list says who went and why. One transaction: the profile, its
 * event and the readers' new access version land together. Returns what
 * went, for the audit trail; files go after the commit.
 */
export const deleteProfilesFor = async (
    db: Db,
    storage: FileStorage,
    accountId: number,
    ids: number[],
    cause: DeletionCause,
): Promise<DeletedProfile[]> => {
    if (!ids.length) return [];
    const { gone, files } = await db.transaction(async tx => deleteProfilesIn(tx, accountId, ids, cause));
    await removeImages(storage, files);
    return gone;
};

/** Ids as an array literal: whole numbers from the database, one parameter however many. */
/** deleteProfilesFor inside a caller's transaction: the files to remove once it commits come back with what went. */
export const deleteProfilesIn = async (
    tx: Tx,
    accountId: number,
    ids: number[],
    cause: DeletionCause,
): Promise<{ gone: DeletedProfile[]; files: string[] }> => {
    if (!ids.length) return { gone: [], files: [] };
    // Biometric data: the faces in the events of a person who opted out go now, not at the retention date.
    const images =
        cause === 'opt_out'
            ? await rows<{ image_key: string }>(
                  tx,
                  sql`with shown as (
                          select id, timestamp, image_key from events
                          where account_id = ${accountId} and profile_ids && ${intArray(ids)} and image_key is not null
                          for update
                      )
                      update events e set image_key = null, image_reason = 'retention'
                      from shown where e.id = shown.id and e.timestamp = shown.timestamp
                      returning shown.image_key`,
              )
            : [];
    const consents = await rows<{ file_key: string | null }>(
        tx,
        sql`select c.file_key from profile_consents c join profiles p on p.id = c.profile_id
            where p.account_id = ${accountId} and c.profile_id = any(${intArray(ids)}) and c.file_key is not null`,
    );
    const gone = await rows<DeletedProfile>(
        tx,
        sql`with doomed as (
                delete from profiles where account_id = ${accountId} and id = any(${intArray(ids)})
                returning id, account_id, acs_id, status, enabled, visitor
            ), cards as (
                select b.profile_id, json_agg(json_build_object('badge_number', b.badge_number, 'facility_code', b.facility_code,
                    'card_format_id', b.card_format_id) order by b.id) as badges
                from badges b where b.profile_id in (select id from doomed) group by b.profile_id
            ), recorded as (
                insert into events (event, account_id, timestamp, profiles, profile_ids, badge_numbers)
                select 'ProfileDeleted', d.account_id, now(),
                    jsonb_build_array(jsonb_build_object('profile_id', d.id, 'status', d.status, 'enabled', d.enabled,
                        'badge_number', (c.badges->0->>'badge_number')::bigint, 'facility_code', (c.badges->0->>'facility_code')::bigint,
                        'deletion_cause', ${cause}::text)),
                    array[d.id],
                    coalesce((select array_agg((x->>'badge_number')::bigint) from json_array_elements(c.badges) x), '{}')
                from doomed d left join cards c on c.profile_id = d.id
            )
            select d.id, d.account_id, d.acs_id, d.status, d.enabled, d.visitor, coalesce(c.badges, '[]'::json) as badges
            from doomed d left join cards c on c.profile_id = d.id order by d.id`,
    );
    if (gone.length) await bumpAccessVersion(tx, accountId);
    return { gone, files: [...images.map(i => i.image_key), ...consents.map(c => c.file_key!)] };
};

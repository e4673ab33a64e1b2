import { and, eq, inArray, sql } from 'drizzle-orm';
import { encodeCard, type CardFormatRef, type PredefinedCardFormatKey, type WiegandFormat } from '../../../contract/card-formats';
import type { AccessListEntry } from '../../../contract/device-api';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { accessVersions, badges, cardFormats } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Something readers of these accounts let through changed (a profile, a
 * badge, an access group, a membership, a card format): their configuration
 * ETag changes and they pull the new access list.
 */
export const bumpAccessVersion = async (db: Db | Tx, ...accountIds: (number | null | undefined)[]) => {
    for (const accountId of new Set(accountIds.filter((a): a is number => typeof a === 'number'))) {
        await db
            .insert(accessVersions)
            .values({ account_id: accountId, version: 2 })
            .onConflictDoUpdate({ target: accessVersions.account_id, set: { version: sql`${accessVersions.version} + 1` } });
    }
};

type FormatRow = typeof cardFormats.$inferSelect;

/** The codec's view of a stored format: predefined ones by key, custom ones by their layout. */
export const codecFormat = (f: FormatRow): CardFormatRef => {
    if (f.type === 'predefined') return f.key as PredefinedCardFormatKey;
    const layout = f.layout as Pick<WiegandFormat, 'facility' | 'card' | 'parity'>;
    return { name: f.name, type: 'custom', bits: f.bits, ...layout, facilityCode: f.facility_code ?? undefined };
};

const bitsOf = (format: FormatRow | undefined, facilityCode: number | null, badgeNumber: number) => {
    if (!format) return null;
    try {
        return encodeCard(codecFormat(format), { facilityCode: facilityCode ?? 0, cardNumber: badgeNumber });
    } catch {
        return null;
    }
};

/**
 * The access list of a reader: every enabled, unexpired, not inactive
 * profile of its account in one of its access groups, with all its badges
 * (disabled ones too, flagged, so the reader can say 'Inactive badge ID')
 * and each badge's bits as the reader's card input sees them.
 */
export const accessList = async (
    db: Db,
    deviceId: number,
    accountId: number,
): Promise<{ entries: AccessListEntry[]; formats: FormatRow[] }> => {
    const people = await rows<{
        id: number;
        acs_id: string | null;
        status: string;
        enabled: boolean;
        expires_at: Date | string | null;
        groups: number[];
    }>(
        db,
        sql`select p.id, p.acs_id, p.status, p.enabled, p.expires_at, array_agg(pag.access_group_id order by pag.access_group_id) as groups
            from profiles p
            join profile_access_groups pag on pag.profile_id = p.id
            join device_access_groups dag on dag.access_group_id = pag.access_group_id and dag.device_id = ${deviceId}
            where p.account_id = ${accountId} and p.enabled and p.status <> 'inactive' and (p.expires_at is null or p.expires_at > now())
            group by p.id order by p.id`,
    );
    if (!people.length) return { entries: [], formats: [] };
    const ids = people.map(p => p.id);
    const cards = await db
        .select()
        .from(badges)
        .where(and(eq(badges.account_id, accountId), inArray(badges.profile_id, ids)))
        .orderBy(badges.id);
    const formatIds = [...new Set(cards.map(c => c.card_format_id))];
    const formats = formatIds.length ? await db.select().from(cardFormats).where(inArray(cardFormats.id, formatIds)) : [];
    const formatById = new Map(formats.map(f => [f.id, f]));
    const byProfile = new Map<number, typeof cards>();
    for (const c of cards) byProfile.set(c.profile_id, [...(byProfile.get(c.profile_id) ?? []), c]);
    const entries = people.map(p => ({
        profile_id: p.id,
        acs_id: p.acs_id,
        status: p.status,
        enabled: p.enabled,
        expires_at: p.expires_at ? new Date(p.expires_at).toISOString() : null,
        access_group_ids: p.groups.map(Number),
        badges: (byProfile.get(p.id) ?? []).map(c => ({
            id: c.id,
            badge_number: c.badge_number,
            facility_code: c.facility_code,
            card_format_id: c.card_format_id,
            card_length: c.card_length,
            status: c.status,
            enabled: c.enabled,
            bits: bitsOf(formatById.get(c.card_format_id), c.facility_code, c.badge_number),
        })),
    }));
    return { entries, formats };
};

import { and, eq, inArray, sql } from 'drizzle-orm';
import { encodeCard, type CardFormatRef, type PredefinedCardFormatKey, type WiegandFormat } from '../../../contract/card-formats';
import type { AccessListEntry, OptOutBadge } from '../../../contract/device-api';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { badges, cardFormats, cardLists } from '../../db/schema';

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
 * (disabled ones too, flagged, so the reader can say 'Inactive badge ID'),
 * each badge's bits as the reader's card input sees them and whether it is
 * adaptive (face and badge together); and the account's opt-out badges.
 */
export const accessList = async (
    db: Db,
    deviceId: number,
    accountId: number,
): Promise<{ entries: AccessListEntry[]; formats: FormatRow[]; optOut: OptOutBadge[] }> => {
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
    const optedOut = await db
        .select()
        .from(cardLists)
        .where(and(eq(cardLists.account_id, accountId), eq(cardLists.list, 'opt_out')))
        .orderBy(cardLists.id);
    const ids = people.map(p => p.id);
    const cards = ids.length
        ? await db
              .select({
                  badge: badges,
                  two_factor: sql<boolean>`exists (select 1 from card_lists c where c.account_id = ${badges.account_id} and c.list = 'adaptive'
                      and c.card_format_id = ${badges.card_format_id} and coalesce(c.facility_code, -1) = coalesce(${badges.facility_code}, -1)
                      and c.badge_number = ${badges.badge_number})`,
              })
              .from(badges)
              .where(and(eq(badges.account_id, accountId), inArray(badges.profile_id, ids)))
              .orderBy(badges.id)
        : [];
    const formatIds = [...new Set([...cards.map(c => c.badge.card_format_id), ...optedOut.map(o => o.card_format_id)])];
    const formats = formatIds.length ? await db.select().from(cardFormats).where(inArray(cardFormats.id, formatIds)) : [];
    const formatById = new Map(formats.map(f => [f.id, f]));
    const byProfile = new Map<number, typeof cards>();
    for (const c of cards) byProfile.set(c.badge.profile_id, [...(byProfile.get(c.badge.profile_id) ?? []), c]);
    const entries = people.map(p => ({
        profile_id: p.id,
        acs_id: p.acs_id,
        status: p.status,
        enabled: p.enabled,
        expires_at: p.expires_at ? new Date(p.expires_at).toISOString() : null,
        access_group_ids: p.groups.map(Number),
        badges: (byProfile.get(p.id) ?? []).map(({ badge: c, two_factor }) => ({
            id: c.id,
            badge_number: c.badge_number,
            facility_code: c.facility_code,
            card_format_id: c.card_format_id,
            card_length: c.card_length,
            status: c.status,
            enabled: c.enabled,
            bits: bitsOf(formatById.get(c.card_format_id), c.facility_code, c.badge_number),
            two_factor,
        })),
    }));
    const optOut = optedOut.map(o => ({
        card_format_id: o.card_format_id,
        facility_code: o.facility_code,
        badge_number: o.badge_number,
        bits: bitsOf(formatById.get(o.card_format_id), o.facility_code, o.badge_number),
    }));
    return { entries, formats, optOut };
};

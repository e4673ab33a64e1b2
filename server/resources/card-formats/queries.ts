import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { WIEGAND_FORMATS, PREDEFINED_CARD_FORMATS, type PredefinedCardFormatKey, type WiegandFormat } from '../../../contract/card-formats';
import type { Db } from '../../db/database';
import { cardFormats } from '../../db/schema';
import { allOf, countAll, inAccountScope, textMatch, orderBy, page, type AccountScope } from '../../db/lists';

export type CardFormatRow = typeof cardFormats.$inferSelect;
type Layout = Pick<WiegandFormat, 'facility' | 'card' | 'parity'>;

/** The predefined formats of contract/card-formats.ts, written (or brought up to date) at every start. */
export const seedPredefinedCardFormats = async (db: Db) => {
    for (const key of Object.keys(PREDEFINED_CARD_FORMATS) as PredefinedCardFormatKey[]) {
        const wiegand = key === 'fascn-200' ? undefined : WIEGAND_FORMATS[key];
        const values = {
            key,
            name: PREDEFINED_CARD_FORMATS[key],
            type: 'predefined' as const,
            bits: wiegand?.bits ?? 200,
            layout: wiegand ? { facility: wiegand.facility, card: wiegand.card, parity: wiegand.parity } : null,
        };
        await db
            .insert(cardFormats)
            .values(values)
            .onConflictDoUpdate({ target: cardFormats.key, set: { name: values.name, bits: values.bits, layout: values.layout } });
    }
};

export const toCardFormat = (row: CardFormatRow) => {
    const layout = row.layout as Layout | null;
    return {
        id: row.id,
        account_id: row.account_id,
        key: row.key,
        name: row.name,
        type: row.type,
        bits: row.bits,
        facility: layout?.facility ?? null,
        card: layout?.card ?? null,
        parity: layout?.parity ?? [],
        facility_code: row.facility_code,
    };
};

const SORTABLE = { name: cardFormats.name, bits: cardFormats.bits, type: cardFormats.type, id: cardFormats.id };

/** The predefined formats and the custom ones of the given accounts. */
export const listCardFormats = (
    db: Db,
    /** scope: the accounts whose custom formats come beside the predefined ones; null: none */
    f: { scope: AccountScope | null; q?: string; type?: 'predefined' | 'custom'; ids?: number[] },
    params: { page: number; per_page: number; sort?: string },
) => {
    const custom = f.scope ? (inAccountScope(f.scope, cardFormats.account_id) ?? isNotNull(cardFormats.account_id)) : undefined;
    const where = allOf([
        custom ? or(isNull(cardFormats.account_id), custom) : isNull(cardFormats.account_id),
        textMatch(f.q, cardFormats.name),
        f.type ? eq(cardFormats.type, f.type) : undefined,
        f.ids ? inArray(cardFormats.id, f.ids) : undefined,
    ]);
    const query = db
        .select()
        .from(cardFormats)
        .where(where)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'name', order: 'ASC' }, cardFormats.id));
    return page<CardFormatRow>(query.$dynamic() as never, db.select({ n: countAll }).from(cardFormats).where(where), params);
};

export const findCardFormat = async (db: Db, id: number) => (await db.select().from(cardFormats).where(eq(cardFormats.id, id)).limit(1))[0];

export const nameTaken = async (db: Db, accountId: number, name: string, exceptId?: number) =>
    (
        await db
            .select({ id: cardFormats.id })
            .from(cardFormats)
            .where(
                and(
                    or(isNull(cardFormats.account_id), eq(cardFormats.account_id, accountId)),
                    sql`lower(${cardFormats.name}) = lower(${name})`,
                ),
            )
    ).some(r => r.id !== exceptId);

export const insertCardFormat = async (db: Db, accountId: number, format: WiegandFormat) =>
    (
        await db
            .insert(cardFormats)
            .values({
                account_id: accountId,
                name: format.name.trim(),
                type: 'custom',
                bits: format.bits,
                layout: { facility: format.facility, card: format.card, parity: format.parity },
                facility_code: format.facilityCode ?? null,
            })
            .returning()
    )[0]!;

export const updateCardFormat = async (db: Db, id: number, format: WiegandFormat) =>
    (
        await db
            .update(cardFormats)
            .set({
                name: format.name.trim(),
                bits: format.bits,
                layout: { facility: format.facility, card: format.card, parity: format.parity },
                facility_code: format.facilityCode ?? null,
                updated_at: sql`now()`,
            })
            .where(eq(cardFormats.id, id))
            .returning()
    )[0]!;

export const deleteCardFormat = (db: Db, id: number) => db.delete(cardFormats).where(eq(cardFormats.id, id));

/** The card formats an account's badges may use: the predefined ones first, then its own. */
export const cardFormatsOfAccount = (db: Pick<Db, 'select'>, accountId: number) =>
    db
        .select()
        .from(cardFormats)
        .where(or(isNull(cardFormats.account_id), eq(cardFormats.account_id, accountId)))
        .orderBy(sql`${cardFormats.account_id} nulls first`, cardFormats.id);

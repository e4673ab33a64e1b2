import { encodeCard, WIEGAND_FORMATS, type PredefinedCardFormatKey } from '../../../contract/card-formats';
import { CARD_MESSAGES } from '../../../contract/cards';
import { PROFILE_MESSAGES, type BadgeInput } from '../../../contract/profiles';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { cardFormats, cardLists } from '../../db/schema';
import { validationError } from '../../http/errors';
import { codecFormat } from './access';
import type { Tx } from './deletion';
import type { CheckedBadge } from './queries';

type CardFormatRow = typeof cardFormats.$inferSelect;

export const BADGE_TAKEN = 'A badge with this number, facility code and card format already belongs to a profile of this account.';

/** Whether a stored format has a facility code field (FASC-N's is its agency and system codes). */
const hasFacility = (format: CardFormatRow) => {
    if (format.type === 'predefined')
        return format.key === 'fascn-200' || !!WIEGAND_FORMATS[format.key as Exclude<PredefinedCardFormatKey, 'fascn-200'>]?.facility;
    return !!(format.layout as { facility: unknown } | null)?.facility;
};

/**
 * A badge as entered, checked against its card format: the format must be a
 * predefined one or the account's own, the facility code is required when
 * the format has one (SPEC 5) and absent when it has none, and both values
 * must fit the format's fields (the codec of contract/card-formats.ts says
 * which range). card_length is the format's number of bits. Throws a
 * validation error naming the field.
 */
export const checkBadgeWith = (format: CardFormatRow | undefined, accountId: number, input: BadgeInput, prefix = ''): CheckedBadge => {
    const field = (name: string) => `${prefix}${name}`;
    if (!format || (format.account_id !== null && format.account_id !== accountId))
        throw validationError({ [field('card_format_id')]: 'Choose a card format of the account' });
    const facility = input.facility_code ?? null;
    if (hasFacility(format) && facility === null)
        throw validationError({ [field('facility_code')]: PROFILE_MESSAGES.facilityCodeRequired });
    if (!hasFacility(format) && facility) throw validationError({ [field('facility_code')]: `${format.name} carries no facility code` });
    try {
        encodeCard(codecFormat(format), { facilityCode: facility ?? 0, cardNumber: input.badge_number });
    } catch (e) {
        const message = (e as Error).message;
        throw validationError({
            [field(message.startsWith('Facility') ? 'facility_code' : 'badge_number')]:
                `${message.replace(/^Card number/, 'Badge number')} in ${format.name}`,
        });
    }
    return {
        card_format_id: format.id,
        badge_number: input.badge_number,
        facility_code: hasFacility(format) ? facility : null,
        card_length: format.bits,
    };
};

/** checkBadgeWith the format the input names. */
export const checkBadge = async (db: Db, accountId: number, input: BadgeInput, prefix = ''): Promise<CheckedBadge> =>
    checkBadgeWith(
        (await db.select().from(cardFormats).where(eq(cardFormats.id, input.card_format_id)).limit(1))[0],
        accountId,
        input,
        prefix,
    );

/**
 * Why a profile cannot get this badge: its holder opted out of biometrics (SPEC 4.7; the opt-out list is the cards
 * feature's, read here).
 */
export const whyNotForProfile = async (
    db: Db | Tx,
    accountId: number,
    key: Pick<CheckedBadge, 'card_format_id' | 'facility_code' | 'badge_number'>,
): Promise<string | null> => {
    const [optedOut] = await db
        .select({ id: cardLists.id })
        .from(cardLists)
        .where(
            and(
                eq(cardLists.account_id, accountId),
                eq(cardLists.list, 'opt_out'),
                sql`${cardLists.card_format_id} = ${key.card_format_id} and coalesce(${cardLists.facility_code}, -1) = ${key.facility_code ?? -1} and ${cardLists.badge_number} = ${key.badge_number}`,
            ),
        )
        .limit(1);
    return optedOut ? CARD_MESSAGES.optedOut : null;
};

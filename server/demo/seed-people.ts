import { cardLists, profileConsents, visitorRanges } from '../db/schema';
import type { Db } from '../db/database';
import { nextMidnight } from '../../contract/cards';
import { insertProfile } from '../resources/profiles/queries';

/**
 * The people side of a demo site (docs/decisions.md "Profiles, badge lists, visitors, consent and expiry"), so that every screen of the
 * Profiles group has something to show: a few opted-out badges nobody holds,
 * adaptive badges, the site manager's badge in the exclusion list, a visitor
 * range with today's visitor, and consents given at the readers.
 * `people` are the site's profiles in order; person p holds badge 1000 + p
 * with facility code `facility` in the 26-bit format.
 */
export const seedDemoPeople = async (
    db: Db,
    site: { accountId: number; facility: number; formatId: number; defaultGroupId: number; people: { id: number }[]; now: Date },
) => {
    const { accountId, facility, formatId, people, now } = site;
    const card = (badge_number: number) => ({ account_id: accountId, card_format_id: formatId, facility_code: facility, badge_number });
    await db
        .insert(cardLists)
        .values([
            ...[1900, 1901, 1902].map(n => ({ ...card(n), list: 'opt_out' as const, created_by: 'Demo' })),
            ...people.flatMap((_, p) => (p % 7 === 3 ? [{ ...card(1000 + p), list: 'adaptive' as const, created_by: 'Demo' }] : [])),
            { ...card(1000), list: 'exclusion' as const, created_by: 'Demo' },
        ]);
    await db
        .insert(visitorRanges)
        .values({ account_id: accountId, card_format_id: formatId, facility_code: facility, first_number: 9000, last_number: 9099 });
    await insertProfile(
        db,
        accountId,
        // a visitor badge works until midnight; the demo's works till the first midnight at least half a day away, so
        // that a platform seeded late in the evening still shows its visitor the next morning
        { acs_id: 'Visitor 9000', visitor: true, expires_at: nextMidnight(new Date(now.getTime() + 12 * 3_600_000), 'UTC') },
        [site.defaultGroupId],
        [{ card_format_id: formatId, facility_code: facility, badge_number: 9000, card_length: 26 }],
    );
    await db.insert(profileConsents).values(
        people.flatMap((person, p) =>
            p % 3 === 0
                ? [
                      {
                          profile_id: person.id,
                          accepted_at: new Date(now.getTime() - (p + 1) * 86_400_000),
                          method: 'reader' as const,
                          document_version: 'v1',
                      },
                  ]
                : [],
        ),
    );
};

import { APPROVED_DEVICE_STATUSES } from '../../contract/devices';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { EVENT_GROUP_TYPES, type EventType } from '../../contract/events';
import type { AppContext } from '../context';
import { badges, devices, profiles, type EventProfile } from '../db/schema';
import { eventImageKey } from '../storage/images';
import { storeEvents, type EventInsert } from '../resources/events/queries';
import { FramePool } from './fleet/frames';
import { seededRandom } from './random';

export interface SeedEventsOptions {
    /** accounts to fill (default: every account with approved readers) */
    accountIds?: number[];
    days?: number;
    /** events per reader and day, on average (weekends are quieter) */
    perReaderPerDay?: number;
    now?: Date;
    /** a fixed seed draws the same history */
    seed?: number;
}

const MIX: [EventType, number, faces: number][] = [
    ['1FAFaceAuthenticated', 34, 1],
    ['1FABadgeAuthenticated', 20, 0],
    ['2FAAuthenticated', 12, 1],
    ['2FAMAuthenticated', 3, 1],
    ['2FAMismatch', 2, 1],
    ['1FABiometricOptOutAuthenticated', 1, 0],
    ['TailgatingByKnownUser', 3, 2],
    ['TailgatingByUnknownUser', 2, 2],
    ['CrossingByKnownUser', 2, 1],
    ['CrossingByUnknownUser', 2, 1],
    ['UnauthorizedEntryByKnownUser', 1, 1],
    ['UnauthorizedEntryByUnknownUser', 2, 1],
    ['TamperedReaderDetected', 1, 0],
    ['TamperedReaderRestored', 1, 0],
    ['1FAProfileCreate', 2, 1],
    ['FullEnrollment', 1, 1],
    ['EnrollmentFailure', 1, 1],
    ['SIPOutgoingEstablished', 3, 0],
    ['SIPIncomingReceived', 2, 0],
    ['SIPOutgoingFailure', 1, 0],
    ['BiometricOptOutAdded', 1, 0],
];
const TOTAL = MIX.reduce((n, [, w]) => n + w, 0);
const KNOWN: readonly string[] = [
    ...EVENT_GROUP_TYPES.authenticated,
    '2FAMismatch',
    'TailgatingByKnownUser',
    'CrossingByKnownUser',
    'UnauthorizedEntryByKnownUser',
    '1FAProfileCreate',
    'FullEnrollment',
    'BiometricOptOutAdded',
];
/** How many image files are written at once: start-up waits on their syncs. */
const PARALLEL_WRITES = 16;

/**
 * The demo platform's history: `days` of security events with their camera
 * frames on the approved readers of the demo accounts, for their profiles,
 * mostly in working hours. Kept modest (a few thousand events) so that a
 * first start stays quick; events go in through the same insert as the
 * device API, and images through the file storage.
 */
export const seedDemoEvents = async (ctx: Pick<AppContext, 'db' | 'storage'>, options: SeedEventsOptions = {}) => {
    const { days = 30, perReaderPerDay = 8, now = new Date(), seed = 7 } = options;
    const random = seededRandom(seed);
    const frames = new FramePool(4);
    const readers = await ctx.db
        .select({
            id: devices.id,
            account_id: devices.account_id,
            description: devices.description,
            device_mode: devices.device_mode,
            role: devices.role,
        })
        .from(devices)
        .where(
            and(
                inArray(devices.status, APPROVED_DEVICE_STATUSES),
                options.accountIds ? inArray(devices.account_id, options.accountIds) : undefined,
            ),
        );
    if (!readers.length) return { events: 0, images: 0 };
    const accountIds = [...new Set(readers.map(r => r.account_id))];
    const people = await ctx.db
        // a join, not a subquery: drizzle leaves a one-table select's columns unqualified, which a subquery would read as its own
        .select({
            id: profiles.id,
            account_id: profiles.account_id,
            status: profiles.status,
            enabled: profiles.enabled,
            badge_number: sql<number | null>`min(${badges.badge_number})`.mapWith(Number),
        })
        .from(profiles)
        .leftJoin(badges, eq(badges.profile_id, profiles.id))
        .where(inArray(profiles.account_id, accountIds))
        .groupBy(profiles.id);
    const peopleOf = new Map<number, typeof people>();
    for (const person of people) peopleOf.set(person.account_id, [...(peopleOf.get(person.account_id) ?? []), person]);

    const rows: EventInsert[] = [];
    const images: { key: string; data: Buffer }[] = [];
    const start = now.getTime() - days * 86_400_000;
    for (const reader of readers) {
        const staff = peopleOf.get(reader.account_id) ?? [];
        for (let day = 0; day < days; day++) {
            const midnight = Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth(), new Date(start).getUTCDate() + day);
            const weekend = [0, 6].includes(new Date(midnight).getUTCDay());
            const count = Math.round(perReaderPerDay * (weekend ? 0.3 : 1) * (0.6 + random() * 0.8));
            for (let n = 0; n < count; n++) {
                // Mostly from 7:00 to 19:00.
                const hour = random() < 0.85 ? 7 + random() * 12 : random() * 24;
                const at = new Date(midnight + hour * 3600_000);
                if (at > now) continue;
                let r = random() * TOTAL;
                const [event, , faces] = MIX.find(([, w]) => (r -= w) < 0) ?? MIX[0]!;
                const person = KNOWN.includes(event) && staff.length ? staff[Math.floor(random() * staff.length)] : undefined;
                const frame = faces ? frames.get(faces, random()) : undefined;
                const shown: EventProfile[] = frame
                    ? frame.rois.map((roi, i) =>
                          i === 0 && person
                              ? {
                                    profile_id: person.id,
                                    badge_number: person.badge_number,
                                    enabled: person.enabled,
                                    status: person.status,
                                    roi,
                                }
                              : { profile_id: null, roi },
                      )
                    : person
                      ? [{ profile_id: person.id, badge_number: person.badge_number, enabled: person.enabled, status: person.status }]
                      : [];
                const key = frame ? eventImageKey(reader.account_id, reader.id, at, 'jpg') : null;
                if (key) images.push({ key, data: frame!.jpeg });
                rows.push({
                    account_id: reader.account_id,
                    event,
                    timestamp: at,
                    device_id: reader.id,
                    device_description: reader.description,
                    device_mode: reader.device_mode ?? reader.role,
                    tailgated: event.startsWith('Tailgating'),
                    profiles: shown,
                    profile_ids: shown.map(p => p.profile_id).filter((id): id is number => id !== null),
                    badge_numbers: shown.map(p => p.badge_number).filter((b): b is number => typeof b === 'number'),
                    sip_remote_station: event.startsWith('SIP')
                        ? ['Front desk 201', 'Security office 100'][Math.floor(random() * 2)]!
                        : null,
                    image_key: key,
                    device_event_id: `seed-${reader.id}-${rows.length}`,
                });
            }
        }
    }
    for (let i = 0; i < images.length; i += PARALLEL_WRITES)
        await Promise.all(images.slice(i, i + PARALLEL_WRITES).map(img => ctx.storage.put(img.key, img.data)));
    for (let i = 0; i < rows.length; i += 500) await storeEvents(ctx.db, rows.slice(i, i + 500));
    return { events: rows.length, images: images.length };
};

import { randomBytes } from 'node:crypto';
import { EVENT_GROUP_TYPES, type EventType } from '../contract/events';
import type { DeviceEventInput } from '../contract/device-events';
import type { Db } from '../server/db/database';
import { accounts, devices, profiles, type EventProfile } from '../server/db/schema';
import { sha256 } from '../server/crypto/tokens';
import type { EventInsert } from '../server/resources/events/queries';
import { sql } from 'drizzle-orm';
import { seededRandom } from '../server/demo/random';

/** The benchmark's platform: accounts, readers with their keys, profiles by account. */
export interface BenchPlatform {
    accountIds: number[];
    readers: { id: number; account_id: number; description: string; authorization: string }[];
    profilesOf: Map<number, number[]>;
}

/** Customer accounts under the main one, readers spread over them (approved, online, with keys), profiles spread too. */
export const makePlatform = async (
    db: Db,
    mainAccountId: number,
    sizes: { accounts: number; readers: number; profiles: number },
): Promise<BenchPlatform> => {
    const accountIds: number[] = [];
    for (let i = 0; i < sizes.accounts; i++) {
        const [row] = await db
            .insert(accounts)
            .values({
                parent_id: mainAccountId,
                type: 'customer',
                name: `Bench customer ${i + 1}`,
                ref_number: `B-${i + 1}`,
                email: `bench${i + 1}@bench.example`,
            })
            .returning({ id: accounts.id });
        await db
            .update(accounts)
            .set({ path: sql`'/' || ${mainAccountId} || '/' || ${row!.id} || '/'` })
            .where(sql`${accounts.id} = ${row!.id}`);
        accountIds.push(row!.id);
    }
    const readers: BenchPlatform['readers'] = [];
    for (let i = 0; i < sizes.readers; i++) {
        const key = randomBytes(24).toString('base64url');
        const account_id = accountIds[i % accountIds.length]!;
        const description = `Bench reader ${i + 1}`;
        const [row] = await db
            .insert(devices)
            .values({
                account_id,
                hardware_id: `BENCH-${i + 1}`,
                description,
                status: 'online',
                secret_hash: sha256(randomBytes(8).toString('hex')),
                key_hash: sha256(key),
                last_seen_at: new Date(),
                device_mode: 'one-fa',
            })
            .returning({ id: devices.id });
        readers.push({ id: row!.id, account_id, description, authorization: `Device ${row!.id}.${key}` });
    }
    const profilesOf = new Map<number, number[]>(accountIds.map(a => [a, []]));
    for (let i = 0; i < sizes.profiles; i += 1000) {
        const values = Array.from({ length: Math.min(1000, sizes.profiles - i) }, (_, k) => ({
            account_id: accountIds[(i + k) % accountIds.length]!,
            acs_id: `ACS-${i + k}`,
        }));
        for (const row of await db.insert(profiles).values(values).returning({ id: profiles.id, account_id: profiles.account_id }))
            profilesOf.get(row.account_id)!.push(row.id);
    }
    return { accountIds, readers, profilesOf };
};

const MIX: [EventType, number][] = [
    ['1FAFaceAuthenticated', 35],
    ['1FABadgeAuthenticated', 20],
    ['2FAAuthenticated', 12],
    ['2FAMismatch', 2],
    ['TailgatingByKnownUser', 3],
    ['TailgatingByUnknownUser', 2],
    ['CrossingByUnknownUser', 3],
    ['UnauthorizedEntryByUnknownUser', 3],
    ['TamperedReaderDetected', 1],
    ['DeviceOffline', 2],
    ['DeviceOnline', 2],
    ['SIPOutgoingEstablished', 6],
    ['FullEnrollment', 3],
    ['ProfileDeleted', 1],
    ['Unsupported', 1],
];
const TOTAL = MIX.reduce((n, [, w]) => n + w, 0);
const KNOWN: readonly string[] = [
    ...EVENT_GROUP_TYPES.authenticated,
    '2FAMismatch',
    'TailgatingByKnownUser',
    'FullEnrollment',
    'ProfileDeleted',
];

/** One generated event: the reader's view (what it posts) and the row it becomes. */
export interface BenchEvent {
    reader: BenchPlatform['readers'][number];
    input: DeviceEventInput;
    row: EventInsert;
}

/**
 * Events spread over the last `days` days, over every reader, with the
 * accounts' profiles; half of them name an image key (rows as large as real
 * ones; the bench keeps no files for them).
 */
export function* generateEvents(
    platform: BenchPlatform,
    count: number,
    options: { seed: number; days: number; now: number; prefix: string },
): Generator<BenchEvent> {
    const random = seededRandom(options.seed);
    for (let i = 0; i < count; i++) {
        const reader = platform.readers[Math.floor(random() * platform.readers.length)]!;
        let r = random() * TOTAL;
        const event = (MIX.find(([, w]) => (r -= w) < 0) ?? MIX[0]!)[0];
        const staff = platform.profilesOf.get(reader.account_id)!;
        const person = KNOWN.includes(event) && staff.length ? staff[Math.floor(random() * staff.length)]! : undefined;
        const badge = person && random() < 0.6 ? 100_000 + (person % 50_000) : undefined;
        const timestamp = new Date(options.now - Math.floor(random() * options.days * 86_400_000));
        const device_event_id = `${options.prefix}-${i}`;
        const shown: EventProfile[] = person
            ? [{ profile_id: person, badge_number: badge ?? null, enabled: true, status: 'active', roi: { x: 120, y: 60, w: 60, h: 80 } }]
            : [];
        const hasImage = random() < 0.5;
        yield {
            reader,
            input: {
                device_event_id,
                event,
                timestamp: timestamp.toISOString(),
                profiles: person
                    ? [{ profile_id: person, ...(badge ? { badge_number: badge } : {}), roi: { x: 120, y: 60, w: 60, h: 80 } }]
                    : undefined,
                ...(event.startsWith('SIP') ? { sip_call: { remote_station: 'Front desk 201' } } : {}),
            },
            row: {
                account_id: reader.account_id,
                event,
                timestamp,
                device_id: reader.id,
                device_description: reader.description,
                device_mode: 'one-fa',
                tailgated: event.startsWith('Tailgating'),
                profiles: shown,
                profile_ids: person ? [person] : [],
                badge_numbers: badge ? [badge] : [],
                sip_remote_station: event.startsWith('SIP') ? 'Front desk 201' : null,
                image_key: hasImage
                    ? `events/${timestamp.toISOString().slice(0, 10).replaceAll('-', '/')}/${reader.account_id}/${reader.id}-${device_event_id}.jpg`
                    : null,
                device_event_id,
            },
        };
    }
}

/**
 * The same mix of events made by PostgreSQL itself (generate_series), for
 * fills of millions of rows (--sql-fill): no row crosses the wire, some ten
 * times faster than inserts from the benchmark. Readers, types, profiles and
 * badges are drawn as generateEvents does (not the same draws); half the rows
 * name an image key.
 */
export const fillEventsInSql = async (
    db: Db,
    platform: BenchPlatform,
    count: number,
    options: { days: number; now: number; prefix: string; chunk?: number; onChunk?: (done: number) => void },
) => {
    const readerRows = platform.readers.map(
        (r, i) => `(${i}, ${r.id}, ${r.account_id}, ${(platform.profilesOf.get(r.account_id) ?? []).length})`,
    );
    await db.execute(sql.raw(`create temp table if not exists bench_readers (idx int primary key, id int, account_id int, staff int)`));
    await db.execute(sql.raw(`truncate bench_readers; insert into bench_readers values ${readerRows.join(', ')}`));
    let lo = 0;
    const mix = MIX.map(([event, w]) => {
        const row = `(${lo}, ${lo + w}, '${event}', ${KNOWN.includes(event)})`;
        lo += w;
        return row;
    });
    await db.execute(sql.raw(`create temp table if not exists bench_mix (lo int, hi int, event text, known boolean)`));
    await db.execute(sql.raw(`truncate bench_mix; insert into bench_mix values ${mix.join(', ')}`));
    await db.execute(sql.raw(`create temp table if not exists bench_staff (account_id int, k int, id int, primary key (account_id, k))`));
    await db.execute(sql.raw(`truncate bench_staff`));
    for (const [account, ids] of platform.profilesOf)
        if (ids.length)
            await db.execute(
                sql`insert into bench_staff select ${account}, k - 1, id from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality u(id, k)`,
            );
    const chunk = options.chunk ?? 250_000;
    for (let start = 0; start < count; start += chunk) {
        const n = Math.min(chunk, count - start);
        await db.execute(sql`
            insert into events (account_id, event, timestamp, device_id, device_description, device_mode, tailgated, profiles,
                                profile_ids, badge_numbers, sip_remote_station, image_key, device_event_id)
            select r.account_id, m.event, x.ts, r.id, 'Bench reader ' || (r.idx + 1), 'one-fa', m.event like 'Tailgating%',
                   case when p.id is null then '[]'::jsonb else jsonb_build_array(jsonb_build_object('profile_id', p.id,
                       'badge_number', case when x.rb < 0.6 then 100000 + p.id % 50000 end, 'enabled', true, 'status', 'active',
                       'roi', '{"x": 120, "y": 60, "w": 60, "h": 80}'::jsonb)) end,
                   case when p.id is null then '{}'::int[] else array[p.id] end,
                   case when p.id is not null and x.rb < 0.6 then array[100000 + p.id % 50000]::bigint[] else '{}'::bigint[] end,
                   case when m.event like 'SIP%' then 'Front desk 201' end,
                   case when x.ri < 0.5 then 'events/' || to_char(x.ts at time zone 'UTC', 'YYYY/MM/DD') || '/' || r.account_id || '/' || r.id || '-' || ${options.prefix} || '-' || x.n || '.jpg' end,
                   ${options.prefix} || '-' || x.n
            from (select n, random() as rr, random() * ${TOTAL} as rm, random() as rp, random() as rb, random() as ri,
                         to_timestamp((${options.now} - floor(random() * ${options.days * 86_400_000})) / 1000.0) as ts
                  from generate_series(${start}::int, ${start + n - 1}::int) n) x
            join bench_readers r on r.idx = floor(x.rr * ${platform.readers.length})::int
            join bench_mix m on x.rm >= m.lo and x.rm < m.hi
            left join bench_staff p on m.known and p.account_id = r.account_id and p.k = floor(x.rp * r.staff)::int`);
        options.onChunk?.(start + n);
    }
};

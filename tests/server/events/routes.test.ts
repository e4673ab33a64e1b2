import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { EVENT_RETENTION_OPTIONS } from '../../../contract/event-retention';
import { EVENT_EXPORT_IMAGE_NOTES, EVENT_IMAGE_MESSAGES, EVENTS_EXACT_COUNT_LIMIT, type EventRecord } from '../../../contract/events';
import { can, type Action, type Resource } from '../../../contract/rights';
import { ROLES, type Role } from '../../../contract/roles';
import { events, profiles } from '../../../server/db/schema';
import { EVENTS_EXPORT_MAX } from '../../../server/resources/events/export';
import { eventImageKey } from '../../../server/storage/images';
import { eventRetention } from '../../../server/resources/events/retention';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { addProfile, approvedReader, deviceEvent, frame, type TestReader } from './helpers';

let p: TestPlatform;
let admin: ApiCaller;
const readers = {} as Record<'own' | 'descendant' | 'unrelated', TestReader>;
const tokens = {} as Record<Role, string>;
/** one event with an image in each account of the matrix */
const eventIn = {} as Record<'own' | 'descendant' | 'unrelated', EventRecord>;

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    readers.own = await approvedReader(p, admin, p.demo.dealer.id, 'Dealer office');
    readers.descendant = await approvedReader(p, admin, p.demo.customers[0].id, '=HYPERLINK("http://x")');
    readers.unrelated = await approvedReader(p, admin, p.demo.otherCustomer.id, 'Clinic door');
    for (const target of ['own', 'descendant', 'unrelated'] as const) {
        const res = await readers[target].post([deviceEvent({ event: 'CrossingByKnownUser', image: 'shot' })], { shot: frame(1).jpeg });
        eventIn[target] = (await admin('GET', `/events/${res.body.accepted[0]!.id}`)).json();
    }
    tokens.admin = await p.login(ADMIN.email);
    for (const role of ROLES.filter(r => r !== 'admin')) tokens[role] = await p.login(p.demo.dealer.users[role].email);
}, 120_000);
afterAll(() => p?.close());

type Target = 'own' | 'descendant' | 'unrelated';
const accountOf = (role: Role, target: Target) =>
    target === 'own'
        ? role === 'admin'
            ? p.demo.dealer.id
            : p.demo.dealer.id
        : target === 'descendant'
          ? p.demo.customers[0].id
          : p.demo.otherCustomer.id;
const inScope = (role: Role, target: Target) =>
    role === 'admin' || target === 'own' || (target === 'descendant' && (role === 'dealer' || role === 'installer'));
const call = (role: Role, method: 'GET' | 'DELETE', url: string) => p.call(tokens[role], { method, url: `/api/v2${url}` });

describe("rights and account scope of the events routes (SPEC 6.2; other tenants' ids answer 404)", () => {
    const listed = (resource: Resource, action: Action, ok: number) => (r: Role, t: Target) =>
        !can(r, resource, action) ? 403 : inScope(r, t) ? ok : 403;
    const byId = (resource: Resource, action: Action, ok: number) => (r: Role, t: Target) =>
        !can(r, resource, action) ? 403 : inScope(r, t) ? ok : 404;
    const cases: { name: string; run: (r: Role, t: Target) => Promise<number>; expected: (r: Role, t: Target) => number }[] = [
        {
            name: 'GET /events',
            run: (r, t) => call(r, 'GET', `/events?account_id=${accountOf(r, t)}`).then(x => x.statusCode),
            expected: listed('events', 'read', 200),
        },
        // The Statistics screen's figures: SPEC 6.2 gives statistics to admin, dealer, installer and moderator.
        {
            name: 'GET /events/aggregate',
            run: (r, t) => call(r, 'GET', `/events/aggregate?group_by=type&account_id=${accountOf(r, t)}`).then(x => x.statusCode),
            expected: listed('statistics', 'read', 200),
        },
        {
            name: 'GET /events/aggregate/export',
            run: (r, t) => call(r, 'GET', `/events/aggregate/export?group_by=day&account_id=${accountOf(r, t)}`).then(x => x.statusCode),
            expected: listed('statistics', 'read', 200),
        },
        {
            name: 'GET /events/export',
            run: (r, t) => call(r, 'GET', `/events/export?account_id=${accountOf(r, t)}`).then(x => x.statusCode),
            expected: listed('events', 'export', 200),
        },
        {
            name: 'GET /events/:id',
            run: (r, t) => call(r, 'GET', `/events/${eventIn[t].id}`).then(x => x.statusCode),
            expected: byId('events', 'read', 200),
        },
        {
            name: 'GET /events/:id/files/:name',
            run: (r, t) => call(r, 'GET', `/events/${eventIn[t].id}/files/${eventIn[t].image}`).then(x => x.statusCode),
            expected: byId('events', 'read', 200),
        },
    ];
    for (const c of cases) {
        it(c.name, async () => {
            const got: string[] = [];
            const want: string[] = [];
            for (const role of ROLES)
                for (const target of ['own', 'descendant', 'unrelated'] as const) {
                    got.push(`${role}/${target}: ${await c.run(role, target)}`);
                    want.push(`${role}/${target}: ${c.expected(role, target)}`);
                }
            expect(got).toEqual(want);
        });
    }

    it('DELETE /events/:id: admin, dealer and installer in their scope; the image file goes too', async () => {
        const got: string[] = [];
        const want: string[] = [];
        for (const role of ROLES)
            for (const target of ['own', 'descendant', 'unrelated'] as const) {
                const made = await readers[target].post([deviceEvent({ image: 'x' })], { x: frame(1).jpeg });
                const id = made.body.accepted[0]!.id;
                const [{ image_key: key }] = (await p.ctx.db
                    .select({ image_key: events.image_key })
                    .from(events)
                    .where(eq(events.id, id))) as [{ image_key: string }];
                const status = (await call(role, 'DELETE', `/events/${id}`)).statusCode;
                got.push(`${role}/${target}: ${status}`);
                want.push(`${role}/${target}: ${!can(role, 'events', 'delete') ? 403 : inScope(role, target) ? 204 : 404}`);
                if (status === 204) {
                    expect((await admin('GET', `/events/${id}`)).statusCode).toBe(404);
                    expect(await p.ctx.storage.stat(key)).toBeUndefined();
                } else {
                    expect(await p.ctx.storage.stat(key)).toBeDefined();
                }
            }
        expect(got).toEqual(want);
        const audit = (await admin('GET', `/audit_logs?cross_account=true&resource=events&action=delete`)).json();
        expect(audit.count).toBe(want.filter(w => w.endsWith('204')).length);
    });

    it('GET /events/live refuses an account out of scope and a role without the right before streaming', async () => {
        expect((await call('moderator', 'GET', `/events/live?account_id=${p.demo.customers[0].id}`)).statusCode).toBe(403);
        expect((await call('dealer', 'GET', `/events/live?account_id=${p.demo.otherCustomer.id}`)).statusCode).toBe(403);
        expect((await p.call(undefined, { method: 'GET', url: '/api/v2/events/live' })).statusCode).toBe(401);
    });

    it.each(ROLES)('%s lists with cross_account only events of accounts in its scope', async role => {
        const result = (await call(role, 'GET', '/events?cross_account=true&per_page=200')).json().result as EventRecord[];
        const accounts = new Set(result.map(e => e.account_id));
        const allowed =
            role === 'admin'
                ? [p.demo.dealer.id, p.demo.customers[0].id, p.demo.otherCustomer.id]
                : role === 'dealer' || role === 'installer'
                  ? [p.demo.dealer.id, p.demo.customers[0].id]
                  : [p.demo.dealer.id];
        expect([...accounts].sort()).toEqual(allowed.sort());
    });
});

describe('Event Details', () => {
    it('shows "Device deleted" and "Profile deleted" once the device or profile is gone, and keeps what the event recorded', async () => {
        const doomed = await approvedReader(p, admin, p.demo.customers[1].id, 'Old turnstile');
        const person = await addProfile(p, p.demo.customers[1].id);
        const res = await doomed.post({ events: [deviceEvent({ profiles: [{ profile_id: person.id, badge_number: 5 }] })] });
        const id = res.body.accepted[0]!.id;
        expect((await admin('GET', `/events/${id}`)).json()).toMatchObject({
            device_deleted: false,
            profiles: [{ profile_id: person.id, profile_deleted: false }],
        });
        expect((await admin('DELETE', `/devices/${doomed.id}`)).statusCode).toBe(204);
        await p.ctx.db.delete(profiles).where(eq(profiles.id, person.id));
        expect((await admin('GET', `/events/${id}`)).json()).toMatchObject({
            device_id: doomed.id,
            device_description: 'Old turnstile',
            device_deleted: true,
            profiles: [{ profile_id: person.id, badge_number: 5, profile_deleted: true }],
        });
    });

    it('answers the image request of an event without image with the SPEC text', async () => {
        const res = await readers.own.post({ events: [deviceEvent({ event: 'DeviceOnline' })] });
        const image = await admin('GET', `/events/${res.body.accepted[0]!.id}/files/anything.jpg`);
        expect(image.statusCode).toBe(404);
        expect(image.json().error).toBe(EVENT_IMAGE_MESSAGES.none);
    });
});

const unzip = (data: Buffer) =>
    new Promise<Map<string, Buffer>>((resolve, reject) =>
        yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
            if (error || !zip) return reject(error);
            const files = new Map<string, Buffer>();
            zip.on('entry', (entry: yauzl.Entry) =>
                zip.openReadStream(entry, (e, stream) => {
                    if (e || !stream) return reject(e);
                    const chunks: Buffer[] = [];
                    stream.on('data', c => chunks.push(c as Buffer));
                    stream.on('end', () => {
                        files.set(entry.fileName, Buffer.concat(chunks));
                        zip.readEntry();
                    });
                }),
            );
            zip.on('end', () => resolve(files));
            zip.readEntry();
        }),
    );

describe('GET /events/export', () => {
    it("zips events.csv for the filter, in the caller's time zone, with the images of the listed events", async () => {
        const reader = await approvedReader(p, admin, p.demo.customers[0].id, '=cmd|calc');
        const shots = [frame(1).jpeg, frame(2).jpeg];
        const at = new Date('2026-03-01T23:30:00Z');
        const sent = await reader.post(
            [
                deviceEvent({ event: 'TailgatingByKnownUser', timestamp: at.toISOString(), image: 'a' }),
                deviceEvent({
                    event: 'SIPIncomingReceived',
                    timestamp: new Date(at.getTime() + 60_000).toISOString(),
                    image: 'b',
                    sip_call: { remote_station: '+33 1 23' },
                }),
                deviceEvent({ event: 'DeviceOffline', timestamp: new Date(at.getTime() + 120_000).toISOString() }),
            ],
            { a: shots[0]!, b: shots[1]! },
        );
        const res = await admin('GET', `/events/export?account_id=${p.demo.customers[0].id}&device_id=${reader.id}&timezone_offset=-120`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/zip');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="events-logs-\d{8}-\d{6}\.zip"$/);
        const files = await unzip(res.rawPayload);
        const rows = parse(files.get('events.csv')!, { columns: true }) as Record<string, string>[];
        expect(rows.map(r => [r.id, r.event, r.timestamp])).toEqual([
            [String(sent.body.accepted[2]!.id), 'DeviceOffline', '2026-03-02 01:32:00'],
            [String(sent.body.accepted[1]!.id), 'SIPIncomingReceived', '2026-03-02 01:31:00'],
            [String(sent.body.accepted[0]!.id), 'TailgatingByKnownUser', '2026-03-02 01:30:00'],
        ]);
        // What a spreadsheet would run as a formula is written as text.
        expect(rows[0]!.device_description).toBe("'=cmd|calc");
        expect(rows[1]!.sip_remote_station).toBe("'+33 1 23");
        expect(rows[2]).toMatchObject({ incident: 'true', group: 'tailgating' });
        expect(Buffer.compare(files.get(rows[2]!.image!)!, shots[0]!)).toBe(0);
        expect(Buffer.compare(files.get(rows[1]!.image!)!, shots[1]!)).toBe(0);
        expect(rows[0]!.image).toBe('');
        expect([...files.keys()].filter(f => f.startsWith('images/'))).toHaveLength(2);
    });

    it('names in events.csv only the images the zip holds and that decode, and says why of the others', async () => {
        const account = p.demo.customers[0].id;
        const reader = await approvedReader(p, admin, account, 'Side gate');
        const good = frame(1).jpeg;
        const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 0x5a)]);
        const at = Date.parse('2026-04-01T08:00:00Z');
        const sent = await reader.post(
            [
                deviceEvent({ event: 'CrossingByKnownUser', timestamp: new Date(at).toISOString(), image: 'good' }),
                deviceEvent({ event: 'CrossingByUnknownUser', timestamp: new Date(at + 60_000).toISOString(), image: 'damaged' }),
            ],
            { good, damaged },
        );
        expect(sent.body.rejected).toEqual([]);
        // An event whose file is no longer in storage (removed by retention while the export runs, lost from the disk).
        const [gone] = await p.ctx.db
            .insert(events)
            .values({
                account_id: account,
                event: 'TailgatingByUnknownUser',
                timestamp: new Date(at + 120_000),
                device_id: reader.id,
                image_key: eventImageKey(account, reader.id, new Date(), 'jpg'),
            })
            .returning({ id: events.id });

        const res = await admin('GET', `/events/export?account_id=${account}&device_id=${reader.id}`);
        expect(res.statusCode).toBe(200);
        const files = await unzip(res.rawPayload);
        const rows = parse(files.get('events.csv')!, { columns: true }) as Record<string, string>[];
        const named = rows.map(r => r.image!).filter(image => image.startsWith('images/'));
        const held = [...files.keys()].filter(f => f !== 'events.csv');
        expect(named.sort()).toEqual(held.sort());
        for (const image of named) await expect(sharp(files.get(image)).raw().toBuffer()).resolves.toBeInstanceOf(Buffer);
        expect(rows.map(r => [Number(r.id), r.image])).toEqual([
            [gone!.id, EVENT_EXPORT_IMAGE_NOTES.missing],
            [sent.body.accepted[1]!.id, EVENT_EXPORT_IMAGE_NOTES.undecodable],
            [sent.body.accepted[0]!.id, expect.stringMatching(/^images\//)],
        ]);
        expect(Buffer.compare(files.get(rows[2]!.image!)!, good)).toBe(0);
    });

    it('refuses more than the export holds, and past the exact-count limit the list says its count is an estimate', async () => {
        const account = p.demo.otherDealer.id;
        await p.ctx.db.execute(
            sql`insert into events (account_id, event, timestamp) select ${account}, 'DeviceOnline', '2026-01-01T00:00:00Z'::timestamptz - make_interval(secs => g) from generate_series(1, ${EVENTS_EXPORT_MAX + 1}) g`,
        );
        const res = await admin('GET', `/events/export?account_id=${account}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatch(
            /^An export holds at most 50,000 events and this filter matches more: narrow the dates, type or reader\.$/,
        );
        const list = (await admin('GET', `/events?account_id=${account}`)).json();
        expect(list.count_is_estimate).toBe(true);
        expect(list.count).toBeGreaterThan(EVENTS_EXACT_COUNT_LIMIT);
        expect(list.result).toHaveLength(20);
        const narrow = (await admin('GET', `/events?account_id=${account}&from=2025-12-31T23:58:20Z`)).json();
        expect(narrow).toMatchObject({ count: 100, count_is_estimate: false });
    }, 60_000);
});

describe('GET /events/aggregate/export', () => {
    it('gives the statistics as CSV with one column per dimension', async () => {
        const res = await admin('GET', `/events/aggregate/export?account_id=${p.demo.customers[0].id}&group_by=type,device`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="events-statistics-type-device-\d{8}-\d{6}\.csv"$/);
        const rows = parse(res.body, { columns: true }) as Record<string, string>[];
        expect(Object.keys(rows[0]!)).toEqual(['type', 'device_id', 'device_description', 'count']);
        const json = (await admin('GET', `/events/aggregate?account_id=${p.demo.customers[0].id}&group_by=type,device`)).json().result;
        expect(rows.map(r => Number(r.count))).toEqual(json.map((r: { count: number }) => r.count));
    });
});

describe('GET /dashboard', () => {
    it('adds devices by state with the offline readers, events by group and day with the latest incidents, and profile counts', async () => {
        const account = p.demo.customers[1].id;
        const moderator = await p.as(p.demo.customers[1].users.moderator.email);
        const groupsOf = (body: { events: { last_24h: { group: string; count: number }[] } }) =>
            Object.fromEntries(body.events.last_24h.map(g => [g.group, g.count]));
        const start = groupsOf((await moderator('GET', '/dashboard')).json());
        const reader = await approvedReader(p, admin, account, 'Warehouse gate');
        await reader.heartbeat();
        await addProfile(p, account, { status: 'enrollment' });
        const shot = frame(2).jpeg;
        await reader.post(
            [
                deviceEvent({ event: '1FABadgeAuthenticated', timestamp: new Date(Date.now() - 3600_000).toISOString() }),
                deviceEvent({
                    event: 'UnauthorizedEntryByUnknownUser',
                    timestamp: new Date(Date.now() - 1800_000).toISOString(),
                    image: 'i',
                }),
                deviceEvent({ event: 'TamperedReaderDetected', timestamp: new Date(Date.now() - 3 * 86_400_000).toISOString() }),
            ],
            { i: shot },
        );
        const before = (await moderator('GET', '/dashboard')).json();
        expect(before.devices.by_state.online).toBeGreaterThanOrEqual(1);
        const { markSilentDevicesOffline } = await import('../../../server/resources/devices/queries');
        await markSilentDevicesOffline(p.ctx.db, -1);
        const body = (await moderator('GET', '/dashboard')).json();
        expect(body.devices.offline[0]).toMatchObject({ id: reader.id, description: 'Warehouse gate', account_name: 'Fabrikam Labs' });
        expect(body.devices.by_state.offline).toBe(before.devices.by_state.offline + before.devices.by_state.online);
        const last24h = groupsOf(body);
        expect(Object.keys(last24h)).toEqual([
            'authenticated',
            'enrollment',
            'tailgating',
            'crossing',
            'unauthorized',
            'security',
            'profiles',
            'mismatchDetection',
            'device',
            'sip',
            'spoofing',
        ]);
        // The tamper of three days ago is outside the 24 hours; the reader's first heartbeat (online) and its silence (offline) are inside.
        expect(last24h).toMatchObject({
            authenticated: start.authenticated! + 1,
            unauthorized: start.unauthorized! + 1,
            security: start.security,
        });
        expect(last24h.device).toBe(start.device! + 2);
        const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
        expect(body.events.per_day).toContainEqual({ day: threeDaysAgo, group: 'security', count: 1 });
        expect(body.events.latest_incidents.map((e: EventRecord) => e.event)).toEqual([
            'UnauthorizedEntryByUnknownUser',
            'TamperedReaderDetected',
        ]);
        expect(body.events.latest_incidents[0].image).toEqual(expect.any(String));
        expect(body.profiles.by_status.enrollment).toBe(1);
        expect(body.profiles.total).toBeGreaterThanOrEqual(1);
    });
});

describe('retention (account settings of SPEC 3)', () => {
    it("removes images, then events, older than the account's policy; a removed image answers the SPEC 8.3 text", async () => {
        const account = p.demo.otherCustomer.id;
        const options = (await admin('GET', `/accounts/${account}/options`)).json().options;
        await admin('PUT', `/accounts/${account}/options`, {
            options: [
                ...options,
                { type: 'number', name: EVENT_RETENTION_OPTIONS.eventImagesDays, value: '7' },
                { type: 'number', name: EVENT_RETENTION_OPTIONS.eventsDays, value: '30' },
            ],
        });
        const reader = readers.unrelated;
        const day = 86_400_000;
        const sent = await reader.post(
            [
                deviceEvent({ timestamp: new Date(Date.now() - 2 * day).toISOString(), image: 'fresh' }),
                deviceEvent({ timestamp: new Date(Date.now() - 10 * day).toISOString(), image: 'old' }),
                deviceEvent({ timestamp: new Date(Date.now() - 40 * day).toISOString(), image: 'ancient' }),
            ],
            { fresh: frame(1).jpeg, old: frame(1).jpeg, ancient: frame(1).jpeg },
        );
        const [fresh, old, ancient] = sent.body.accepted.map(a => a.id) as [number, number, number];
        const oldImage = (await admin('GET', `/events/${old}`)).json().image;
        // The default policy (90 days of images, 365 of events) of another account keeps its old events.
        const elsewhere = await readers.descendant.post(
            [deviceEvent({ timestamp: new Date(Date.now() - 40 * day).toISOString(), image: 'k' })],
            { k: frame(1).jpeg },
        );

        await eventRetention.run(p.ctx);

        expect((await admin('GET', `/events/${ancient}`)).statusCode).toBe(404);
        expect((await admin('GET', `/events/${old}`)).json()).toMatchObject({ image: null, image_reason: 'retention' });
        const gone = await admin('GET', `/events/${old}/files/${oldImage}`);
        expect(gone.statusCode).toBe(404);
        expect(gone.json().error).toBe(EVENT_IMAGE_MESSAGES.retention);
        expect((await admin('GET', `/events/${fresh}`)).json().image).toEqual(expect.any(String));
        expect((await admin('GET', `/events/${elsewhere.body.accepted[0]!.id}`)).json().image).toEqual(expect.any(String));
        // The files went with them.
        const keys = (await p.ctx.db.execute(sql`select image_key from events where id in (${fresh}, ${old})`)) as unknown as {
            rows: { image_key: string | null }[];
        };
        expect(keys.rows.filter(r => r.image_key)).toHaveLength(1);
    });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../contract/events';
import { liveFeedOf } from '../../../server/resources/events/liveRoute';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { approvedReader, deviceEvent, frame, type TestReader } from './helpers';
import { freshPostgres, httpAdmin, httpReader, startServer, type ServerProcess } from './processes';
import { eventIds, openStream, type SseMessage, type Stream } from './sse';

let p: TestPlatform;
let admin: ApiCaller;
let base: string;
let contosoReader: TestReader;
let fabrikamReader: TestReader;
const streams: Stream[] = [];

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    contosoReader = await approvedReader(p, admin, p.demo.customers[0].id, 'Main door');
    fabrikamReader = await approvedReader(p, admin, p.demo.customers[1].id, 'Lab door');
    base = await p.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
    await Promise.all(streams.map(s => s.close()));
    await p?.close();
});

const live = async (email: string, query: string, headers: Record<string, string> = {}) => {
    const s = await openStream(`${base}/api/v2/events/live?${query}`, await p.login(email), headers);
    streams.push(s);
    await s.next(m => m.event === 'ready');
    return s;
};
const isEvent = (id: number) => (m: SseMessage) => m.event === 'event' && m.id === id;

describe('GET /events/live on one server', () => {
    it('streams new events to the consoles whose account and filters match, and to no one else', async () => {
        const contosoModerator = p.demo.customers[0].users.moderator.email;
        const all = await live(contosoModerator, '');
        const tailgatingOnly = await live(contosoModerator, 'group=tailgating');
        const fabrikam = await live(p.demo.customers[1].users.moderator.email, '');
        const dealerEverywhere = await live(p.demo.dealer.users.dealer.email, 'cross_account=true');
        expect(all.status).toBe(200);
        expect(all.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');

        const sent = await contosoReader.post(
            [deviceEvent({ event: '1FABadgeAuthenticated' }), deviceEvent({ event: 'TailgatingByUnknownUser', image: 'f', profiles: frame(2).rois.map(roi => ({ profile_id: null, roi })) })],
            { f: frame(2).jpeg },
        );
        const [auth, tailgating] = sent.body.accepted.map(a => a.id) as [number, number];
        const other = (await fabrikamReader.post({ events: [deviceEvent({ event: 'CrossingByUnknownUser' })] })).body.accepted[0]!.id;

        const got = (await all.next(isEvent(tailgating))).data as EventRecord;
        expect(got).toMatchObject({ id: tailgating, event: 'TailgatingByUnknownUser', group: 'tailgating', incident: true, device_description: 'Main door', device_deleted: false });
        expect(got.image).toEqual(expect.any(String));
        expect(got.profiles).toHaveLength(2);
        await all.next(isEvent(auth));
        await tailgatingOnly.next(isEvent(tailgating));
        await fabrikam.next(isEvent(other));
        await dealerEverywhere.next(isEvent(other));
        await dealerEverywhere.next(isEvent(tailgating));
        // What went to the others has had time to arrive: it did not.
        expect(eventIds(tailgatingOnly)).toEqual([tailgating]);
        expect(eventIds(fabrikam)).toEqual([other]);
        expect(eventIds(all).sort()).toEqual([auth, tailgating].sort());
    });

    it('streams the device events that other features write (a reader going offline)', async () => {
        const watching = await live(ADMIN.email, `account_id=${p.demo.customers[1].id}&group=device`);
        expect(await fabrikamReader.heartbeat()).toBe(200);
        const { markSilentDevicesOffline } = await import('../../../server/resources/devices/queries');
        await markSilentDevicesOffline(p.ctx.db, -1);
        const message = await watching.next(m => m.event === 'event' && (m.data as EventRecord).event === 'DeviceOffline');
        expect(message.data).toMatchObject({ device_id: fabrikamReader.id, device_description: 'Lab door', group: 'device' });
    });

    it('replays what a console missed since its last id (after_id or Last-Event-ID), then goes on live', async () => {
        const moderator = p.demo.customers[0].users.moderator.email;
        const first = (await contosoReader.post({ events: [deviceEvent()] })).body.accepted[0]!.id;
        const missed = (await contosoReader.post({ events: [deviceEvent({ event: 'SIPIncomingReceived' }), deviceEvent({ event: 'TamperedDeviceDetected' })] })).body.accepted.map(a => a.id);
        const resumed = await live(moderator, `after_id=${first}`);
        await resumed.next(isEvent(missed[1]!));
        expect(eventIds(resumed)).toEqual(missed);
        const byHeader = await live(moderator, 'group=security', { 'last-event-id': String(first) });
        await byHeader.next(isEvent(missed[1]!));
        expect(eventIds(byHeader)).toEqual([missed[1]]);
        const later = (await contosoReader.post({ events: [deviceEvent()] })).body.accepted[0]!.id;
        await resumed.next(isEvent(later));
        expect(eventIds(resumed)).toEqual([...missed, later]);
    });

    it('forgets a console that went away', async () => {
        const feed = liveFeedOf.get(p.ctx)!;
        const before = feed.size;
        const s = await live(p.demo.customers[0].users.user.email, '');
        expect(feed.size).toBe(before + 1);
        await s.close();
        await expect.poll(() => feed.size, { timeout: 5000 }).toBe(before);
    });

    it('sends heartbeats, and ends the stream once its session is signed out', async () => {
        const staying = await openStream(`${base}/api/v2/events/live`, await p.login(p.demo.customers[0].users.user.email));
        const leavingToken = await p.login(p.demo.customers[0].users.manager.email);
        const leaving = await openStream(`${base}/api/v2/events/live`, leavingToken);
        streams.push(staying, leaving);
        await leaving.next(m => m.event === 'ready');
        expect((await p.call(leavingToken, { method: 'POST', url: '/api/v2/logout' })).statusCode).toBeLessThan(300);
        // At the next heartbeat the session is checked: one stream gets the heartbeat, the other its end.
        await staying.next(m => m.event === 'comment' && m.comment === 'heartbeat', 20_000);
        const end = await leaving.next(m => m.event === 'end', 20_000);
        expect(end.data).toEqual({ reason: 'session ended' });
        await expect.poll(() => leaving.ended, { timeout: 5000 }).toBe(true);
        expect(staying.ended).toBe(false);
    }, 45_000);
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('a lost listening connection (PostgreSQL)', () => {
    it('is made again, and what was notified meanwhile reaches the consoles', async () => {
        const watching = await live(p.demo.customers[0].users.moderator.email, '');
        const { sql } = await import('drizzle-orm');
        // The instance's LISTEN connection dies (a database restart, a proxy timeout...).
        await p.ctx.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`);
        const during = (await contosoReader.post({ events: [deviceEvent({ event: 'CrossingByKnownUser' })] })).body.accepted[0]!.id;
        await watching.next(isEvent(during), 15_000);
        const after = (await contosoReader.post({ events: [deviceEvent()] })).body.accepted[0]!.id;
        await watching.next(isEvent(after), 15_000);
    }, 45_000);
});

/**
 * DESIGN.md Scale: several instances share one feed through PostgreSQL
 * LISTEN/NOTIFY. Two real server processes on one database: an event posted
 * to one reaches a console subscribed to the other. Needs a PostgreSQL
 * server, so it runs with TEST_DATABASE_URL (the embedded database serves
 * one process only, which the test above covers).
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
    const started: ServerProcess[] = [];
    let database: Awaited<ReturnType<typeof freshPostgres>>;
    afterAll(async () => {
        for (const s of started) s.child.kill('SIGKILL');
        await Promise.all(started.map(s => s.exited));
        await database?.drop();
    });

    it('an event posted to one reaches a console subscribed to the other', async () => {
        database = await freshPostgres(process.env.TEST_DATABASE_URL!);
        const one = startServer(8384, { DATABASE_URL: database.url });
        started.push(one);
        await one.ready;
        const two = startServer(8385, { DATABASE_URL: database.url });
        started.push(two);
        await two.ready;
        const adminOne = await httpAdmin(one.url);
        const adminTwo = await httpAdmin(two.url);
        const reader = await httpReader(one.url, adminOne, `HW-TWO-PROCESSES-${process.pid}`);
        const console2 = await openStream(`${two.url}/api/v2/events/live`, adminTwo.token);
        streams.push(console2);
        await console2.next(m => m.event === 'ready');
        const res = await fetch(`${one.url}/api/v2/device/events`, {
            method: 'POST',
            headers: { authorization: reader.authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ events: [deviceEvent({ event: 'UnauthorizedEntryByKnownUser' })] }),
        });
        const id = ((await res.json()) as { accepted: { id: number }[] }).accepted[0]!.id;
        const message = await console2.next(isEvent(id));
        expect(message.data).toMatchObject({ event: 'UnauthorizedEntryByKnownUser', device_id: reader.id });
    }, 90_000);
});

import { afterAll, describe, expect, it } from 'vitest';
import { deviceEvent } from './helpers';
import { liveFixture } from './liveFixture';
import { freshPostgres, httpAdmin, httpReader, startServer, type ServerProcess } from './processes';
import { eventIds, isEvent, openStream } from './sse';

/** The PostgreSQL run only (TEST_DATABASE_URL): vitest.config.ts includes *.pg.test.ts files then. */
const f = liveFixture();

describe('a lost listening connection (PostgreSQL)', () => {
    it('is made again, and what was notified meanwhile reaches the consoles', async () => {
        const watching = await f.live(f.p.demo.customers[0].users.moderator.email, '');
        const { sql } = await import('drizzle-orm');
        // The instance's LISTEN connection dies (a database restart, a proxy timeout...).
        await f.p.ctx.db.execute(
            sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
        );
        const during = (await f.contosoReader.post({ events: [deviceEvent({ event: 'CrossingByKnownUser' })] })).body.accepted[0]!.id;
        await watching.next(isEvent(during), 15_000);
        const after = (await f.contosoReader.post({ events: [deviceEvent()] })).body.accepted[0]!.id;
        await watching.next(isEvent(after), 15_000);
    }, 45_000);
});

describe('events committed in another order than their ids (PostgreSQL)', () => {
    it('reach the console in order of id, so one resuming from its last id misses none', async () => {
        const { sql } = await import('drizzle-orm');
        const moderator = f.p.demo.customers[0].users.moderator.email;
        const first = await f.live(moderator, '');
        const earlier = (await f.contosoReader.post({ events: [deviceEvent()] })).body.accepted[0]!.id;
        await first.next(isEvent(earlier), 15_000);
        // One transaction takes an id and stays open (a slow batch on another instance) while a later one commits.
        let commit!: () => void;
        const release = new Promise<void>(resolve => (commit = resolve));
        let took!: (id: number) => void;
        const slowId = new Promise<number>(resolve => (took = resolve));
        const slow = f.p.ctx.db.transaction(async tx => {
            const result = (await tx.execute(
                sql`insert into events (account_id, event, timestamp) values (${f.p.demo.customers[0].id}, 'CrossingByUnknownUser', now()) returning id::text as id`,
            )) as unknown as { rows: { id: string }[] };
            took(Number(result.rows[0]!.id));
            await release;
        });
        const slower = await slowId;
        const later = (await f.contosoReader.post({ events: [deviceEvent()] })).body.accepted[0]!.id;
        expect(later).toBeGreaterThan(slower);
        // Long enough for the feed to hear of the committed one; then the stream breaks (its instance dies).
        await new Promise(resolve => setTimeout(resolve, 1000));
        await first.close();
        commit();
        await slow;
        // The console comes back with the last id it had, as EventSource does.
        const second = await f.live(moderator, '', { 'last-event-id': String(eventIds(first).at(-1)) });
        // Each once, in order of id, across the two streams.
        await expect.poll(() => [...eventIds(first), ...eventIds(second)], { timeout: 15_000 }).toEqual([earlier, slower, later]);
    }, 45_000);
});

/**
 * DESIGN.md Scale: several instances share one feed through PostgreSQL
 * LISTEN/NOTIFY. Two real server processes on one database: an event posted
 * to one reaches a console subscribed to the other. Needs a PostgreSQL
 * server, so it runs with TEST_DATABASE_URL (the embedded database serves
 * one process only, which the test above covers).
 */
describe('two server processes on one PostgreSQL', () => {
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
        f.streams.push(console2);
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

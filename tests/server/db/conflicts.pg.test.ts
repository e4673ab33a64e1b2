import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, type Db } from '../../../server/db/database';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { approvedReader, deadlocksSoFar, type TestReader } from '../events/helpers';

/**
 * The PostgreSQL run only: a request whose statement PostgreSQL picks as a
 * deadlock's victim, against another transaction that takes its locks in the
 * other order (a restore dropping and adding foreign keys while the fleet keeps
 * sending). A reader's heartbeat, one statement, is run again and answered; a
 * console change, a transaction of several statements, is answered 503 with
 * Retry-After, and has written nothing.
 *
 * The other side here is the test's own transaction. Its deadlock_timeout is
 * longer than the server's (1 s), so the request, which waits first, is the one
 * that finds the cycle and gives way, as the heartbeat did against a restore.
 */
let p: TestPlatform;
let admin: ApiCaller;
let reader: TestReader;

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    reader = await approvedReader(p, admin, p.demo.customers[0].id);
}, 60_000);
afterAll(() => p?.close());

/** Waits until a statement of the server starting with `fragment` (PostgreSQL shows a statement's first 1 KB) waits for a lock. */
const waitingFor = async (fragment: string) => {
    for (const started = Date.now(); Date.now() - started < 10_000; await new Promise(r => setTimeout(r, 20))) {
        const [row] = await rows<{ n: number }>(
            p.ctx.db,
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()
                    and query like ${`%${fragment}%`}`,
        );
        if (row!.n > 0) return;
    }
    throw new Error(`no statement with "${fragment}" waited for a lock`);
};

/** The other side of the cycle: takes `first`, lets the request run into it, then takes `second`, held a moment. */
const crossing = async <T>(
    first: (tx: Db) => Promise<unknown>,
    request: () => Promise<T>,
    fragment: string,
    second: (tx: Db) => Promise<unknown>,
) => {
    let answer: Promise<T> | undefined;
    await p.ctx.db.transaction(async tx => {
        await tx.execute(sql`set local deadlock_timeout = '10s'`);
        await first(tx);
        answer = request();
        await waitingFor(fragment);
        await second(tx);
        await new Promise(r => setTimeout(r, 300));
    });
    return answer!;
};

describe('a request picked as a deadlock victim', () => {
    it("runs a reader's heartbeat again and answers it, rather than a 500", async () => {
        await p.ctx.db.execute(sql`update devices set status = 'offline' where id = ${reader.id}`);
        const before = await deadlocksSoFar(p);

        const status = await crossing(
            tx => tx.execute(sql`lock table device_commands in access exclusive mode`),
            () => reader.heartbeat(),
            'with input(ord, id, key_hash',
            tx => tx.execute(sql`lock table devices in access exclusive mode`),
        );

        expect(status).toBe(200);
        expect(await deadlocksSoFar(p)).toBeGreaterThan(before);
        const [device] = await rows<{ status: string }>(p.ctx.db, sql`select status from devices where id = ${reader.id}`);
        expect(device!.status).toBe('online');
    }, 30_000);

    it('answers a console change 503 with Retry-After, having written nothing, and the same request passes after', async () => {
        const account = p.demo.customers[0].id;
        const groups = async () =>
            (await admin('GET', `/access_groups?account_id=${account}&per_page=1000`)).json().result as {
                description: string;
                default_group: boolean;
            }[];
        if (!(await groups()).some(g => g.default_group))
            expect((await admin('POST', '/access_groups', { description: 'Everyone', account_id: account })).statusCode).toBe(201);
        const create = () => admin('POST', '/access_groups', { description: 'Night shift', account_id: account, default_group: true });
        const before = await deadlocksSoFar(p);

        // The new default takes the flag from the current default's row, which the other side holds; it holds the account's row.
        const refused = await crossing(
            tx => tx.execute(sql`select id from access_groups where account_id = ${account} and default_group for update`),
            create,
            'access_groups',
            tx => tx.execute(sql`select id from accounts where id = ${account} for update`),
        );

        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.json()).toEqual({
            error: 'The server is busy with another change just now. Try again in a moment.',
            request_id: refused.headers['x-request-id'],
        });
        expect(await deadlocksSoFar(p)).toBeGreaterThan(before);
        expect((await groups()).filter(g => g.description === 'Night shift')).toEqual([]);

        expect((await create()).statusCode).toBe(201);
        expect((await groups()).filter(g => g.default_group).map(g => g.description)).toEqual(['Night shift']);
    }, 30_000);
});

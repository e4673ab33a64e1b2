import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rows, type Database } from '../../../server/db/database';
import { uniqueViolation } from '../../../server/db/errors';
import { createRealtime } from '../../../server/realtime';

// The embedded database runs in a worker thread (server/db/pgliteThread.ts): what the server relies on must hold across it.
let database: Database;
const dirs: string[] = [];
beforeAll(async () => {
    database = await openDatabase({});
    await database.db.execute(sql`create table thread_probe (id int primary key, note text)`);
}, 60_000);
afterAll(async () => {
    await database?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database in its own thread', () => {
    it('leaves the event loop free while a long statement runs', async () => {
        let ticks = 0;
        const timer = setInterval(() => ticks++, 5);
        const started = performance.now();
        await rows(database.db, sql`select count(*) from generate_series(1, 1000000)`);
        const took = performance.now() - started;
        clearInterval(timer);
        // In process, the engine held the loop for the whole statement and no timer fired until it ended.
        expect(took).toBeGreaterThan(100);
        expect(ticks).toBeGreaterThanOrEqual(Math.max(3, Math.floor(took / 50)));
    });

    it('keeps a transaction to itself: a statement from elsewhere waits for its end and sees only what it committed', async () => {
        let seenDuring: number | undefined;
        let release!: () => void;
        const holding = new Promise<void>(resolve => (release = resolve));
        const transaction = database.db.transaction(async tx => {
            await tx.execute(sql`insert into thread_probe values (1, 'inside')`);
            await holding;
            await tx.execute(sql`insert into thread_probe values (2, 'inside')`);
        });
        await new Promise(resolve => setTimeout(resolve, 50));
        const outside = rows<{ n: number }>(database.db, sql`select count(*)::int as n from thread_probe`).then(
            r => (seenDuring = r[0]!.n),
        );
        await new Promise(resolve => setTimeout(resolve, 50));
        expect(seenDuring).toBeUndefined();
        release();
        await transaction;
        await outside;
        expect(seenDuring).toBe(2);
    });

    it('rolls a failed transaction back, and PostgreSQL error codes and constraints come through', async () => {
        const failed = await database.db
            .transaction(async tx => {
                await tx.execute(sql`insert into thread_probe values (3, 'rolled back')`);
                await tx.execute(sql`insert into thread_probe values (1, 'duplicate')`);
            })
            .catch((error: unknown) => error);
        expect(uniqueViolation(failed)).toEqual({ constraint: 'thread_probe_pkey' });
        const left = await rows<{ id: number }>(database.db, sql`select id from thread_probe order by id`);
        expect(left.map(r => r.id)).toEqual([1, 2]);
        // nested transactions are savepoints inside the thread's one session
        await database.db.transaction(async tx => {
            await tx.execute(sql`insert into thread_probe values (4, 'kept')`);
            await tx.transaction(inner => inner.execute(sql`insert into thread_probe values (4, 'again')`)).catch(() => undefined);
        });
        expect((await rows<{ n: number }>(database.db, sql`select count(*)::int as n from thread_probe where id = 4`))[0]!.n).toBe(1);
    });

    it('returns values as the driver reads them in process: timestamps, json, bytea, arrays', async () => {
        const [row] = await rows<Record<string, unknown>>(
            database.db,
            sql`select '2026-11-26 10:00:00+00'::timestamptz as at, '{"a":[1,2]}'::jsonb as doc, '\\x0102'::bytea as bin, array[1,2,3] as list`,
        );
        expect(new Date(String(row!.at)).toISOString()).toBe('2026-11-26T10:00:00.000Z');
        expect(row!.doc).toEqual({ a: [1, 2] });
        expect([...(row!.bin as Uint8Array)]).toEqual([1, 2]);
        expect(row!.list).toEqual([1, 2, 3]);
    });

    it('delivers notifications to listeners, and stops when they leave', async () => {
        const realtime = createRealtime(database.db);
        const heard: string[] = [];
        const stop = realtime.subscribe('thread_probe_channel', payload => heard.push(payload));
        await new Promise(resolve => setTimeout(resolve, 50));
        await realtime.publish('thread_probe_channel', 'one');
        await database.db.execute(sql`select pg_notify('thread_probe_channel', 'two')`);
        await expect.poll(() => heard).toEqual(['one', 'two']);
        stop();
        await new Promise(resolve => setTimeout(resolve, 50));
        await realtime.publish('thread_probe_channel', 'three');
        await new Promise(resolve => setTimeout(resolve, 50));
        expect(heard).toEqual(['one', 'two']);
        await realtime.close();
    });

    it('keeps what was written in its folder once closed, and opens it again', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-thread-'));
        dirs.push(dir);
        const first = await openDatabase({ dataDir: dir });
        await first.db.execute(sql`create table kept (v text)`);
        await first.db.execute(sql`insert into kept values ('still here')`);
        await first.close();
        const second = await openDatabase({ dataDir: dir });
        try {
            expect(await rows(second.db, sql`select v from kept`)).toEqual([{ v: 'still here' }]);
        } finally {
            await second.close();
        }
    }, 60_000);
    it("starts from a dump of another database's data folder, with its rows, apart from it (the tests' template)", async () => {
        await database.db.execute(sql`insert into thread_probe values (40, 'dumped')`);
        const dump = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ac-thread-')), 'data.tar');
        dirs.push(path.dirname(dump));
        fs.writeFileSync(dump, await database.dumpDataDir!());
        const copy = await openDatabase({ startFrom: dump });
        try {
            await copy.db.execute(sql`insert into thread_probe values (41, 'copy only')`);
            expect(await rows(copy.db, sql`select id, note from thread_probe where id >= 40 order by id`)).toEqual([
                { id: 40, note: 'dumped' },
                { id: 41, note: 'copy only' },
            ]);
            expect(await rows(database.db, sql`select id from thread_probe where id >= 40`)).toEqual([{ id: 40 }]);
        } finally {
            await copy.close();
        }
    }, 60_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from './harness';

/** GET /health/live and /health/ready: what a balancer or an orchestrator probes (docs/ops.md "Health checks"). */
let p: TestPlatform;
beforeAll(async () => {
    // no built console: its index.html would answer any address
    p = await startPlatform({ staticDir: path.join(os.tmpdir(), `ac-no-console-${process.pid}`) });
});
afterAll(() => p?.close());

const ready = () => p.app.inject({ method: 'GET', url: '/health/ready' });

describe('health', () => {
    it('says the process lives, without a session', async () => {
        const live = await p.app.inject({ method: 'GET', url: '/health/live' });
        expect(live.statusCode).toBe(200);
        expect(live.json()).toEqual({ status: 'live' });
    });

    it('is ready when the database answers with every migration and the file store writes and reads; the probe is not kept', async () => {
        const res = await ready();
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ status: 'ready' });
        const kept: string[] = [];
        for await (const file of p.ctx.storage.list()) kept.push(file.key);
        expect(kept.filter(key => key.startsWith('health/'))).toEqual([]);
    });

    it('is not ready, naming the files, when the file store cannot write', async () => {
        // the folder of the files is gone and a plain file stands in its place: nothing can be written below it
        fs.rmSync(p.filesDir, { recursive: true, force: true });
        fs.writeFileSync(p.filesDir, 'not a folder');
        try {
            const res = await ready();
            expect(res.statusCode).toBe(503);
            expect(res.headers['retry-after']).toBe('5');
            expect(res.json()).toMatchObject({ status: 'unavailable', failing: ['files'] });
        } finally {
            fs.rmSync(p.filesDir, { force: true });
            fs.mkdirSync(p.filesDir);
        }
        expect((await ready()).statusCode).toBe(200);
    });

    it('is not ready, naming the migrations, when the database lacks the last one this server carries', async () => {
        const [last] = (
            (await p.ctx.db.execute(sql`select * from drizzle.__drizzle_migrations order by id desc limit 1`)) as unknown as {
                rows: { id: number; hash: string; created_at: string }[];
            }
        ).rows;
        await p.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
        try {
            const res = await ready();
            expect(res.statusCode).toBe(503);
            expect(res.json()).toMatchObject({ failing: ['migrations'] });
        } finally {
            await p.ctx.db.execute(
                sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
            );
        }
        expect((await ready()).statusCode).toBe(200);
    });

    it('is not ready, naming the database, when the database does not answer; it still lives', async () => {
        const closing = await startPlatform({ staticDir: path.join(os.tmpdir(), `ac-no-console-${process.pid}`) });
        try {
            await closing.database.close();
            const res = await closing.app.inject({ method: 'GET', url: '/health/ready' });
            expect(res.statusCode).toBe(503);
            expect(res.json().failing).toContain('database');
            expect((await closing.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
        } finally {
            await closing.app.close();
            await closing.ctx.realtime.close();
            fs.rmSync(closing.filesDir, { recursive: true, force: true });
        }
    });
});

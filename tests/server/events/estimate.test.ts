import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { platformJobs } from '../../../server/features';
import { platformForFile, type ApiCaller, type TestPlatform } from '../harness';

// After a burst of events, the list's estimated count follows within a minute, on either database.
let p: TestPlatform;
let admin: ApiCaller;
platformForFile(started => ({ p, admin } = started));

const burst = (account: number, from: number, n: number) =>
    p.ctx.db.execute(
        sql`insert into events (account_id, event, timestamp) select ${account}, 'DeviceOnline', now() - make_interval(secs => g) from generate_series(${from}::int, ${from + n - 1}::int) g`,
    );

describe('the estimated count of a large list', () => {
    it('follows the table after it grows, once the jobs of the next minute have run', async () => {
        const account = p.demo.otherDealer.id;
        // A day of history, analysed; then a burst newer than anything the statistics have seen.
        await burst(account, 86_400, 12_000);
        await p.ctx.db.execute(sql`analyze events`);
        await burst(account, 1, 48_000);
        // What a server runs within a minute (autovacuum on PostgreSQL; our own job on PGlite).
        for (const job of platformJobs.filter(j => j.everyMs <= 60_000)) await job.run(p.ctx);
        if (p.ctx.config.databaseUrl) await p.ctx.db.execute(sql`analyze events`);
        const all = (await admin('GET', `/events?account_id=${account}`)).json();
        expect(all.count_is_estimate).toBe(true);
        expect(all.count).toBeGreaterThan(60_000 * 0.8);
        expect(all.count).toBeLessThan(60_000 * 1.2);
        const today = (
            await admin('GET', `/events?account_id=${account}&from=${new Date(Date.now() - 14 * 3600_000).toISOString()}`)
        ).json();
        expect(today.count_is_estimate).toBe(true);
        expect(today.count).toBeGreaterThan(48_000 * 0.8);
        expect(today.count).toBeLessThan(48_000 * 1.2);
    }, 60_000);
});

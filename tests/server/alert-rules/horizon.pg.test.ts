import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { alertFixture, type AlertFixture } from './fixture';

/**
 * The PostgreSQL run only (TEST_DATABASE_URL): a transaction left open while
 * the job runs needs a second connection, which the embedded database has not.
 */
let f: AlertFixture;
let customer: number;

beforeAll(async () => {
    f = await alertFixture();
    customer = f.p.demo.customers[0].id;
});
afterAll(() => f?.close());

const mailsTo = (to: string) => f.inbox.filter(m => m.to.includes(to));

describe('events committed in another order than their ids (PostgreSQL)', () => {
    it('are mailed once each: an event of a transaction still open when the job runs is not skipped', async () => {
        const to = 'horizon@site.example';
        await f.confirmedRule({
            name: 'Horizon',
            account_id: customer,
            event_types: ['TailgatingByKnownUser', 'TailgatingByUnknownUser'],
            emails: [to],
        });
        // One transaction takes an id and stays open (a slow batch on another instance) while a later one commits.
        let commit!: () => void;
        const release = new Promise<void>(resolve => (commit = resolve));
        let took!: (id: number) => void;
        const slowId = new Promise<number>(resolve => (took = resolve));
        const slow = f.p.ctx.db.transaction(async tx => {
            const result = (await tx.execute(
                sql`insert into events (account_id, event, timestamp) values (${customer}, 'TailgatingByKnownUser', now()) returning id::text as id`,
            )) as unknown as { rows: { id: string }[] };
            took(Number(result.rows[0]!.id));
            await release;
        });
        const slower = await slowId;
        // Another type: the hourly counts (events/rollups.ts) would otherwise wait on the open transaction's row.
        const later = await f.event(customer, 'TailgatingByUnknownUser');
        expect(later).toBeGreaterThan(slower);
        await f.run();
        commit();
        await slow;
        await f.run();
        await f.run();
        const mails = mailsTo(to);
        expect(mails.map(m => m.subject)).toEqual(['Alert: 2 events']);
    }, 30_000);

    it('two instances running the job at once send each event once', async () => {
        const to = 'twice@site.example';
        await f.confirmedRule({ name: 'Twice', account_id: customer, event_types: ['SIPIncomingRejected'], emails: [to] });
        for (let i = 0; i < 5; i++) await f.event(customer, 'SIPIncomingRejected');
        await Promise.all([f.run(), f.run(), f.run()]);
        await Promise.all([f.run(), f.run()]);
        const mails = mailsTo(to);
        const listed = mails.reduce((sum, m) => sum + Number(/: (\d+) events?$/.exec(m.subject)![1]), 0);
        expect(listed).toBe(5);
        expect(mails.length).toBeLessThanOrEqual(2);
    }, 30_000);
});

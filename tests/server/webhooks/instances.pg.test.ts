import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../server/context';
import { openDatabase, type Database } from '../../../server/db/database';
import { sendDueDeliveries } from '../../../server/resources/webhooks/delivery';
import { approvedReader, deviceEvent } from '../events/helpers';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';
import { startReceiver, type Receiver } from './receiver';

/**
 * Two server instances on one PostgreSQL database (the TEST_DATABASE_URL run
 * only), each with its own connection pool, run the sender at the same time:
 * every delivery reaches the receiver once.
 */
let p: TestPlatform;
let second: Database;
let receiver: Receiver;
let databaseUrl = '';

beforeAll(async () => {
    p = await startPlatform({}, { routeDatabase: async url => (databaseUrl = url) });
    second = await openDatabase({ url: databaseUrl });
    // A receiver that takes a little while, so both instances' sends overlap.
    receiver = await startReceiver({ delayMs: 20 });
});
afterAll(async () => {
    await receiver?.close();
    await second?.close();
    await p?.close();
});

describe('two instances sending at once', () => {
    it('send each delivery once', async () => {
        const admin = await p.as(ADMIN.email);
        const contoso = p.demo.customers[0].id;
        const reader = await approvedReader(p, admin, contoso);
        for (const url of [receiver.url, `${receiver.url}?second`]) {
            const res = await admin('POST', '/webhooks', {
                account_id: contoso,
                url,
                secret: 'two-instances-secret-0123',
                event_types: ['2FAMismatch'],
            });
            expect(res.statusCode).toBe(201);
        }
        for (let batch = 0; batch < 8; batch++) {
            const res = await reader.post({ events: Array.from({ length: 25 }, () => deviceEvent({ event: '2FAMismatch' })) });
            expect(res.body.accepted).toHaveLength(25);
        }
        const instances: AppContext[] = [p.ctx, { ...p.ctx, db: second.db }];
        let total = 0;
        for (;;) {
            // Each instance runs two passes at once, as two job ticks of a slow run could.
            const sent = await Promise.all([...instances, ...instances].map(ctx => sendDueDeliveries(ctx)));
            total += sent.reduce((a, b) => a + b, 0);
            if (sent.every(n => n === 0)) break;
        }
        // 200 events × 2 webhooks.
        expect(total).toBe(400);
        const ids = receiver.received.map(r => r.deliveryId);
        expect(ids).toHaveLength(400);
        expect(new Set(ids).size).toBe(400);
    }, 120_000);
});

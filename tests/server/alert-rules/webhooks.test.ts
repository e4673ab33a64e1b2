import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueDeliveries } from '../../../server/resources/webhooks/delivery';
import { signatureValid, startReceiver, type Receiver } from '../webhooks/receiver';
import { alertFixture, type AlertFixture } from './fixture';

/**
 * A rule sends what it matches to e-mail and to the account's webhooks, so a
 * webhook can take a rule's filters (devices, groups, access groups) beyond
 * its own event types. Real receiver, real sender job.
 */
let f: AlertFixture;
let receiver: Receiver;
let customer: number;
let other: number;
const SECRET = 'rule-webhook-secret-0123456789';

beforeAll(async () => {
    f = await alertFixture();
    receiver = await startReceiver();
    customer = f.p.demo.customers[0].id;
    other = f.p.demo.otherCustomer.id;
});
afterAll(async () => {
    await receiver?.close();
    await f?.close();
});

const webhook = async (accountId: number, eventTypes: string[]) => {
    const res = await f.admin('POST', '/webhooks', { account_id: accountId, url: receiver.url, secret: SECRET, event_types: eventTypes });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
};
const bodies = () => receiver.received.map(r => JSON.parse(r.body) as { id: number; event: string });

describe("an alert rule's webhooks", () => {
    it("receive, signed, only the events the rule's device filter lets through, once, even where the webhook's own types also match", async () => {
        receiver.received.length = 0;
        // the webhook's own types take none of these events but TailgatingByUnknownUser
        const hook = await webhook(customer, ['TailgatingByUnknownUser']);
        const door = { id: await f.device(customer, 'Lab door'), description: 'Lab door' };
        const gate = { id: await f.device(customer, 'Gate'), description: 'Gate' };
        await f.rule({ name: 'Lab only', account_id: customer, device_ids: [door.id], webhook_ids: [hook] });
        const atDoor = await f.event(customer, 'CrossingByUnknownUser', { device: door });
        await f.event(customer, 'CrossingByUnknownUser', { device: gate });
        const tailgate = await f.event(customer, 'TailgatingByUnknownUser', { device: door });
        await f.run();
        await f.run();
        await sendDueDeliveries(f.p.ctx);
        expect(
            bodies()
                .map(b => b.id)
                .sort((a, b) => a - b),
        ).toEqual([atDoor, tailgate]);
        expect(receiver.received.every(r => signatureValid(SECRET, r.body, r.signature))).toBe(true);
        // a rule that goes to webhooks only sends no mail
        expect(f.take()).toEqual([]);
    });

    it('are webhooks of the rule’s account: another tenant’s is refused with its text', async () => {
        const theirs = await webhook(other, []);
        const res = await f.admin('POST', '/alert_rules', { name: 'Theirs', account_id: customer, webhook_ids: [theirs] });
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('Choose webhooks of the rule’s account.');
    });

    it('count as where the alerts go: a rule with a webhook needs no user nor address, one with none of them is refused', async () => {
        const res = await f.admin('POST', '/alert_rules', { name: 'Nowhere', account_id: customer });
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('Choose at least one user, e-mail address or webhook to send the alerts to.');
    });

    it('take nothing while paused', async () => {
        receiver.received.length = 0;
        const hook = await webhook(customer, ['TailgatingByUnknownUser']);
        await f.rule({ name: 'Paused one', account_id: customer, event_types: ['CrossingByKnownUser'], webhook_ids: [hook] });
        expect((await f.admin('PUT', `/webhooks/${hook}`, { status: 'paused' })).statusCode).toBe(200);
        await f.event(customer, 'CrossingByKnownUser');
        await f.run();
        await sendDueDeliveries(f.p.ctx);
        expect(receiver.received).toEqual([]);
    });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type Webhook } from '../../../contract/webhooks';
import { auditLogs } from '../../../server/db/schema';
import { sendDueDeliveries } from '../../../server/resources/webhooks/delivery';
import { approvedReader, deviceEvent } from '../events/helpers';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { signatureValid, startReceiver, type Receiver } from './receiver';

/** The webhooks API: the list conventions of /api/v2, the account scope, and a secret that never comes back. */
const SECRET = 'never-shown-again-secret-4242';
const NEW_SECRET = 'the-rotated-secret-value-9999';

let p: TestPlatform;
let admin: ApiCaller;
let contoso: number;
let receiver: Receiver;

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    contoso = p.demo.customers[0].id;
    receiver = await startReceiver();
});
afterAll(async () => {
    await receiver?.close();
    await p?.close();
});

const create = async (caller: ApiCaller, body: object) => {
    const res = await caller('POST', '/webhooks', { url: receiver.url, secret: SECRET, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Webhook;
};

describe('the secret is write-only', () => {
    it('appears in no reply, delivery list or audit entry after creation, nor after it is changed', async () => {
        const reader = await approvedReader(p, admin, contoso);
        const created = await admin('POST', '/webhooks', {
            account_id: contoso,
            url: receiver.url,
            secret: SECRET,
            description: 'Door log',
            event_types: ['SpoofingWithAccess'],
        });
        expect(created.statusCode).toBe(201);
        const hook = created.json() as Webhook;
        expect(hook).toMatchObject({
            account_id: contoso,
            url: receiver.url,
            description: 'Door log',
            event_types: ['SpoofingWithAccess'],
            status: 'active',
        });
        expect(hook).not.toHaveProperty('secret');

        const changed = await admin('PUT', `/webhooks/${hook.id}`, { secret: NEW_SECRET, description: 'Door log 2' });
        expect(changed.statusCode).toBe(200);
        await reader.post({ events: [deviceEvent({ event: 'SpoofingWithAccess' })] });
        await sendDueDeliveries(p.ctx);
        const replies = [
            created,
            changed,
            await admin('GET', `/webhooks/${hook.id}`),
            await admin('GET', `/webhooks?account_id=${contoso}`),
            await admin('GET', '/webhooks?cross_account=true'),
            await admin('GET', `/webhooks/${hook.id}/deliveries`),
            await admin('GET', `/audit_logs?account_id=${contoso}&per_page=100`),
        ];
        for (const reply of replies) {
            expect(reply.statusCode).toBeLessThan(300);
            expect(reply.body).not.toContain(SECRET);
            expect(reply.body).not.toContain(NEW_SECRET);
        }
        const audit = await p.ctx.db.select().from(auditLogs).where(eq(auditLogs.resource, 'webhooks'));
        expect(audit.map(a => a.action)).toEqual(['create', 'update']);
        expect(JSON.stringify(audit)).not.toContain(SECRET);
        expect(JSON.stringify(audit)).not.toContain(NEW_SECRET);
        expect(audit[1]!.after).toMatchObject({ secret_changed: true });
        // The new secret signs from now on.
        const got = receiver.received.at(-1)!;
        expect(signatureValid(NEW_SECRET, got.body, got.signature)).toBe(true);
        await admin('DELETE', `/webhooks/${hook.id}`);
    });
});

describe('the list and the account scope', () => {
    it('lists an account’s webhooks newest first, pages, sorts, filters and widens with cross_account', async () => {
        const dealer = await p.as(p.demo.dealer.users.dealer.email);
        const own = await create(dealer, { description: 'Alpha' });
        const below = await create(dealer, { account_id: contoso, description: 'Bravo' });
        const outside = await create(admin, { account_id: p.demo.otherCustomer.id, description: 'Charlie' });

        const mine = (await dealer('GET', '/webhooks')).json();
        expect(mine).toEqual({ result: [expect.objectContaining({ id: own.id, account_name: p.demo.dealer.name })], count: 1 });
        const wide = (await dealer('GET', '/webhooks?cross_account=true&sort=description')).json();
        expect(wide.result.map((w: Webhook) => w.id)).toEqual([own.id, below.id]);
        const paged = (await dealer('GET', '/webhooks?cross_account=true&sort=-description&per_page=1&page=2')).json();
        expect(paged).toEqual({ result: [expect.objectContaining({ id: own.id })], count: 2 });
        expect((await dealer('GET', '/webhooks?cross_account=true&q=brav')).json().result.map((w: Webhook) => w.id)).toEqual([below.id]);
        expect((await dealer('GET', '/webhooks?sort=secret')).statusCode).toBe(400);

        // Another tenant's webhook does not exist for the dealer; its account is out of reach.
        for (const [method, url] of [
            ['GET', `/webhooks/${outside.id}`],
            ['PUT', `/webhooks/${outside.id}`],
            ['DELETE', `/webhooks/${outside.id}`],
            ['GET', `/webhooks/${outside.id}/deliveries`],
        ] as const)
            expect((await dealer(method, url, method === 'PUT' ? { description: 'x' } : undefined)).statusCode, `${method} ${url}`).toBe(
                404,
            );
        expect((await dealer('GET', `/webhooks?account_id=${p.demo.otherCustomer.id}`)).statusCode).toBe(403);
        expect(
            (await dealer('POST', '/webhooks', { account_id: p.demo.otherCustomer.id, url: receiver.url, secret: SECRET })).statusCode,
        ).toBe(403);

        expect((await dealer('DELETE', `/webhooks/${below.id}`)).statusCode).toBe(204);
        expect((await dealer('GET', `/webhooks/${below.id}`)).statusCode).toBe(404);
        for (const id of [own.id, outside.id]) await admin('DELETE', `/webhooks/${id}`);
    });

    it('refuses a bad body with the field and why', async () => {
        const bad = async (body: object) => {
            const res = await admin('POST', '/webhooks', { url: receiver.url, secret: SECRET, ...body });
            expect(res.statusCode).toBe(400);
            return res.json().fields as Record<string, string>;
        };
        expect((await bad({ url: 'ftp://example.com/hook' })).url).toBe(WEBHOOK_MESSAGES.urlScheme);
        expect((await bad({ secret: 'short' })).secret).toBe(WEBHOOK_MESSAGES.secretTooShort);
        expect(Object.keys(await bad({ event_types: ['NoSuchEvent'] }))).toEqual(['event_types.0']);
    });

    it('pauses and resumes by PUT, and replays only its own deliveries', async () => {
        const hook = await create(admin, {});
        const paused = await admin('PUT', `/webhooks/${hook.id}`, { status: 'paused' });
        expect(paused.json()).toMatchObject({ status: 'paused', paused_at: expect.any(String) });
        expect((await admin('GET', '/webhooks?status=paused')).json().result.map((w: Webhook) => w.id)).toEqual([hook.id]);
        expect((await admin('PUT', `/webhooks/${hook.id}`, { status: 'active' })).json()).toMatchObject({
            status: 'active',
            paused_at: null,
        });
        expect((await admin('POST', `/webhooks/${hook.id}/deliveries/999999/replay`)).statusCode).toBe(404);
        await admin('DELETE', `/webhooks/${hook.id}`);
    });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery, Webhook } from '../../../contract/webhooks';
import { sendDueDeliveries, webhookDeliveriesCleanup } from '../../../server/resources/webhooks/delivery';
import { addProfile, approvedReader, deviceEvent, frame, type TestReader } from '../events/helpers';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { signatureValid, startReceiver, type Receiver } from './receiver';

/**
 * Deliveries as a receiver sees them: each stored event POSTed as GET
 * /events/{id} shows it, signed with the webhook's secret, retried with the
 * same X-Delivery-Id after a 5xx or a timeout, and a webhook that fails for
 * its whole window paused with a notice to the account's moderators. The
 * sender runs here by hand; the server's clock moves instead of waiting.
 */
const SECRET = 'a-long-shared-secret-0123456789';
const RETRY_BASE_MS = 1000;
const WINDOW_MS = 60_000;

let p: TestPlatform;
let admin: ApiCaller;
let contoso: number;
let reader: TestReader;
let receiver: Receiver;

beforeAll(async () => {
    p = await startPlatform({
        webhookTimeoutMs: 300,
        webhookRetryBaseMs: RETRY_BASE_MS,
        webhookRetryMaxMs: 4000,
        webhookRetryWindowMs: WINDOW_MS,
    });
    admin = await p.as(ADMIN.email);
    contoso = p.demo.customers[0].id;
    reader = await approvedReader(p, admin, contoso, 'Lobby entrance');
    receiver = await startReceiver();
});
afterAll(async () => {
    await receiver?.close();
    await p?.close();
});

const send = () => sendDueDeliveries(p.ctx);
const later = (ms: number) => void (p.clock.offsetMs += ms);

const createWebhook = async (body: object) => {
    const res = await admin('POST', '/webhooks', { account_id: contoso, url: receiver.url, secret: SECRET, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Webhook;
};
const deliveries = async (webhookId: number) => {
    const res = await admin('GET', `/webhooks/${webhookId}/deliveries?per_page=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { result: Delivery[]; count: number };
};
const postEvents = async (...events: ReturnType<typeof deviceEvent>[]) => {
    const res = await reader.post({ events });
    expect(res.statusCode).toBe(200);
    return res.body.accepted.map(a => a.id);
};

describe('a stored event reaches every webhook of its account that takes its type', () => {
    it('POSTs the event as GET /events/{id} shows it with its image link, signed with the secret, once', async () => {
        const hook = await createWebhook({ description: 'Every event' });
        const image = frame(1);
        const res = await reader.post([deviceEvent({ image: 'face', profiles: [{ profile_id: null, roi: image.rois[0] }] })], {
            face: image.jpeg,
        });
        expect(res.statusCode).toBe(200);
        const eventId = res.body.accepted[0]!.id;

        expect(await send()).toBe(1);
        expect(receiver.received).toHaveLength(1);
        const got = receiver.received[0]!;
        expect(signatureValid(SECRET, got.body, got.signature)).toBe(true);
        expect(signatureValid('another-secret-of-some-length', got.body, got.signature)).toBe(false);
        const shown = (await admin('GET', `/events/${eventId}`)).json();
        const { image_url, ...record } = JSON.parse(got.body);
        expect(record).toEqual(shown);
        expect(image_url).toBe(`${p.ctx.config.publicUrl}/api/v2/events/${eventId}/files/${shown.image}`);

        const [delivery] = (await deliveries(hook.id)).result;
        expect(delivery).toMatchObject({
            event_id: eventId,
            status: 'delivered',
            attempts: 1,
            last_status_code: 200,
            next_attempt_at: null,
        });
        expect(got.deliveryId).toBe(String(delivery!.id));
        // Delivered is done: nothing more goes out.
        later(10 * RETRY_BASE_MS);
        expect(await send()).toBe(0);
        await admin('DELETE', `/webhooks/${hook.id}`);
    });

    it('sends only the chosen types, and nothing to another account', async () => {
        receiver.received.length = 0;
        const other = await admin('POST', '/webhooks', {
            account_id: p.demo.customers[1].id,
            url: receiver.url,
            secret: SECRET,
        });
        expect(other.statusCode).toBe(201);
        const hook = await createWebhook({ event_types: ['TailgatingByUnknownUser'] });
        const [, tailgating] = await postEvents(
            deviceEvent({ event: '1FAFaceAuthenticated' }),
            deviceEvent({ event: 'TailgatingByUnknownUser' }),
        );
        await send();
        expect(receiver.received.map(r => JSON.parse(r.body).id)).toEqual([tailgating]);
        expect((await deliveries(other.json().id)).count).toBe(0);
        await admin('DELETE', `/webhooks/${hook.id}`);
        await admin('DELETE', `/webhooks/${other.json().id}`);
    });
});

describe('events stored by other writers than the readers, and events gone before their delivery', () => {
    it('sends the ProfileDeleted event a profile deletion stores', async () => {
        receiver.received.length = 0;
        const hook = await createWebhook({ event_types: ['ProfileDeleted'] });
        const person = await addProfile(p, contoso);
        const removed = await admin('DELETE', `/profiles/${person.id}`);
        expect(removed.statusCode, removed.body).toBeLessThan(300);
        expect(await send()).toBe(1);
        expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ event: 'ProfileDeleted', account_id: contoso });
        await admin('DELETE', `/webhooks/${hook.id}`);
    });

    it('fails at once, without calling the receiver, the delivery of an event deleted in the meantime', async () => {
        receiver.received.length = 0;
        const hook = await createWebhook({ event_types: ['SpoofingWithoutAccess'] });
        const [eventId] = await postEvents(deviceEvent({ event: 'SpoofingWithoutAccess' }));
        expect((await admin('DELETE', `/events/${eventId}`)).statusCode).toBe(204);
        expect(await send()).toBe(1);
        expect(receiver.received).toHaveLength(0);
        expect((await deliveries(hook.id)).result[0]).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null });
        expect((await admin('GET', `/webhooks/${hook.id}`)).json()).toMatchObject({ status: 'active', failing_since: null });
        await admin('DELETE', `/webhooks/${hook.id}`);
    });
});

describe('a receiver that fails', () => {
    it('is tried again after a 500 and after a timeout, with backoff, under the same X-Delivery-Id', async () => {
        receiver.received.length = 0;
        const hook = await createWebhook({});
        await postEvents(deviceEvent());
        receiver.answer(500, 'hang');

        expect(await send()).toBe(1);
        let [delivery] = (await deliveries(hook.id)).result;
        expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'HTTP 500' });
        expect(Date.parse(delivery!.next_attempt_at!)).toBeGreaterThan(p.ctx.now().getTime());
        // Not due yet: nothing goes.
        expect(await send()).toBe(0);

        later(RETRY_BASE_MS);
        expect(await send()).toBe(1);
        [delivery] = (await deliveries(hook.id)).result;
        expect(delivery).toMatchObject({ status: 'pending', attempts: 2, last_status_code: null });
        expect(delivery!.last_error).toMatch(/No reply within/);
        expect((await admin('GET', `/webhooks/${hook.id}`)).json().failing_since).not.toBeNull();
        // The second wait is twice the first.
        later(RETRY_BASE_MS);
        expect(await send()).toBe(0);
        later(RETRY_BASE_MS);
        expect(await send()).toBe(1);

        [delivery] = (await deliveries(hook.id)).result;
        expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 200 });
        expect(receiver.received.map(r => r.answer)).toEqual([500, 'hang', 200]);
        expect(new Set(receiver.received.map(r => r.deliveryId))).toEqual(new Set([String(delivery!.id)]));
        expect((await admin('GET', `/webhooks/${hook.id}`)).json().failing_since).toBeNull();
        await admin('DELETE', `/webhooks/${hook.id}`);
    });

    it('is paused after failing for its whole window, its moderators are told, and PUT resumes it', async () => {
        receiver.received.length = 0;
        p.mail.sent.length = 0;
        const hook = await createWebhook({ description: 'Front desk system' });
        await postEvents(deviceEvent());
        receiver.otherwise(503);
        for (let elapsed = 0; elapsed <= WINDOW_MS + 8000; elapsed += 4000) {
            await send();
            later(4000);
        }
        const paused = (await admin('GET', `/webhooks/${hook.id}`)).json() as Webhook;
        expect(paused.status).toBe('paused');
        expect(paused.paused_at).not.toBeNull();
        const [failed] = (await deliveries(hook.id)).result;
        expect(failed).toMatchObject({ status: 'failed', last_status_code: 503, next_attempt_at: null });
        const moderator = p.demo.customers[0].users.moderator.email;
        expect(p.mail.sent.map(m => m.to)).toEqual([moderator]);
        expect(p.mail.sent[0]!.text).toContain('Front desk system');
        expect(p.mail.sent[0]!.text).not.toContain(SECRET);

        // Paused: nothing is sent and new events are not queued for it.
        const tries = receiver.received.length;
        await postEvents(deviceEvent());
        later(WINDOW_MS);
        expect(await send()).toBe(0);
        expect((await deliveries(hook.id)).count).toBe(1);
        expect(receiver.received).toHaveLength(tries);

        receiver.otherwise(200);
        const resumed = await admin('PUT', `/webhooks/${hook.id}`, { status: 'active' });
        expect(resumed.json()).toMatchObject({ status: 'active', paused_at: null, failing_since: null });
        const replay = await admin('POST', `/webhooks/${hook.id}/deliveries/${failed!.id}/replay`);
        expect(replay.statusCode, replay.body).toBe(200);
        expect(replay.json()).toMatchObject({ status: 'pending' });
        expect(await send()).toBe(1);
        expect(receiver.received.at(-1)!.deliveryId).toBe(String(failed!.id));
        expect((await deliveries(hook.id)).result[0]).toMatchObject({ status: 'delivered', last_status_code: 200 });
        await postEvents(deviceEvent());
        expect(await send()).toBe(1);
        await admin('DELETE', `/webhooks/${hook.id}`);
    });
});

describe('old deliveries', () => {
    it('go after WEBHOOK_DELIVERIES_DAYS once delivered or failed; a waiting one stays', async () => {
        const hook = await createWebhook({ event_types: ['CrossingByUnknownUser'] });
        receiver.otherwise(200);
        const [, gone] = await postEvents(deviceEvent({ event: 'CrossingByUnknownUser' }), deviceEvent({ event: 'CrossingByUnknownUser' }));
        // One delivered, one failed (its event deleted), one waiting.
        expect((await admin('DELETE', `/events/${gone}`)).statusCode).toBe(204);
        expect(await send()).toBe(2);
        await postEvents(deviceEvent({ event: 'CrossingByUnknownUser' }));
        expect((await deliveries(hook.id)).result.map(d => d.status).sort()).toEqual(['delivered', 'failed', 'pending']);
        later((p.ctx.config.webhookDeliveriesDays - 1) * 86_400_000);
        await webhookDeliveriesCleanup.run(p.ctx);
        expect((await deliveries(hook.id)).count).toBe(3);
        later(2 * 86_400_000);
        await webhookDeliveriesCleanup.run(p.ctx);
        expect((await deliveries(hook.id)).result.map(d => d.status)).toEqual(['pending']);
        await admin('DELETE', `/webhooks/${hook.id}`);
    });
});

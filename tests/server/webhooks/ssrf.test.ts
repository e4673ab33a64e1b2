import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type Delivery } from '../../../contract/webhooks';
import { webhooks } from '../../../server/db/schema';
import { sendDueDeliveries } from '../../../server/resources/webhooks/delivery';
import { isPublicAddress } from '../../../server/net/outboundTarget';
import { approvedReader, deviceEvent } from '../events/helpers';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { startReceiver, type Receiver } from './receiver';

/**
 * SSRF: a cloud platform (PLATFORM_INSTALLATION=cloud) calls only public
 * addresses, checked when a webhook is saved and again before every send;
 * on premise every address is allowed (the receiver is on the customer's
 * network).
 */
const SECRET = 'ssrf-secret-0123456789abcdef';
let receiver: Receiver;
beforeAll(async () => void (receiver = await startReceiver()));
afterAll(() => receiver?.close());

const NON_PUBLIC = [
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.10/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    // IPv4-compatible IPv6 (::/96): the URL parser keeps it as [::7f00:1], which some stacks route to 127.0.0.1.
    'http://[::127.0.0.1]/',
    'http://[::10.0.0.1]/',
    // Other spellings of loopback the URL parser turns into 127.0.0.1.
    'http://0x7f000001/',
    'http://2130706433/',
    'http://127.1/',
];

describe('which addresses are public', () => {
    it('tells public addresses from private, loopback, link-local and reserved ones', () => {
        for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
        for (const address of [
            '127.0.0.1',
            '10.0.0.1',
            '172.31.255.255',
            '192.168.0.1',
            '169.254.169.254',
            '100.64.0.1',
            '224.0.0.1',
            '255.255.255.255',
            '::1',
            '::',
            'fe80::1',
            'fc00::1',
            '::ffff:10.0.0.1',
            '::127.0.0.1',
            '::8.8.8.8',
            '2001:db8::1',
        ])
            expect(isPublicAddress(address), address).toBe(false);
    });
});

describe('on a cloud platform', () => {
    let p: TestPlatform;
    let admin: ApiCaller;
    beforeAll(async () => {
        p = await startPlatform({ platformInstallation: 'cloud' });
        admin = await p.as(ADMIN.email);
    });
    afterAll(() => p?.close());

    it('refuses a webhook to a non-public address with the reason, on create and on change', async () => {
        for (const url of NON_PUBLIC) {
            const res = await admin('POST', '/webhooks', { url, secret: SECRET });
            expect(res.statusCode, url).toBe(400);
            expect(res.json().fields, url).toEqual({ url: WEBHOOK_MESSAGES.urlPrivate });
        }
        expect((await admin('POST', '/webhooks', { url: 'http://no-such-host.invalid/', secret: SECRET })).json().fields).toEqual({
            url: WEBHOOK_MESSAGES.urlUnresolved,
        });
        // A public address literal needs no lookup.
        const ok = await admin('POST', '/webhooks', { url: 'https://93.184.215.14/hook', secret: SECRET });
        expect(ok.statusCode).toBe(201);
        const moved = await admin('PUT', `/webhooks/${ok.json().id}`, { url: 'http://192.168.0.20/hook' });
        expect(moved.statusCode).toBe(400);
        expect((await admin('GET', `/webhooks/${ok.json().id}`)).json().url).toBe('https://93.184.215.14/hook');
        await admin('DELETE', `/webhooks/${ok.json().id}`);
    });

    it('does not send to an address that is not public when the time comes', async () => {
        const contoso = p.demo.customers[0].id;
        const reader = await approvedReader(p, admin, contoso);
        // Saved when it was allowed (its name resolved elsewhere then, or the platform was on premise): checked again at send time.
        const [hook] = await p.ctx.db
            .insert(webhooks)
            .values({ account_id: contoso, url: receiver.url, secret: SECRET, event_types: ['2FAMismatch'] })
            .returning();
        await reader.post({ events: [deviceEvent({ event: '2FAMismatch' })] });
        const before = receiver.received.length;
        expect(await sendDueDeliveries(p.ctx)).toBe(1);
        expect(receiver.received).toHaveLength(before);
        const [delivery] = (await admin('GET', `/webhooks/${hook!.id}/deliveries`)).json().result as Delivery[];
        expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null, last_error: WEBHOOK_MESSAGES.urlPrivate });
    });
});

describe('on premise', () => {
    let p: TestPlatform;
    beforeAll(async () => void (p = await startPlatform({ platformInstallation: 'on-premise' })));
    afterAll(() => p?.close());

    it('accepts and sends to private and loopback addresses', async () => {
        const admin = await p.as(ADMIN.email);
        for (const url of NON_PUBLIC) expect((await admin('POST', '/webhooks', { url, secret: SECRET })).statusCode, url).toBe(201);
        const contoso = p.demo.customers[0].id;
        const reader = await approvedReader(p, admin, contoso);
        await admin('POST', '/webhooks', { account_id: contoso, url: receiver.url, secret: SECRET, event_types: ['2FAMismatch'] });
        // By name too: the request connects to the address the name resolved to when it was checked.
        const byName = `http://localhost:${receiver.port}/hook`;
        await admin('POST', '/webhooks', { account_id: contoso, url: byName, secret: SECRET, event_types: ['2FAMismatch'] });
        await reader.post({ events: [deviceEvent({ event: '2FAMismatch' })] });
        const before = receiver.received.length;
        expect(await sendDueDeliveries(p.ctx)).toBe(2);
        expect(receiver.received).toHaveLength(before + 2);
    });
});

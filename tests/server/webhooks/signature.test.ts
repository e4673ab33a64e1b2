import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueDeliveries } from '../../../server/resources/webhooks/delivery';
import { approvedReader, deviceEvent, type TestReader } from '../events/helpers';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { startReceiver, type Receiver } from './receiver';

/**
 * Replaying a recorded delivery: X-Signature-256 signs the time of the try
 * with the body (`t=…,v1=…`), so a receiver following docs/webhooks.md
 * refuses the same request sent again later, or with its time changed. The
 * check run here is the one docs/webhooks.md gives, read from that page.
 */
const SECRET = 'replay-secret-0123456789abcdef';
type Verify = (secret: string, rawBody: string | Buffer, header: string, nowSeconds?: number) => boolean;

/** The Node recipe of docs/webhooks.md, as a receiver would copy it. */
const documentedRecipe = async (): Promise<Verify> => {
    const page = fs.readFileSync(path.join(__dirname, '../../../docs/webhooks.md'), 'utf8');
    const code = /```js\n([\s\S]*?)```/.exec(page)?.[1];
    expect(code, 'docs/webhooks.md has a ```js block').toBeTruthy();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-recipe-'));
    const file = path.join(dir, 'verify.mjs');
    fs.writeFileSync(file, code!);
    const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyWebhookSignature: Verify };
    fs.rmSync(dir, { recursive: true, force: true });
    return module.verifyWebhookSignature;
};

let p: TestPlatform;
let admin: ApiCaller;
let reader: TestReader;
let receiver: Receiver;
let verify: Verify;

beforeAll(async () => {
    p = await startPlatform({ webhookRetryBaseMs: 1000, webhookRetryMaxMs: 4000 });
    admin = await p.as(ADMIN.email);
    const contoso = p.demo.customers[0].id;
    reader = await approvedReader(p, admin, contoso);
    receiver = await startReceiver();
    verify = await documentedRecipe();
    const hook = await admin('POST', '/webhooks', { account_id: contoso, url: receiver.url, secret: SECRET });
    expect(hook.statusCode, hook.body).toBe(201);
});
afterAll(async () => {
    await receiver?.close();
    await p?.close();
});

const seconds = () => Math.floor(p.ctx.now().getTime() / 1000);
const fields = (header: string) => Object.fromEntries(header.split(',').map(part => part.split('=')));

describe('the signature of a delivery covers the time of its try', () => {
    it('verifies with the documented recipe over t and the raw body; a changed t, body or secret fails it', async () => {
        receiver.received.length = 0;
        await reader.post({ events: [deviceEvent({ event: '2FAMismatch' })] });
        const sentAt = seconds();
        expect(await sendDueDeliveries(p.ctx)).toBe(1);
        const [got] = receiver.received;
        expect(got!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        const { t, v1 } = fields(got!.signature);
        // the platform's clock at the try
        expect(Number(t)).toBeGreaterThanOrEqual(sentAt);
        expect(Number(t)).toBeLessThanOrEqual(seconds());

        expect(verify(SECRET, got!.body, got!.signature, seconds())).toBe(true);
        expect(verify(SECRET, Buffer.from(got!.body), got!.signature, seconds())).toBe(true);
        for (const changed of [Number(t) + 1, Number(t) - 1, Number(t) - 3600])
            expect(verify(SECRET, got!.body, `t=${changed},v1=${v1}`, changed), `t=${changed}`).toBe(false);
        expect(verify(SECRET, `${got!.body} `, got!.signature, seconds())).toBe(false);
        expect(verify('another-secret-of-some-length', got!.body, got!.signature, seconds())).toBe(false);
        // the old form, signing the body alone, is not what is sent
        expect(verify(SECRET, got!.body, `t=${t},v1=`, seconds())).toBe(false);
    });

    it('is refused by the recipe once it is more than 5 minutes old, and each retry is signed with its own time', async () => {
        receiver.received.length = 0;
        receiver.answer(500);
        await reader.post({ events: [deviceEvent({ event: '2FAMismatch' })] });
        expect(await sendDueDeliveries(p.ctx)).toBe(1);
        const first = receiver.received[0]!;
        const { t } = fields(first.signature);
        expect(verify(SECRET, first.body, first.signature, Number(t) + 299)).toBe(true);
        // the same request, recorded and sent again 6 minutes later
        expect(verify(SECRET, first.body, first.signature, Number(t) + 360)).toBe(false);
        expect(verify(SECRET, first.body, first.signature, Number(t) - 360)).toBe(false);

        p.clock.offsetMs += 10 * 60_000;
        expect(await sendDueDeliveries(p.ctx)).toBe(1);
        const retry = receiver.received[1]!;
        expect(retry.deliveryId).toBe(first.deliveryId);
        expect(retry.body).toBe(first.body);
        expect(Number(fields(retry.signature).t)).toBeGreaterThanOrEqual(Number(t) + 600);
        expect(verify(SECRET, retry.body, retry.signature, seconds())).toBe(true);
    });
});

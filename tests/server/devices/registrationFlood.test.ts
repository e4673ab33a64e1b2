import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../../server/db/schema';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { approvedReader } from '../readers/approvedReader';

/**
 * The device API's registration is public: made-up hardware_ids from one
 * address must not fill an account with pending readers (and the audit log
 * with their rows), and knowing a reader's hardware_id must not let anyone
 * put it on hold with a secret of their choosing.
 */
let p: TestPlatform;
let admin: ApiCaller;
let base: string;
beforeAll(async () => {
    p = await startPlatform({ deviceRegistrationsPerAddress: 30, devicePendingMax: 200, devicePendingWithoutCodeMax: 20 });
    admin = await p.as(ADMIN.email);
    base = await p.listen();
});
afterAll(() => p?.close());

const register = (body: Record<string, unknown>) =>
    fetch(`${base}/api/v2/device/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
            secret: randomBytes(24).toString('base64url'),
            pairing_code: '123456',
            board_type: 'rock-gen3',
            release: '4.1.0',
            ...body,
        }),
    });
const pendingIn = async (accountId: number) =>
    (
        await p.ctx.db
            .select()
            .from(devices)
            .where(and(eq(devices.account_id, accountId), eq(devices.status, 'pending')))
    ).length;

describe('a known hardware_id', () => {
    it('is put on hold with a new secret only with its account registration code, and a hold is not replaced', async () => {
        const account = p.demo.customers[0].id;
        const reader = await approvedReader(p, admin, account, 'Front door');
        const [row] = await p.ctx.db.select().from(devices).where(eq(devices.id, reader.id));
        const code = (await admin('GET', `/devices/registration_code?account_id=${account}`)).json().code as string;
        const otherCode = (await admin('GET', `/devices/registration_code?account_id=${p.demo.customers[1].id}`)).json().code as string;

        expect((await register({ hardware_id: row!.hardware_id })).status).toBe(401);
        expect((await register({ hardware_id: row!.hardware_id, registration_code: otherCode })).status).toBe(401);
        let [now] = await p.ctx.db.select().from(devices).where(eq(devices.id, reader.id));
        expect(now).toMatchObject({ auth_required: false, pending_secret_hash: null });

        expect((await register({ hardware_id: row!.hardware_id, registration_code: code, pairing_code: '111111' })).status).toBe(202);
        [now] = await p.ctx.db.select().from(devices).where(eq(devices.id, reader.id));
        const held = now!.pending_secret_hash;
        expect(now!.auth_required).toBe(true);
        expect((await register({ hardware_id: row!.hardware_id, registration_code: code, pairing_code: '222222' })).status).toBe(409);
        [now] = await p.ctx.db.select().from(devices).where(eq(devices.id, reader.id));
        expect(now!.pending_secret_hash).toBe(held);
    });
});

// After the above: it uses up this address's registrations.
describe('a flood of made-up readers', () => {
    it('150 made-up hardware_ids without a code from one address leave at most the cap pending in the main account', async () => {
        const statuses = [];
        for (let i = 0; i < 150; i++) statuses.push((await register({ hardware_id: `FLOOD-${i}` })).status);
        expect(await pendingIn(p.mainAccountId)).toBe(20);
        expect(statuses.filter(s => s === 202)).toHaveLength(20);
        expect(statuses.filter(s => s === 429)).toHaveLength(130);
    });

    it('with a registration code, one address registers at most its share of new readers per 10 minutes', async () => {
        const account = p.demo.customers[1].id;
        const code = (await admin('GET', `/devices/registration_code?account_id=${account}`)).json().code as string;
        const statuses = [];
        for (let i = 0; i < 40; i++) statuses.push((await register({ hardware_id: `CODED-${i}`, registration_code: code })).status);
        // Of this address's 30, the first test's reader took 1 and the main account above 20.
        expect(statuses.filter(s => s === 202)).toHaveLength(9);
        expect(await pendingIn(account)).toBe(9);
        const refused = await register({ hardware_id: 'CODED-late', registration_code: code });
        expect(refused.status).toBe(429);
        expect((await refused.json()).error).toBe(
            'Too many new readers registered from this address in the last 10 minutes; try again later.',
        );
    });
});

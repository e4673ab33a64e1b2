import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facesKept, onBadge } from '../../../server/demo/fleet/credentials';
import { Fleet } from '../../../server/demo/fleet/fleet';
import { startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { roleMatrix } from '../permissions/roleMatrix';

/**
 * The badge lists reach the doors: a simulated reader of the demo fleet,
 * speaking the device API over HTTP, pulls its configuration after each
 * change. Once a badge is opted out, the reader no longer holds its holder's
 * face and lets the badge through alone with no picture; once a badge is
 * adaptive, the reader asks for the face with it.
 */
let p: TestPlatform;
let admin: ApiCaller;
let fleet: Fleet;
let account: number;
let h10301: number;

const until = async <T>(what: string, probe: () => T | undefined | false, timeoutMs = 20_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const value = probe();
        if (value) return value;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise(r => setTimeout(r, 100));
    }
};
const ok = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body: object) => {
    const res = await admin(method, url, { ...body, account_id: account });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
};

beforeAll(async () => {
    p = await startPlatform({ deviceHeartbeatSeconds: 1 });
    const m = await roleMatrix(p);
    admin = m.asAdmin;
    h10301 = ((await admin('GET', '/card_formats?type=predefined')).json().result as { id: number; key: string }[]).find(
        f => f.key === 'h10301',
    )!.id;
    account = (
        await admin('POST', '/accounts', {
            name: 'Reader Lists Test',
            ref_number: 'RL-1',
            address: { email: 'rl@lists.test' },
            parent_id: p.demo.dealer.id,
            options: [{ type: 'bool', name: 'acs/opt_out_enabled', value: 'true' }],
        })
    ).json().id;
    // The default group first: an approved reader serves it.
    await ok('POST', '/access_groups', { description: 'Everyone' });
    const url = await p.app.listen({ port: 0, host: '127.0.0.1' });
    const code = (await admin('GET', `/devices/registration_code?account_id=${account}`)).json().code;
    fleet = new Fleet({ url, devices: 1, seed: 'reader-lists', registrationCode: code, rampMs: 100, rebootMs: 500 }).start();
    const reader = await until('the reader registered', () => fleet.readers[0]?.id !== undefined && fleet.readers[0]);
    expect((await admin('PUT', `/devices/${reader.id}/approve`, { account_id: account })).statusCode).toBe(200);
    await until('the reader approved, with its configuration', () => reader.approved && reader.config);
}, 120_000);
afterAll(async () => {
    await fleet?.stop();
    await p?.close();
});

describe('a simulated reader follows the opt-out and adaptive lists through its configuration pull', () => {
    it('drops an opted-out badge’s face and asks for two factors for an adaptive badge', async () => {
        const reader = fleet.readers[0]!;
        const groups = (await admin('GET', `/access_groups?account_id=${account}`)).json().result as { id: number }[];
        const badge = (badge_number: number) => ({ card_format_id: h10301, facility_code: 7, badge_number });
        const alice = await ok('POST', '/profiles', { acs_id: 'ALICE', access_group_ids: [groups[0]!.id], badges: [badge(3456)] });
        const bob = await ok('POST', '/profiles', { acs_id: 'BOB', access_group_ids: [groups[0]!.id], badges: [badge(3457)] });

        let config = await until('both faces at the reader', () => {
            const c = reader.config;
            return c && facesKept(c).includes(alice.id) && facesKept(c).includes(bob.id) && c;
        });
        expect(config.opt_out).toEqual([]);
        expect(onBadge(config, reader.deviceMode, badge(3456)).profile?.profile_id).toBe(alice.id);
        expect(onBadge(config, reader.deviceMode, badge(3457)).event).not.toBe('2FAAuthenticated');

        // Alice refuses biometrics: her profile goes, her badge is listed, her face is no longer at the door.
        const listed = await ok('POST', '/opt_out', badge(3456));
        expect(listed.profiles_deleted).toBe(1);
        config = await until('the opt-out at the reader', () => reader.config?.opt_out.length === 1 && reader.config);
        expect(config.opt_out).toEqual([expect.objectContaining({ card_format_id: h10301, facility_code: 7, badge_number: 3456 })]);
        expect(config.opt_out[0]!.bits).toMatch(/^[01]{26}$/);
        expect(facesKept(config)).toEqual([bob.id]);
        const optedOut = onBadge(config, reader.deviceMode, badge(3456));
        expect(optedOut).toMatchObject({ face: false, profile: null });
        expect(optedOut.event).toMatch(/BiometricOptOutAuthenticated$/);

        // Bob's badge becomes adaptive: the reader asks for his face with it.
        await ok('POST', '/cards/adaptive', badge(3457));
        config = await until(
            'the adaptive flag at the reader',
            () => reader.config?.access_list[0]?.badges[0]?.two_factor && reader.config,
        );
        expect(onBadge(config, reader.deviceMode, badge(3457))).toMatchObject({ event: '2FAAuthenticated', face: true });
        expect(onBadge(config, reader.deviceMode, badge(3457)).profile?.profile_id).toBe(bob.id);

        // Taken off the list, the badge alone passes again.
        const entry = (await admin('GET', `/cards/adaptive?account_id=${account}`)).json().result[0];
        const removed = await admin('DELETE', `/cards/adaptive/${entry.id}`, { account_id: account });
        expect(removed.statusCode).toBe(204);
        config = await until(
            'the adaptive flag gone',
            () => reader.config?.access_list[0]?.badges[0]?.two_factor === false && reader.config,
        );
        expect(onBadge(config, reader.deviceMode, badge(3457)).event).not.toBe('2FAAuthenticated');
    });
});

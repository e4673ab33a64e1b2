import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../contract/events';
import { onBadge } from '../../../server/demo/fleet/credentials';
import { eventsPlugin } from '../../../server/demo/fleet/events';
import { Fleet } from '../../../server/demo/fleet/fleet';
import type { SimulatedReader } from '../../../server/demo/fleet/reader';
import { startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { roleMatrix } from '../permissions/roleMatrix';

/**
 * Schedules at the door: a simulated reader of the demo fleet, speaking the
 * device API over HTTP, receives the schedules of its groups and decides
 * offline. A known person outside every window of their groups is refused
 * (UnauthorizedEntryByKnownUser); a group without a schedule is always open;
 * a changed schedule reaches the reader at its next pull.
 */
let p: TestPlatform;
let admin: ApiCaller;
let fleet: Fleet;
let reader: SimulatedReader;
let account: number;
let h10301: number;
const events = eventsPlugin({ ratePerSecond: 30, everyMs: 250 });

const until = async <T>(what: string, probe: () => T | undefined | false, timeoutMs = 20_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const value = probe();
        if (value) return value;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise(r => setTimeout(r, 100));
    }
};
const ok = async (method: 'POST' | 'PUT', url: string, body: object) => {
    const res = await admin(method, url, { ...body, account_id: account });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
};
const badge = (badge_number: number) => ({ card_format_id: h10301, facility_code: 9, badge_number });

beforeAll(async () => {
    p = await startPlatform({ deviceHeartbeatSeconds: 1 });
    admin = (await roleMatrix(p)).asAdmin;
    h10301 = ((await admin('GET', '/card_formats?type=predefined')).json().result as { id: number; key: string }[]).find(
        f => f.key === 'h10301',
    )!.id;
    account = (
        await admin('POST', '/accounts', {
            name: 'Schedules At The Door',
            ref_number: 'SD-1',
            address: { email: 'sd@schedules.test' },
            parent_id: p.demo.dealer.id,
        })
    ).json().id;
    await ok('POST', '/access_groups', { description: 'Everyone' });
    const url = await p.app.listen({ port: 0, host: '127.0.0.1' });
    const code = (await admin('GET', `/devices/registration_code?account_id=${account}`)).json().code;
    fleet = new Fleet({
        url,
        devices: 1,
        seed: 'schedules-door',
        prefix: `SCH${process.pid}`,
        registrationCode: code,
        rampMs: 100,
        rebootMs: 500,
        fleetPlugins: [events],
    }).start();
    reader = await until('the reader registered', () => fleet.readers[0]?.id !== undefined && fleet.readers[0]);
    expect((await admin('PUT', `/devices/${reader.id}/approve`, { account_id: account })).statusCode).toBe(200);
    await until('the reader approved, with its configuration', () => reader.approved && reader.config);
}, 120_000);
afterAll(async () => {
    await fleet?.stop();
    await p?.close();
});

describe('a simulated reader applies its groups’ schedules offline', () => {
    it('refuses a known person outside every window of their groups, lets them in inside one, and always lets in a group without schedule', async () => {
        const everyone = (await admin('GET', `/access_groups?account_id=${account}`)).json().result[0] as { id: number };
        // Berlin office hours, Monday to Friday 08:00–18:00, closed on Christmas
        const days = ['mon', 'tue', 'wed', 'thu', 'fri'];
        const office = await ok('POST', '/schedules', {
            name: 'Office hours',
            time_zone: 'Europe/Berlin',
            windows: days.map(day => ({ day, start: '08:00', end: '18:00' })),
            holidays: [{ date: '12-25' }],
        });
        const staff = await ok('POST', '/access_groups', { description: 'Staff', schedule_id: office.id });
        await ok('POST', `/access_groups/${staff.id}/devices`, { device_ids: [reader.id] });
        const alice = await ok('POST', '/profiles', { acs_id: 'ALICE', access_group_ids: [staff.id], badges: [badge(501)] });
        const bob = await ok('POST', '/profiles', { acs_id: 'BOB', access_group_ids: [everyone.id, staff.id], badges: [badge(502)] });

        const config = await until(
            'the schedule and both people at the reader',
            () => reader.config?.schedules.length === 1 && reader.config.access_list.length === 2 && reader.config,
        );
        const at = (iso: string, who: number) => onBadge(config, reader.deviceMode, badge(who), new Date(iso));
        // Monday 30 November 2026, 10:00 in Berlin: inside
        expect(at('2026-11-30T09:00:00Z', 501).event).toMatch(/Authenticated$/);
        // the same Monday at 18:00 and a Saturday: outside, refused as a known person
        expect(at('2026-11-30T17:00:00Z', 501)).toMatchObject({ event: 'UnauthorizedEntryByKnownUser', profile: { profile_id: alice.id } });
        expect(at('2026-12-05T10:00:00Z', 501).event).toBe('UnauthorizedEntryByKnownUser');
        // Christmas 2026 is a Friday: the holiday closes it
        expect(at('2026-12-25T10:00:00Z', 501).event).toBe('UnauthorizedEntryByKnownUser');
        // Bob is also in Everyone, which has no schedule: always in
        expect(at('2026-12-05T10:00:00Z', 502)).toMatchObject({ profile: { profile_id: bob.id } });
        expect(at('2026-12-05T10:00:00Z', 502).event).toMatch(/Authenticated$/);

        // Saturdays open too: the reader pulls the change and lets Alice in
        await ok('PUT', `/schedules/${office.id}`, {
            name: 'Office hours',
            windows: [...days, 'sat'].map(day => ({ day, start: '08:00', end: '18:00' })),
            holidays: [{ date: '12-25' }],
        });
        const changed = await until(
            'the new windows at the reader',
            () => reader.config?.schedules[0]?.windows.length === 6 && reader.config,
        );
        expect(onBadge(changed, reader.deviceMode, badge(501), new Date('2026-12-05T10:00:00Z')).event).toMatch(/Authenticated$/);
    }, 60_000);

    it('what the reader reports: a person whose only schedule is closed is never authenticated, only refused', async () => {
        const closed = await ok('POST', '/schedules', { name: 'Never', time_zone: 'UTC', windows: [] });
        const nobody = await ok('POST', '/access_groups', { description: 'Locked out', schedule_id: closed.id });
        await ok('POST', `/access_groups/${nobody.id}/devices`, { device_ids: [reader.id] });
        const carol = await ok('POST', '/profiles', { acs_id: 'CAROL', access_group_ids: [nobody.id], badges: [badge(503)] });
        await until('Carol at the reader', () => reader.config?.access_list.some(e => e.profile_id === carol.id));

        const carols = async () =>
            ((await admin('GET', `/events?account_id=${account}&per_page=200`)).json().result as EventRecord[]).filter(e =>
                e.profiles.some(x => x.profile_id === carol.id),
            );
        await expect
            .poll(async () => (await carols()).filter(e => e.event === 'UnauthorizedEntryByKnownUser').length, {
                timeout: 30_000,
                interval: 500,
            })
            .toBeGreaterThanOrEqual(5);
        // five refusals come from her authentications (random incidents would give one in a hundred events); none let her in
        expect((await carols()).filter(e => e.group === 'authenticated')).toEqual([]);
        expect(events.stats.rejected).toBe(0);
    }, 60_000);
});

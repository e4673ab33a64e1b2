import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { encodeCard, type PredefinedCardFormatKey } from '../../../contract/card-formats';
import { Fleet } from '../../../server/demo/fleet/fleet';
import { seedDemoDevices } from '../../../server/demo/seed-devices';
import { accessGroups, badges, cardFormats, events, profileAccessGroups, profiles } from '../../../server/db/schema';
import { offlineDetection } from '../../../server/resources/devices/jobs';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';

/**
 * The readers' fleet: 20 simulated readers, speaking the device API over HTTP
 * against the real server, register, are approved, receive their access list,
 * one is silenced and turns offline then online, and a reboot queued in the
 * console is acknowledged.
 */
let p: TestPlatform;
let admin: ApiCaller;
let fleet: Fleet;
let url: string;

const until = async <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const value = await probe();
        if (value) return value;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise(r => setTimeout(r, 200));
    }
};

beforeAll(async () => {
    p = await startPlatform({ deviceHeartbeatSeconds: 1, deviceOfflineSeconds: 3 });
    admin = await p.as(ADMIN.email);
    // Access groups, profiles and badges of the demo sites, without devices: the fleet brings them.
    await seedDemoDevices(p.ctx.db, [p.demo.customers[0].name], 0);
    url = await p.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
    await fleet?.stop();
    await p?.close();
});

describe('a fleet of 20 simulated readers', () => {
    it('registers and waits for approval in the account of its registration code', async () => {
        const code = (await admin('GET', `/devices/registration_code?account_id=${p.demo.customers[0].id}`)).json().code;
        fleet = new Fleet({ url, devices: 20, seed: 'fleet-test', registrationCode: code, rampMs: 500, rebootMs: 1500 }).start();
        // The server lists a reader as soon as it registered; the reader knows it is pending once the reply reaches it.
        const pending = await until('20 pending readers, each told so', async () => {
            const list = (await admin('GET', `/devices?account_id=${p.demo.customers[0].id}&status=pending&per_page=100`)).json();
            return list.count === 20 && fleet.readers.every(r => r.state === 'pending') && list.result;
        });
        expect(new Set(pending.map((d: { hardware_id: string }) => d.hardware_id))).toEqual(
            new Set(fleet.readers.map(r => r.identity.hardwareId)),
        );
    });

    it('once approved, every reader heartbeats and receives the access list of its default group, badge bits included', async () => {
        const devices = (await admin('GET', `/devices?account_id=${p.demo.customers[0].id}&per_page=100`)).json().result as {
            id: number;
        }[];
        for (const d of devices)
            expect((await admin('PUT', `/devices/${d.id}/approve`, { account_id: p.demo.customers[0].id })).statusCode).toBe(200);
        await until('every reader online with its configuration', async () => fleet.readers.every(r => r.approved && r.config));
        const online = (await admin('GET', `/devices/aggregate/state?account_id=${p.demo.customers[0].id}`)).json();
        expect(online.result.find((r: { status: string }) => r.status === 'online').count).toBe(20);

        // What the default group lets through: enabled, not inactive members, with their badges.
        const db = p.ctx.db;
        const [group] = await db
            .select()
            .from(accessGroups)
            .where(and(eq(accessGroups.account_id, p.demo.customers[0].id), eq(accessGroups.default_group, true)));
        const members = await db
            .select({ profile: profiles })
            .from(profileAccessGroups)
            .innerJoin(profiles, eq(profiles.id, profileAccessGroups.profile_id))
            .where(eq(profileAccessGroups.access_group_id, group!.id));
        const expected = members
            .map(m => m.profile)
            .filter(pr => pr.enabled && pr.status !== 'inactive')
            .map(pr => pr.id)
            .sort((a, b) => a - b);
        expect(expected.length).toBeGreaterThan(20);
        for (const reader of fleet.readers) {
            // the default group follows no schedule: open at all hours
            expect(reader.config!.access_groups).toEqual([{ id: group!.id, description: group!.description, schedule_id: null }]);
            expect(reader.config!.access_list.map(e => e.profile_id)).toEqual(expected);
        }
        const entry = fleet.readers[0]!.config!.access_list[0]!;
        const [badge] = await db
            .select({ badge: badges, key: cardFormats.key })
            .from(badges)
            .innerJoin(cardFormats, eq(cardFormats.id, badges.card_format_id))
            .where(eq(badges.id, entry.badges[0]!.id));
        expect(entry.badges[0]!.bits).toBe(
            encodeCard(badge!.key as PredefinedCardFormatKey, {
                facilityCode: badge!.badge.facility_code!,
                cardNumber: badge!.badge.badge_number,
            }),
        );
    });

    it('a silenced reader turns offline, then online again, with its DeviceOffline and DeviceOnline events', async () => {
        const reader = fleet.readers[7]!;
        reader.silence(6000);
        await until('the silent reader offline', async () => {
            await offlineDetection.run(p.ctx);
            return (await admin('GET', `/devices/${reader.id}`)).json().status === 'offline';
        });
        // Only the silent one went offline.
        const states = (await admin('GET', `/devices/aggregate/state?account_id=${p.demo.customers[0].id}`)).json().result;
        expect(states.find((r: { status: string }) => r.status === 'offline').count).toBe(1);
        await until('the reader back online', async () => (await admin('GET', `/devices/${reader.id}`)).json().status === 'online', 15_000);
        const recorded = await p.ctx.db
            .select({ event: events.event })
            .from(events)
            .where(eq(events.device_id, reader.id!))
            .orderBy(events.id);
        expect(recorded.map(e => e.event).slice(-2)).toEqual(['DeviceOffline', 'DeviceOnline']);
    });

    it('a reboot queued in the console is taken by the reader and acknowledged once it is back', async () => {
        const reader = fleet.readers[3]!;
        const command = (await admin('PUT', `/devices/${reader.id}/reboot`, {})).json();
        expect(command).toMatchObject({ type: 'reboot', status: 'queued' });
        const done = await until('the reboot acknowledged', async () => {
            const history = (await admin('GET', `/devices/${reader.id}/commands`)).json().result as {
                id: number;
                status: string;
                result: string | null;
            }[];
            const mine = history.find(c => c.id === command.id);
            return mine?.status === 'done' && mine;
        });
        expect(done.result).toBe('rebooted');
        expect(reader.bootedAt).toBeGreaterThan(Date.parse(command.created_at));
    });

    it('a parameter changed in the console reaches the reader, which reports it applied', async () => {
        const reader = fleet.readers[11]!;
        const device = (await admin('GET', `/devices/${reader.id}`)).json();
        await admin('PUT', `/devices/${device.id}`, {
            description: 'Lobby turnstile',
            role: 'two-fa',
            security_level: 'high-security',
            led_option: device.led_option,
            communication: device.communication,
            onvif: { managed_by: 'protocol' },
            sip: { enabled: false },
            account_id: device.account_id,
        });
        await admin('PUT', `/devices/${device.id}/temp_enrollment`, {
            toggle_on: true,
            duration_minutes: 5,
            account_id: device.account_id,
        });
        const applied = await until('the reader to apply the new configuration', async () => {
            const now = (await admin('GET', `/devices/${device.id}`)).json();
            return now.applied_config_version === now.config_version && now.device_mode === 'enrollment' && now;
        });
        expect(applied.config_version).toBe(device.config_version + 2);
        expect(reader.config).toMatchObject({ role: 'two-fa', security_level: 'high-security', temp_enrollment: { on: true } });
        expect(fleet.stats.errors).toBe(0);
    });
});

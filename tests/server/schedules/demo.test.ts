import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { insideSchedule, scheduleInput } from '../../../contract/schedules';
import { rows } from '../../../server/db/database';
import { seedDemoDevices } from '../../../server/demo/seed-devices';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';

/** `npm start`'s demo shows schedules, on groups its simulated doors do not serve (their decisions stay as they were). */
let p: TestPlatform;
let admin: ApiCaller;
beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    await seedDemoDevices(
        p.ctx.db,
        p.demo.customers.map(c => c.name),
        6,
    );
}, 120_000);
afterAll(() => p?.close());

describe('the demo platform', () => {
    it('has an office-hours and a night-shift schedule, each followed by a group, valid as a user would enter them', async () => {
        const [contoso, fabrikam] = p.demo.customers;
        const listed = async (account: number) =>
            (await admin('GET', `/schedules?account_id=${account}`)).json().result as {
                id: number;
                name: string;
                time_zone: string;
                windows: never[];
                holidays: never[];
                exceptions: never[];
            }[];
        const [office] = await listed(contoso.id);
        const [night] = await listed(fabrikam.id);
        expect(office).toMatchObject({ name: 'Office hours', time_zone: 'Europe/Berlin' });
        expect(night).toMatchObject({ name: 'Night shift', time_zone: 'America/New_York' });
        for (const s of [office!, night!]) expect(scheduleInput.safeParse({ ...s, id: undefined }).success).toBe(true);
        // a Tuesday 10:00 in Berlin is office hours, the same hour of a Saturday or Christmas Day is not; 23:00 New York is the night shift
        expect(insideSchedule(office!, new Date('2026-12-01T09:00:00Z'))).toBe(true);
        expect(insideSchedule(office!, new Date('2026-12-05T09:00:00Z'))).toBe(false);
        expect(insideSchedule(office!, new Date('2026-12-25T09:00:00Z'))).toBe(false);
        expect(insideSchedule(night!, new Date('2026-12-02T04:00:00Z'))).toBe(true);
        expect(insideSchedule(night!, new Date('2026-12-02T15:00:00Z'))).toBe(false);

        const groups = (await admin('GET', `/access_groups?account_id=${contoso.id}&per_page=50`)).json().result as {
            description: string;
            schedule_id: number | null;
        }[];
        expect(groups.find(g => g.description === 'Executive floor')?.schedule_id).toBe(office!.id);
        expect(groups.filter(g => g.schedule_id !== null)).toHaveLength(1);
    });

    it('gives no schedule to a group that a demo door serves', async () => {
        const served = await rows<{ n: number }>(
            p.ctx.db,
            sql`select count(*)::int as n from device_access_groups d join access_groups g on g.id = d.access_group_id where g.schedule_id is not null`,
        );
        expect(served[0]!.n).toBe(0);
        const doors = await rows<{ n: number }>(p.ctx.db, sql`select count(*)::int as n from device_access_groups`);
        expect(doors[0]!.n).toBeGreaterThan(0);
    });
});

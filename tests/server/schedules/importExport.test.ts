import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { roleMatrix } from '../permissions/roleMatrix';

/**
 * An account's platform_data.zip carries its schedules: moved into another
 * account, the access groups still follow them, so the doors stay shut
 * outside their hours instead of opening at all hours.
 */
let p: TestPlatform;
let admin: ApiCaller;
let token: string;

const multipart = (file: Buffer) => {
    const boundary = '----schedules';
    const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="action"\r\n\r\nimport\r\n`),
        Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="platform_data.zip"\r\nContent-Type: application/zip\r\n\r\n`,
        ),
        Buffer.from(new Uint8Array(file)),
        Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
const newAccount = async (name: string) =>
    (
        await admin('POST', '/accounts', {
            name,
            ref_number: name.slice(0, 10),
            address: { email: `${name.replace(/\W/g, '').toLowerCase()}@schedules.test` },
            parent_id: p.demo.dealer.id,
        })
    ).json().id as number;

beforeAll(async () => {
    p = await startPlatform();
    admin = (await roleMatrix(p)).asAdmin;
    token = await p.login(ADMIN.email);
}, 120_000);
afterAll(() => p?.close());

describe('platform_data.zip and schedules', () => {
    it('moves the schedules and the groups that follow them into another account', async () => {
        const source = await newAccount('Schedule Source');
        const rules = {
            time_zone: 'Europe/Berlin',
            windows: [{ day: 'mon', start: '08:00', end: '18:00' }],
            holidays: [{ date: '12-25', name: 'Christmas', windows: [] }],
            exceptions: [{ date: '2026-12-31', windows: [{ start: '08:00', end: '12:00' }] }],
        };
        const schedule = (await admin('POST', '/schedules', { name: 'Office hours', ...rules, account_id: source })).json();
        await admin('POST', '/access_groups', { description: 'Everyone', account_id: source });
        await admin('POST', '/access_groups', { description: 'Day staff', schedule_id: schedule.id, account_id: source });

        const zip = await p.call(token, { method: 'GET', url: `/api/v2/import_export/export?account_id=${source}` });
        expect(zip.statusCode, zip.body).toBe(200);
        const target = await newAccount('Schedule Target');
        const res = await p.call(token, {
            method: 'POST',
            url: `/api/v2/import_export/import?account_id=${target}`,
            ...multipart(zip.rawPayload),
        });
        expect(res.statusCode, res.body).toBe(200);

        const moved = (await admin('GET', `/schedules?account_id=${target}`)).json().result;
        expect(moved).toEqual([expect.objectContaining({ name: 'Office hours', ...rules, groups_count: 1 })]);
        const groups = (await admin('GET', `/access_groups?account_id=${target}`)).json().result as {
            description: string;
            schedule_id: number | null;
        }[];
        expect(groups.find(g => g.description === 'Day staff')!.schedule_id).toBe(moved[0].id);
        expect(groups.find(g => g.description === 'Everyone')!.schedule_id).toBe(null);

        // imported again: the schedule of that name is reused, not doubled
        const again = await p.call(token, {
            method: 'POST',
            url: `/api/v2/import_export/import?account_id=${target}`,
            ...multipart(zip.rawPayload),
        });
        expect(again.statusCode, again.body).toBe(200);
        expect((await admin('GET', `/schedules?account_id=${target}`)).json().count).toBe(1);
    }, 60_000);
});

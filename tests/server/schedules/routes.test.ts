import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '../../../contract/schedules';
import { SCHEDULE_CONFLICTS } from '../../../server/resources/schedules/routes';
import type { Role } from '../../../contract/roles';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, scoped, roleMatrix, type RoleMatrix, type Target } from '../permissions/roleMatrix';
import { approvedReader } from '../readers/approvedReader';

let p: TestPlatform;
let m: RoleMatrix;
let seq = 0;

const OFFICE = {
    windows: [
        { day: 'mon', start: '08:00', end: '18:00' },
        { day: 'fri', start: '08:00', end: '24:00' },
    ],
    holidays: [{ date: '12-25', name: 'Christmas' }],
    exceptions: [{ date: '2026-12-31', windows: [{ start: '08:00', end: '12:00' }] }],
};
const newSchedule = async (accountId: number, body: object = {}) => {
    const res = await m.asAdmin('POST', '/schedules', { name: `Schedule ${++seq}`, ...OFFICE, account_id: accountId, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; account_id: number; name: string; time_zone: string; groups_count: number };
};
const newAccount = async (options: object[] = []) =>
    (
        await m.asAdmin('POST', '/accounts', {
            name: `Schedules ${++seq}`,
            ref_number: `SC-${seq}`,
            address: { email: `sc${seq}@schedules.test` },
            parent_id: p.demo.dealer.id,
            options,
        })
    ).json().id as number;

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
}, 120_000);
afterAll(() => p?.close());

describe('schedules: every role in its own, a descendant and an unrelated account', () => {
    const schedule = (r: Role, t: Target) => newSchedule(m.accountFor(r, t));
    it('GET /schedules', () =>
        expectTable(
            (r, t) => m.call(r, 'GET', `/schedules?account_id=${m.accountFor(r, t)}`).then(x => x.statusCode),
            scoped('schedules', 'read', 200, 403),
        ));
    it('GET /schedules/:id', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'GET', `/schedules/${(await schedule(r, t)).id}`)).statusCode,
            scoped('schedules', 'read', 200, 404),
        ));
    it('POST /schedules', () =>
        expectTable(
            async (r, t) =>
                (await m.call(r, 'POST', '/schedules', { name: `By ${r} ${++seq}`, account_id: m.accountFor(r, t) })).statusCode,
            scoped('schedules', 'write', 201, 403),
        ));
    it('PUT /schedules/:id', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'PUT', `/schedules/${(await schedule(r, t)).id}`, { name: `Renamed ${++seq}` })).statusCode,
            scoped('schedules', 'write', 200, 404),
        ));
    it('DELETE /schedules/:id', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'DELETE', `/schedules/${(await schedule(r, t)).id}`)).statusCode,
            scoped('schedules', 'write', 204, 404),
        ));
});

describe('what a schedule holds', () => {
    it('takes the account’s time zone when none is given, else UTC, and keeps what was sent', async () => {
        const paris = await newAccount([{ type: 'string', name: 'prp/timezone', value: 'Europe/Paris' }]);
        const plain = await newAccount();
        expect((await newSchedule(paris)).time_zone).toBe('Europe/Paris');
        expect((await newSchedule(plain)).time_zone).toBe('UTC');
        const ny = await newSchedule(paris, { name: 'Night shift', time_zone: 'America/New_York' });
        const read = (await m.asAdmin('GET', `/schedules/${ny.id}`)).json();
        expect(read).toMatchObject({ name: 'Night shift', time_zone: 'America/New_York', ...OFFICE, groups_count: 0 });
        expect(read.holidays).toEqual([{ date: '12-25', name: 'Christmas', windows: [] }]);
        // PUT without a zone keeps the schedule's own
        const renamed = (await m.asAdmin('PUT', `/schedules/${ny.id}`, { name: 'Nights', windows: [] })).json();
        expect(renamed).toMatchObject({ name: 'Nights', time_zone: 'America/New_York', windows: [], holidays: [] });
    });

    it('refuses bad rules with a text per field, and a second schedule of the same name', async () => {
        const account = m.accountFor('admin', 'own');
        const res = await m.asAdmin('POST', '/schedules', {
            name: '',
            time_zone: 'Moon/Base',
            windows: [{ day: 'mon', start: '18:00', end: '08:00' }],
            holidays: [{ date: '2026-02-30' }],
            exceptions: [{ date: '12-31' }],
            account_id: account,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toMatchObject({
            name: SCHEDULE_MESSAGES.nameRequired,
            time_zone: SCHEDULE_MESSAGES.timeZone,
            'windows.0.end': SCHEDULE_MESSAGES.startBeforeEnd,
            'holidays.0.date': SCHEDULE_MESSAGES.holidayDate,
            'exceptions.0.date': SCHEDULE_MESSAGES.date,
        });
        await newSchedule(account, { name: 'Weekdays' });
        const twice = await m.asAdmin('POST', '/schedules', { name: 'WEEKDAYS', account_id: account });
        expect(twice.statusCode).toBe(409);
        expect(twice.json().error).toBe(SCHEDULE_CONFLICTS.nameTaken);
    });

    it('lists by name, searches, and never shows another account’s schedules', async () => {
        const account = await newAccount();
        await newSchedule(account, { name: 'b office' });
        await newSchedule(account, { name: 'A lobby' });
        const list = (await m.asAdmin('GET', `/schedules?account_id=${account}`)).json();
        expect(list).toMatchObject({ count: 2, result: [{ name: 'A lobby' }, { name: 'b office' }] });
        expect(
            (await m.asAdmin('GET', `/schedules?account_id=${account}&q=lob`)).json().result.map((s: { name: string }) => s.name),
        ).toEqual(['A lobby']);
        const own = m.accountFor('manager', 'own');
        await newSchedule(own);
        const seen = (await m.call('manager', 'GET', '/schedules?cross_account=true&per_page=200')).json().result as {
            account_id: number;
        }[];
        expect(new Set(seen.map(s => s.account_id))).toEqual(new Set([own]));
    });
});

describe('access groups follow schedules', () => {
    it('a group takes a schedule of its own account only; a schedule in use cannot be deleted until no group follows it', async () => {
        const account = await newAccount();
        const other = await newAccount();
        const schedule = await newSchedule(account);
        const foreign = await newSchedule(other);
        await m.asAdmin('POST', '/access_groups', { description: 'Everyone', account_id: account });
        const refused = await m.asAdmin('POST', '/access_groups', { description: 'Staff', schedule_id: foreign.id, account_id: account });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fields).toEqual({ schedule_id: "Choose a schedule of the access group's account" });
        const group = await m.asAdmin('POST', '/access_groups', { description: 'Staff', schedule_id: schedule.id, account_id: account });
        expect(group.json()).toMatchObject({ schedule_id: schedule.id });
        expect((await m.asAdmin('GET', `/schedules/${schedule.id}`)).json().groups_count).toBe(1);

        const inUse = await m.asAdmin('DELETE', `/schedules/${schedule.id}`);
        expect(inUse.statusCode).toBe(409);
        expect(inUse.json().error).toBe(
            'The schedule is still followed by 1 access group. Choose another schedule for them, or none, first.',
        );

        // renaming the group leaves its schedule; null detaches it
        expect((await m.asAdmin('PUT', `/access_groups/${group.json().id}`, { description: 'Staff!' })).json().schedule_id).toBe(
            schedule.id,
        );
        expect(
            (await m.asAdmin('PUT', `/access_groups/${group.json().id}`, { description: 'Staff', schedule_id: null })).json().schedule_id,
        ).toBe(null);
        expect((await m.asAdmin('DELETE', `/schedules/${schedule.id}`)).statusCode).toBe(204);
        expect((await m.asAdmin('GET', `/schedules/${schedule.id}`)).statusCode).toBe(404);
        const audit = (await m.asAdmin('GET', `/audit_logs?resource=schedules&account_id=${account}&per_page=100`)).json().result as {
            action: string;
        }[];
        expect(audit.map(a => a.action).sort()).toEqual(['create', 'delete']);
    });

    it('an account goes with its schedules and the groups that follow them', async () => {
        const account = await newAccount();
        const schedule = await newSchedule(account);
        await m.asAdmin('POST', '/access_groups', { description: 'Everyone', schedule_id: schedule.id, account_id: account });
        const gone = await m.asAdmin('DELETE', `/accounts/${account}`);
        expect(gone.statusCode, gone.body).toBeLessThan(300);
        expect((await m.asAdmin('GET', `/schedules/${schedule.id}`)).statusCode).toBe(404);
    });

    it('a reader’s configuration carries the schedules of its groups, and a change of one reaches it through a new ETag', async () => {
        const account = await newAccount();
        const schedule = await newSchedule(account, { time_zone: 'Europe/Berlin' });
        const unused = await newSchedule(account);
        const everyone = (await m.asAdmin('POST', '/access_groups', { description: 'Everyone', account_id: account })).json();
        const reader = await approvedReader(p, m.asAdmin, account);
        const before = await reader.device('GET', '/config');
        expect(before.json().schedules).toEqual([]);
        expect(before.json().access_groups).toEqual([{ id: everyone.id, description: 'Everyone', schedule_id: null }]);

        await m.asAdmin('PUT', `/access_groups/${everyone.id}`, { description: 'Everyone', schedule_id: schedule.id });
        const attached = await reader.device('GET', '/config');
        expect(attached.headers.etag).not.toBe(before.headers.etag);
        expect(attached.json().access_groups).toEqual([{ id: everyone.id, description: 'Everyone', schedule_id: schedule.id }]);
        expect(attached.json().schedules).toEqual([
            {
                id: schedule.id,
                name: schedule.name,
                time_zone: 'Europe/Berlin',
                ...OFFICE,
                holidays: [{ date: '12-25', name: 'Christmas', windows: [] }],
            },
        ]);

        // a change of a schedule no group here follows leaves the reader alone
        await m.asAdmin('PUT', `/schedules/${unused.id}`, { name: unused.name, windows: [] });
        expect((await reader.device('GET', '/config', { 'if-none-match': attached.headers.etag as string })).statusCode).toBe(304);

        await m.asAdmin('PUT', `/schedules/${schedule.id}`, {
            name: schedule.name,
            windows: [{ day: 'sun', start: '10:00', end: '11:00' }],
        });
        const changed = await reader.device('GET', '/config', { 'if-none-match': attached.headers.etag as string });
        expect(changed.statusCode).toBe(200);
        expect(changed.json().schedules[0].windows).toEqual([{ day: 'sun', start: '10:00', end: '11:00' }]);
    });
});

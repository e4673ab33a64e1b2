import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../contract/device-api';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from './harness';
import { approvedReader } from './readers/approvedReader';

/**
 * Odd input that used to answer 500: it is the request's fault, so it gets a
 * 4xx with {error, request_id}, through real HTTP on the started server.
 */
let p: TestPlatform;
let admin: ApiCaller;
let base: string;
let token: string;
beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    token = await p.login(ADMIN.email);
    base = await p.listen();
});
afterAll(() => p?.close());

const call = async (method: string, path: string, init: { body?: object; headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${base}/api/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
        body: init.body && JSON.stringify(init.body),
    });
    return { status: res.status, body: await res.json().catch(() => undefined), requestId: res.headers.get('x-request-id') };
};
const expectClientError = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(res.body).toMatchObject({ error: expect.any(String), request_id: res.requestId });
};

describe('odd input', () => {
    it('ids and account_id of 2^31 and above, on id routes and before device authentication', async () => {
        for (const path of [
            '/users/2147483648',
            '/devices/99999999999',
            '/accounts/2147483648',
            '/access_groups/4294967296',
            `/users?account_id=2147483648`,
            '/devices?id=9007199254740993',
        ])
            expectClientError(await call('GET', path));
        expectClientError(await call('GET', '/devices/bulk/config/export?device_ids=9007199254740992'));
        const device = await call('POST', '/device/heartbeat', {
            body: {},
            headers: { authorization: deviceAuthorization(99_999_999_999, 'k'.repeat(32)) },
        });
        expect(device.status).toBe(401);
    });

    it('NUL bytes in text and dates past the year 9999', async () => {
        const contoso = p.demo.customers[0].id;
        expectClientError(await call('POST', '/access_groups', { body: { account_id: contoso, description: 'Lobby\u0000' } }));
        expectClientError(await call('GET', `/events?account_id=${contoso}&from=10000-01-01T00:00:00Z`));
        expectClientError(await call('GET', `/audit_logs?date_from=+275760-09-13T00:00:00.000Z`));
    });

    it('a card format with a field 2^53 bits long (it ran the server out of memory)', async () => {
        const res = await call('POST', '/card_formats', {
            body: {
                name: 'Huge',
                type: 'custom',
                bits: 26,
                facility: null,
                card: { start: 1, length: 2 ** 53 - 1 },
                parity: [],
                account_id: p.mainAccountId,
            },
        });
        expectClientError(res);
        expect(res.body.fields.parity).toBe('card number must lie within the 26 bits');
    });

    it('a path part longer than the router takes, or not a valid address part (found by fuzz.test.ts)', async () => {
        expectClientError(await call('GET', `/events/1/files/${'x'.repeat(200)}`));
        expectClientError(await call('GET', '/users/%E0%A4%A'));
    });

    it('a known address asked with a method it does not take answers 405 with Allow; an unknown one 404', async () => {
        const res = await fetch(`${base}/api/v2/users/7`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('DELETE, GET, HEAD, PUT');
        expect(await res.json()).toEqual({
            error: 'Method POST is not allowed on /api/v2/users/7',
            request_id: res.headers.get('x-request-id'),
        });
        expect((await call('PATCH', '/login')).status).toBe(405);
        const unknown = await call('GET', '/no-such-thing');
        expect(unknown.status).toBe(404);
        expectClientError(unknown);
    });

    it('sort by a name of the prototype', async () => {
        for (const field of ['__proto__', 'constructor', 'toString']) {
            const res = await call('GET', `/users?sort=-${field}`);
            expect(res.status).toBe(400);
            expect(res.body.error).toBe(`Cannot sort by "${field}"`);
        }
    });

    it('bounds per_page, but for the lists pickers read whole (SPEC 7.1)', async () => {
        // Validated before anything else: readers answer 403 here only because the main account has no ACS integration.
        expect((await call('GET', '/readers?per_page=999999')).body.fields).toHaveProperty('per_page');
        for (const list of ['/users', '/deployments', '/events', '/audit_logs', '/profiles']) {
            const res = await call('GET', `${list}?per_page=999999`);
            expectClientError(res);
            expect(res.body.fields, list).toHaveProperty('per_page');
            const fine = await call('GET', `${list}?per_page=200`);
            expect(fine.status, `${list} ${JSON.stringify(fine.body)}`).toBe(200);
        }
        for (const list of [
            '/accounts?cross_account=true',
            '/devices?cross_account=true',
            '/access_groups',
            '/card_formats',
            '/artifacts',
        ]) {
            expect((await call('GET', `${list}${list.includes('?') ? '&' : '?'}per_page=999999`)).status, list).toBe(200);
        }
    });

    it('deletes an account whose readers are in access groups, with what belongs to it', async () => {
        const account = p.demo.otherCustomer.id;
        const reader = await approvedReader(p, admin, account, 'Side door');
        const group = (await admin('POST', '/access_groups', { account_id: account, description: 'Staff' })).json();
        const joined = await admin('POST', `/access_groups/${group.id}/devices`, { account_id: account, device_ids: [reader.id] });
        expect(joined.statusCode, joined.body).toBe(200);
        const res = await call('DELETE', `/accounts/${account}`, { body: {} });
        expect(res.status, JSON.stringify(res.body)).toBe(204);
        expect((await call('GET', `/devices/${reader.id}`)).status).toBe(404);
    });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { can } from '../../../contract/rights';
import type { Role } from '../../../contract/roles';
import { ENROLLMENT_MESSAGES } from '../../../contract/enrollments';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, inScope, roleMatrix, scoped, type RoleMatrix, type Target } from '../permissions/roleMatrix';

/** Web enrollment's staff routes: role × own/descendant/unrelated account (SPEC 6.2 profiles rights, 6.3 enrollment switch). */
let p: TestPlatform;
let m: RoleMatrix;
let seq = 0;

const optionsOf = async (accountId: number) =>
    (await m.asAdmin('GET', `/accounts/${accountId}/options`)).json().options as { name: string; value: string; type: string }[];
const setOption = async (accountId: number, name: string, value: string) => {
    const kept = (await optionsOf(accountId)).filter(o => o.name !== name);
    expect(
        (await m.asAdmin('PUT', `/accounts/${accountId}/options`, { options: [...kept, { type: 'bool', name, value }] })).statusCode,
    ).toBe(200);
};
const template = async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    return Buffer.from(await doc.save());
};
const upload = async (accountId: number) => {
    const boundary = '----matrix';
    const payload = Buffer.concat([
        Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="consent.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        await template(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return p.call(m.tokens.admin, {
        method: 'PUT',
        url: `/api/v2/accounts/${accountId}/consent_template`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
};
const accounts = () => [p.mainAccountId, p.demo.dealer.id, p.demo.customers[0].id, p.demo.otherCustomer.id];
const invited = async (accountId: number) => {
    const res = await m.asAdmin('POST', '/web-enrollments/invites', {
        people: [{ name: 'Matrix Person', email: `m${++seq}@matrix.test` }],
        account_id: accountId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().result[0] as { id: number };
};

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    for (const id of accounts()) {
        await setOption(id, 'enr/enabled', 'true');
        expect((await upload(id)).statusCode).toBe(200);
        const groups = (await m.asAdmin('GET', `/access_groups?account_id=${id}`)).json();
        if (!groups.count)
            expect((await m.asAdmin('POST', '/access_groups', { description: 'Everyone', account_id: id })).statusCode).toBe(201);
    }
}, 120_000);
afterAll(() => p?.close());

/** A route on one invitation: 404 outside the scope (the invitation does not exist for the caller). */
const onOne = (action: 'read' | 'write', ok: number) => (r: Role, t: Target) =>
    !can(r, 'profiles', action) ? 403 : inScope(r, t) ? ok : 404;

describe('web enrollment routes for every role and account', () => {
    it('GET /web-enrollments', async () =>
        expectTable(
            (r, t) => m.call(r, 'GET', `/web-enrollments?account_id=${m.accountFor(r, t)}`).then(x => x.statusCode),
            scoped('profiles', 'read', 200),
        ));

    it('POST /web-enrollments/invites', async () =>
        expectTable(
            (r, t) =>
                m
                    .call(r, 'POST', '/web-enrollments/invites', {
                        people: [{ name: 'Cell', email: `c${++seq}@matrix.test` }],
                        account_id: m.accountFor(r, t),
                    })
                    .then(x => x.statusCode),
            scoped('profiles', 'write', 201),
        ));

    for (const action of ['resend', 'revoke'] as const)
        it(`POST /web-enrollments/:id/${action}`, async () =>
            expectTable(
                async (r, t) => {
                    const { id } = await invited(m.accountFor(r, t));
                    return (await m.call(r, 'POST', `/web-enrollments/${id}/${action}`, { account_id: m.accountFor(r, t) })).statusCode;
                },
                onOne('write', 200),
            ));

    it('GET /web-enrollments/:id/link', async () =>
        expectTable(
            async (r, t) => {
                const { id } = await invited(m.accountFor(r, t));
                return (await m.call(r, 'GET', `/web-enrollments/${id}/link?account_id=${m.accountFor(r, t)}`)).statusCode;
            },
            onOne('write', 200),
        ));

    it('GET /accounts/:id/consent_template', async () =>
        expectTable(
            (r, t) => m.call(r, 'GET', `/accounts/${m.accountFor(r, t)}/consent_template`).then(x => x.statusCode),
            // An account the address names outside the caller's reach: 403, as every /accounts/:id route answers.
            (r, t) => (!can(r, 'profiles', 'read') ? 403 : inScope(r, t) ? 200 : 403),
        ));

    it('is off for an account without enr/enabled, and for the system without ENROLLMENT_ENABLED', async () => {
        const account = p.demo.customers[1].id;
        await setOption(account, 'enr/enabled', 'false');
        const res = await m.asAdmin('GET', `/web-enrollments?account_id=${account}`);
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe(ENROLLMENT_MESSAGES.disabled);
        p.ctx.config.enrollmentEnabled = false;
        try {
            const off = await m.asAdmin('GET', `/web-enrollments?account_id=${p.demo.customers[0].id}`);
            expect(off.statusCode).toBe(403);
        } finally {
            p.ctx.config.enrollmentEnabled = true;
        }
    });

    it('the options of web enrollment take only their values', async () => {
        const account = p.demo.customers[0].id;
        for (const [name, value] of [
            ['enr/link_days', '5'],
            ['enr/mfa', 'yes'],
            ['enr/notify', '1'],
            ['enr/consent_type', 'word'],
        ]) {
            const kept = (await optionsOf(account)).filter(o => o.name !== name);
            const res = await m.asAdmin('PUT', `/accounts/${account}/options`, { options: [...kept, { type: 'string', name, value }] });
            expect(res.statusCode, `${name}=${value}`).toBe(400);
        }
    });
});

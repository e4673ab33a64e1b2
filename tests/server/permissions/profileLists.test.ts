/**
 * Role × route × account for the badge lists and profile routes of the
 * Profiles group (SPEC 2.2 /opt_out, /adaptive, /visitors, 6.2): every role
 * in its own, a descendant and an unrelated account, with the expected status
 * read from the rights table of contract/rights.ts. GET/POST /opt_out and
 * POST /opt_out/csv have their table in tests/server/cards/optOut.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { can, type Action, type Resource } from '../../../contract/rights';
import { ROLES, type Role } from '../../../contract/roles';
import { ACCOUNT_OPTIONS } from '../../../contract/session';
import { startPlatform, type TestPlatform } from '../harness';
import { expectRoles, expectTable, inScope, roleMatrix, scoped, TARGETS, type RoleMatrix, type Target } from './roleMatrix';

let p: TestPlatform;
let m: RoleMatrix;
/** the predefined 26-bit H10301 format */
let h10301: number;
/** an access group (the default one when the account had none) of each account a table acts in */
const groupOf = new Map<number, number>();

/** Badge numbers (0..65535 in H10301) are never reused, so no cell collides with another. */
let nextBadge = 1000;
/** Facility codes of the visitor ranges the range tables make, one per cell; the lists use LIST_FC and the visitors VISITOR_FC. */
let nextRangeFc = 100;
const LIST_FC = 5;
const VISITOR_FC = 250;
let seq = 0;

const listCard = () => ({ card_format_id: h10301, facility_code: LIST_FC, badge_number: ++nextBadge });
const visitorCard = () => ({ card_format_id: h10301, facility_code: VISITOR_FC, badge_number: ++nextBadge });

const accountFor = (role: Role, target: Target) => m.accountFor(role, target);
const status = (res: Promise<LightMyRequestResponse>) => res.then(x => x.statusCode);
/** The reply's body, after checking that a call setting up a cell answered as it should. */
const made = async (res: Promise<LightMyRequestResponse>, want: number) => {
    const reply = await res;
    expect(reply.statusCode, reply.body).toBe(want);
    return reply.json();
};
/** PATCH is not among roleMatrix's methods. */
const patch = (role: Role, url: string, payload: object) => p.call(m.tokens[role], { method: 'PATCH', url: `/api/v2${url}`, payload });

const listed = (path: string, accountId: number) =>
    made(m.asAdmin('POST', path, { ...listCard(), account_id: accountId }), 201) as Promise<{ id: number }>;
const newProfile = (accountId: number) =>
    made(
        m.asAdmin('POST', '/profiles', { acs_id: `PL-${++seq}`, access_group_ids: [groupOf.get(accountId)!], account_id: accountId }),
        201,
    ) as Promise<{ id: number; account_id: number }>;
const newVisitor = (accountId: number) =>
    made(m.asAdmin('POST', '/cards/visitors', { ...visitorCard(), acs_id: `VIS-${++seq}`, account_id: accountId }), 201) as Promise<{
        id: number;
        badges: { id: number }[];
    }>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
/** POST /profiles/:id/consent as a browser sends it: multipart, the signed PDF in the field "file". */
const uploadConsent = (token: string, profileId: number) => {
    const boundary = `----profile-lists-${++seq}`;
    const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_version"\r\n\r\nv1\r\n`),
        Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="signed.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return p.call(token, {
        method: 'POST',
        url: `/api/v2/profiles/${profileId}/consent`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
};

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    const formats = (await made(m.asAdmin('GET', '/card_formats?type=predefined'), 200)).result as { id: number; key: string }[];
    h10301 = formats.find(f => f.key === 'h10301')!.id;

    // SPEC 3 acs/opt_out_enabled: the demo accounts have it on, the platform main account (the admin's own) does not.
    const options = (await made(m.asAdmin('GET', `/accounts/${p.mainAccountId}/options`), 200)).options as { name: string }[];
    const on = [
        ...options.filter(o => o.name !== ACCOUNT_OPTIONS.optOutEnabled),
        { type: 'string', name: ACCOUNT_OPTIONS.optOutEnabled, value: 'true' },
    ];
    await made(m.asAdmin('PUT', `/accounts/${p.mainAccountId}/options`, { options: on }), 200);

    const accounts = new Set(ROLES.flatMap(r => TARGETS.map(t => accountFor(r, t))));
    for (const account of accounts) {
        // the account's first group becomes its default, which a visitor is put in
        const group = await made(m.asAdmin('POST', '/access_groups', { description: 'Profile lists matrix', account_id: account }), 201);
        groupOf.set(account, group.id);
        await made(
            patch('admin', '/cards/visitors/range', {
                account_id: account,
                card_format_id: h10301,
                facility_code: VISITOR_FC,
                first_number: 0,
                last_number: 65535,
            }),
            200,
        );
    }
}, 120_000);
afterAll(() => p?.close());

/** 403 without the right, else `ok` in scope and `outside` out of it (the routes acting on one record answer 404 outside). */
const expect404Outside = (resource: Resource, action: Action, ok: number) => scoped(resource, action, ok, 404);

describe('opt-out, adaptive and exclusion lists: every role in its own, a descendant and an unrelated account', () => {
    it('DELETE /opt_out/:id', () =>
        expectTable(
            async (r, t) => {
                const entry = await listed('/opt_out', accountFor(r, t));
                return status(m.call(r, 'DELETE', `/opt_out/${entry.id}`, { account_id: accountFor(r, t) }));
            },
            expect404Outside('optOut', 'write', 204),
        ));

    it('GET /cards/adaptive', () =>
        expectTable((r, t) => status(m.call(r, 'GET', `/cards/adaptive?account_id=${accountFor(r, t)}`)), scoped('adaptive', 'read', 200)));

    it('POST /cards/adaptive', () =>
        expectTable(
            (r, t) => status(m.call(r, 'POST', '/cards/adaptive', { ...listCard(), account_id: accountFor(r, t) })),
            scoped('adaptive', 'write', 201),
        ));

    it('DELETE /cards/adaptive/:id', () =>
        expectTable(
            async (r, t) => {
                const entry = await listed('/cards/adaptive', accountFor(r, t));
                return status(m.call(r, 'DELETE', `/cards/adaptive/${entry.id}`, { account_id: accountFor(r, t) }));
            },
            expect404Outside('adaptive', 'write', 204),
        ));

    it('POST /cards/adaptive/bulk', () =>
        expectTable(
            async (r, t) => {
                const gone = await listed('/cards/adaptive', accountFor(r, t));
                return status(
                    m.call(r, 'POST', '/cards/adaptive/bulk', { add: [listCard()], remove: [gone.id], account_id: accountFor(r, t) }),
                );
            },
            scoped('adaptive', 'write', 200),
        ));

    it('GET /exclusion', () =>
        expectTable((r, t) => status(m.call(r, 'GET', `/exclusion?account_id=${accountFor(r, t)}`)), scoped('profiles', 'read', 200)));

    it('POST /exclusion', () =>
        expectTable(
            (r, t) => status(m.call(r, 'POST', '/exclusion', { ...listCard(), account_id: accountFor(r, t) })),
            scoped('profiles', 'write', 201),
        ));

    it('DELETE /exclusion/:id', () =>
        expectTable(
            async (r, t) => {
                const entry = await listed('/exclusion', accountFor(r, t));
                return status(m.call(r, 'DELETE', `/exclusion/${entry.id}`, { account_id: accountFor(r, t) }));
            },
            expect404Outside('profiles', 'write', 204),
        ));
});

describe('visitor ranges and visitors: every role in its own, a descendant and an unrelated account', () => {
    const range = (accountId: number, facility_code: number) => ({
        account_id: accountId,
        card_format_id: h10301,
        facility_code,
        first_number: 100,
        last_number: 199,
    });

    it('GET /cards/visitors/range', () =>
        expectTable(
            (r, t) => status(m.call(r, 'GET', `/cards/visitors/range?account_id=${accountFor(r, t)}`)),
            scoped('visitors', 'read', 200),
        ));

    it('PATCH /cards/visitors/range', () =>
        expectTable(
            (r, t) => status(patch(r, '/cards/visitors/range', range(accountFor(r, t), ++nextRangeFc))),
            scoped('visitors', 'write', 200),
        ));

    it('DELETE /cards/visitors/range/:id', () =>
        expectTable(
            async (r, t) => {
                const created = await made(patch('admin', '/cards/visitors/range', range(accountFor(r, t), ++nextRangeFc)), 200);
                return status(m.call(r, 'DELETE', `/cards/visitors/range/${created.id}`, { account_id: accountFor(r, t) }));
            },
            expect404Outside('visitors', 'write', 204),
        ));

    it('GET /cards/visitors', () =>
        expectTable((r, t) => status(m.call(r, 'GET', `/cards/visitors?account_id=${accountFor(r, t)}`)), scoped('visitors', 'read', 200)));

    it('POST /cards/visitors', () =>
        expectTable(
            (r, t) =>
                status(m.call(r, 'POST', '/cards/visitors', { ...visitorCard(), acs_id: `VIS-${++seq}`, account_id: accountFor(r, t) })),
            scoped('visitors', 'write', 201),
        ));

    it('DELETE /cards/visitors/:id (the badge id of a visitor of the target account)', () =>
        expectTable(
            async (r, t) => {
                const visitor = await newVisitor(accountFor(r, t));
                return status(m.call(r, 'DELETE', `/cards/visitors/${visitor.badges[0]!.id}`));
            },
            expect404Outside('visitors', 'write', 204),
        ));
});

describe('profile routes: every role in its own, a descendant and an unrelated account', () => {
    it('GET /profiles/export', () =>
        expectTable(
            (r, t) => status(m.call(r, 'GET', `/profiles/export?account_id=${accountFor(r, t)}`)),
            scoped('profiles', 'export', 200),
        ));

    it('GET /profiles/aggregate/status', () =>
        expectTable(
            (r, t) => status(m.call(r, 'GET', `/profiles/aggregate/status?account_id=${accountFor(r, t)}`)),
            scoped('profiles', 'read', 200),
        ));

    it('GET /profiles/expiration_time', () =>
        expectTable(
            (r, t) => status(m.call(r, 'GET', `/profiles/expiration_time?account_id=${accountFor(r, t)}`)),
            scoped('profiles', 'read', 200),
        ));

    it('DELETE /profiles/bulk: deletes the profiles in scope, skips the others', async () => {
        const outcome: string[] = [];
        await expectTable(
            async (r, t) => {
                const profile = await newProfile(accountFor(r, t));
                const res = await m.call(r, 'DELETE', '/profiles/bulk', { ids: [profile.id], account_id: accountFor(r, t) });
                const left = (await m.asAdmin('GET', `/profiles/${profile.id}`)).statusCode;
                outcome.push(
                    `${r}/${t}: deleted ${res.statusCode === 200 ? res.json().deleted : '-'}, profile ${left === 200 ? 'kept' : 'gone'}`,
                );
                return res.statusCode;
            },
            // the route takes the ids it may act on and skips the others: 200 in and out of scope, the count says which
            scoped('profiles', 'bulk_delete', 200, 200),
        );
        expect(outcome).toEqual(
            ROLES.flatMap(r =>
                TARGETS.map(t => {
                    if (!can(r, 'profiles', 'bulk_delete')) return `${r}/${t}: deleted -, profile kept`;
                    return inScope(r, t) ? `${r}/${t}: deleted 1, profile gone` : `${r}/${t}: deleted 0, profile kept`;
                }),
            ),
        );
    });

    it('POST /profiles/:id/consent', () =>
        expectTable(
            async (r, t) => status(uploadConsent(m.tokens[r], (await newProfile(accountFor(r, t))).id)),
            expect404Outside('profiles', 'write', 200),
        ));

    it('GET /profiles/:id/download_consent', () =>
        expectTable(
            async (r, t) => {
                const profile = await newProfile(accountFor(r, t));
                await made(uploadConsent(m.tokens.admin, profile.id), 200);
                return status(m.call(r, 'GET', `/profiles/${profile.id}/download_consent`));
            },
            expect404Outside('profiles', 'read', 200),
        ));
});

describe('SPEC 6.2: opt-out, adaptive, visitors: manager and above write; user read', () => {
    const writers: Role[] = ['admin', 'dealer', 'installer', 'moderator', 'manager'];

    it('the rights table says so', () => {
        for (const resource of ['optOut', 'adaptive', 'visitors'] as const)
            for (const role of ROLES) {
                expect(can(role, resource, 'read'), `${role} ${resource} read`).toBe(true);
                expect(can(role, resource, 'write'), `${role} ${resource} write`).toBe(writers.includes(role));
            }
    });

    it('every role reads the adaptive list, visitor ranges and visitors of its own account', async () => {
        for (const path of ['/cards/adaptive', '/cards/visitors/range', '/cards/visitors'])
            await expectRoles(
                r => status(m.call(r, 'GET', `${path}?account_id=${accountFor(r, 'own')}`)),
                () => 200,
            );
    });

    it('a user gets 403 on their writes in its own account; a manager and above write them', async () => {
        const writes = (ok: number) => (r: Role) => (writers.includes(r) ? ok : 403);
        await expectRoles(
            r => status(m.call(r, 'POST', '/cards/adaptive', { ...listCard(), account_id: accountFor(r, 'own') })),
            writes(201),
        );
        await expectRoles(async r => {
            const entry = await listed('/cards/adaptive', accountFor(r, 'own'));
            return status(m.call(r, 'DELETE', `/cards/adaptive/${entry.id}`, { account_id: accountFor(r, 'own') }));
        }, writes(204));
        await expectRoles(
            r => status(m.call(r, 'POST', '/cards/adaptive/bulk', { add: [listCard()], account_id: accountFor(r, 'own') })),
            writes(200),
        );
        await expectRoles(
            r =>
                status(
                    patch(r, '/cards/visitors/range', {
                        account_id: accountFor(r, 'own'),
                        card_format_id: h10301,
                        facility_code: ++nextRangeFc,
                        first_number: 10,
                        last_number: 20,
                    }),
                ),
            writes(200),
        );
        await expectRoles(
            r => status(m.call(r, 'POST', '/cards/visitors', { ...visitorCard(), account_id: accountFor(r, 'own') })),
            writes(201),
        );
        await expectRoles(async r => {
            const visitor = await newVisitor(accountFor(r, 'own'));
            return status(m.call(r, 'DELETE', `/cards/visitors/${visitor.badges[0]!.id}`));
        }, writes(204));
    });

    it('the user sees what a manager of its account adds: the adaptive entry and the visitor', async () => {
        const account = accountFor('manager', 'own');
        expect(accountFor('user', 'own')).toBe(account);
        const badge = listCard();
        const entry = await made(m.call('manager', 'POST', '/cards/adaptive', { ...badge, account_id: account }), 201);
        const adaptive = await made(m.call('user', 'GET', `/cards/adaptive?account_id=${account}&q=${badge.badge_number}`), 200);
        expect((adaptive.result as { id: number }[]).map(e => e.id)).toEqual([entry.id]);
        const visiting = visitorCard();
        const visitor = await made(m.call('manager', 'POST', '/cards/visitors', { ...visiting, account_id: account }), 201);
        const visitors = await made(m.call('user', 'GET', `/cards/visitors?account_id=${account}&q=${visiting.badge_number}`), 200);
        expect((visitors.result as { profile_id: number }[]).map(v => v.profile_id)).toEqual([visitor.id]);
    });
});

import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Action, type Resource } from '../../../contract/rights';
import { ROLES, type Role } from '../../../contract/roles';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';
import { rootfsArtifact, tempDir } from './artifacts';
import { approvedReader, upload } from './helpers';

/**
 * SPEC 6.2 for firmware: deployments and artifacts are written by admin,
 * dealer, installer and moderator; manager and user have no right at all.
 * Each role acts in its own account, a descendant and an unrelated one
 * (as tests/server/permissions/matrix.test.ts does): ids of another tenant
 * answer 404, an account out of scope named in account_id 403.
 */
type Target = 'own' | 'descendant' | 'unrelated';
const TARGETS: Target[] = ['own', 'descendant', 'unrelated'];

let p: TestPlatform;
let dir: string;
const tokens = {} as Record<Role, string>;
const ownAccount = {} as Record<Role, number>;
let accountOf: Record<Exclude<Target, 'own'>, number>;
/** the platform's artifact, usable everywhere, and one approved reader per account */
let platformArtifact: number;
const readerIn = new Map<number, number>();
let seq = 0;

beforeAll(async () => {
    p = await startPlatform();
    dir = tempDir();
    tokens.admin = await p.login(ADMIN.email);
    ownAccount.admin = p.mainAccountId;
    for (const role of ROLES.filter(r => r !== 'admin')) {
        tokens[role] = await p.login(p.demo.dealer.users[role].email);
        ownAccount[role] = p.demo.dealer.id;
    }
    accountOf = { descendant: p.demo.customers[0].id, unrelated: p.demo.otherCustomer.id };
    const res = await upload(
        p,
        tokens.admin,
        p.mainAccountId,
        fs.readFileSync(rootfsArtifact(dir, { name: 'platform-1.0', deviceTypes: ['rock-gen2'] })),
    );
    platformArtifact = res.json().id;
    const admin = await p.as(ADMIN.email);
    for (const account of [p.mainAccountId, p.demo.dealer.id, accountOf.descendant, accountOf.unrelated])
        readerIn.set(account, (await approvedReader(p, admin, account, 'rock-gen2')).id);
}, 120_000);
afterAll(async () => {
    await p?.close();
    fs.rmSync(dir, { recursive: true, force: true });
});

const accountFor = (role: Role, target: Target) => (target === 'own' ? ownAccount[role] : accountOf[target]);
const inScope = (role: Role, target: Target) =>
    role === 'admin' || target === 'own' || (target === 'descendant' && (role === 'dealer' || role === 'installer'));
const call = (role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    p.call(tokens[role], { method, url: `/api/v2${url}`, ...(payload ? { payload } : {}) });
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => call('admin', method, url, payload);

const artifactIn = async (accountId: number) => {
    const res = await upload(
        p,
        tokens.admin,
        accountId,
        fs.readFileSync(rootfsArtifact(dir, { name: `rights-${++seq}`, deviceTypes: ['rock-gen2'], payloadBytes: 2048 })),
    );
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
};
const deploymentIn = async (accountId: number) => {
    const res = await asAdmin('POST', '/deployments', {
        name: `rights-${++seq}`,
        artifact_id: platformArtifact,
        device_ids: [readerIn.get(accountId)!],
        phases: [{}],
        account_id: accountId,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
};
/** Keys make unsigned firmware undeployable: the key cases leave none behind. */
const clearKeys = async () => {
    for (const account of [p.mainAccountId, p.demo.dealer.id, accountOf.descendant, accountOf.unrelated]) {
        for (const key of (await asAdmin('GET', `/firmware_keys?account_id=${account}`)).json().result as {
            id: number;
            inherited: boolean;
        }[]) {
            if (!key.inherited) await asAdmin('DELETE', `/firmware_keys/${key.id}`);
        }
    }
};
const newKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

interface Case {
    name: string;
    run: (role: Role, target: Target) => Promise<number>;
    expected: (role: Role, target: Target) => number;
}
/** The right first (403), then the account named in account_id (403 out of scope). */
const scoped = (resource: Resource, action: Action, ok: number) => (role: Role, target: Target) =>
    !can(role, resource, action) ? 403 : inScope(role, target) ? ok : 403;
/** The right first (403), then the record's tenant (404 out of scope). */
const byId = (resource: Resource, action: Action, ok: number) => (role: Role, target: Target) =>
    !can(role, resource, action) ? 403 : inScope(role, target) ? ok : 404;

const CASES: Case[] = [
    {
        name: 'GET /artifacts',
        run: (r, t) => call(r, 'GET', `/artifacts?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('artifacts', 'read', 200),
    },
    {
        name: 'POST /artifacts',
        run: async (r, t) =>
            (
                await upload(
                    p,
                    tokens[r],
                    accountFor(r, t),
                    fs.readFileSync(rootfsArtifact(dir, { name: `upload-${++seq}`, deviceTypes: ['rock-gen2'], payloadBytes: 2048 })),
                )
            ).statusCode,
        expected: scoped('artifacts', 'write', 201),
    },
    {
        name: 'GET /artifacts/:id',
        run: async (r, t) => (await call(r, 'GET', `/artifacts/${await artifactIn(accountFor(r, t))}`)).statusCode,
        expected: byId('artifacts', 'read', 200),
    },
    {
        name: 'DELETE /artifacts/:id',
        run: async (r, t) => (await call(r, 'DELETE', `/artifacts/${await artifactIn(accountFor(r, t))}`)).statusCode,
        expected: byId('artifacts', 'write', 204),
    },
    {
        name: 'GET /firmware_keys',
        run: (r, t) => call(r, 'GET', `/firmware_keys?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('artifacts', 'read', 200),
    },
    {
        name: 'POST /firmware_keys',
        run: (r, t) =>
            call(r, 'POST', '/firmware_keys', { name: 'Key', pem: newKey(), account_id: accountFor(r, t) }).then(x => x.statusCode),
        expected: scoped('artifacts', 'write', 201),
    },
    {
        name: 'DELETE /firmware_keys/:id',
        run: async (r, t) => {
            const key = (await asAdmin('POST', '/firmware_keys', { name: 'Doomed', pem: newKey(), account_id: accountFor(r, t) })).json();
            return (await call(r, 'DELETE', `/firmware_keys/${key.id}`)).statusCode;
        },
        expected: byId('artifacts', 'write', 204),
    },
    {
        name: 'GET /deployments',
        run: (r, t) => call(r, 'GET', `/deployments?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('deployments', 'read', 200),
    },
    {
        name: 'GET /deployments/candidates',
        run: (r, t) =>
            call(r, 'GET', `/deployments/candidates?artifact_id=${platformArtifact}&account_id=${accountFor(r, t)}`).then(
                x => x.statusCode,
            ),
        expected: scoped('deployments', 'read', 200),
    },
    {
        name: 'GET /deployments/candidates/counts',
        run: (r, t) => call(r, 'GET', `/deployments/candidates/counts?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('deployments', 'read', 200),
    },
    {
        name: 'POST /deployments',
        run: (r, t) =>
            call(r, 'POST', '/deployments', {
                name: `by-${r}-${++seq}`,
                artifact_id: platformArtifact,
                device_ids: [readerIn.get(accountFor(r, t))!],
                phases: [{}],
                account_id: accountFor(r, t),
            }).then(x => x.statusCode),
        expected: scoped('deployments', 'write', 201),
    },
    {
        name: 'GET /deployments/:id',
        run: async (r, t) => (await call(r, 'GET', `/deployments/${await deploymentIn(accountFor(r, t))}`)).statusCode,
        expected: byId('deployments', 'read', 200),
    },
    {
        name: 'GET /deployments/:id/devices',
        run: async (r, t) => (await call(r, 'GET', `/deployments/${await deploymentIn(accountFor(r, t))}/devices`)).statusCode,
        expected: byId('deployments', 'read', 200),
    },
    {
        name: 'PUT /deployments/:id/abort',
        run: async (r, t) => (await call(r, 'PUT', `/deployments/${await deploymentIn(accountFor(r, t))}/abort`, {})).statusCode,
        expected: byId('deployments', 'write', 200),
    },
];

describe('every role in its own, a descendant and an unrelated account', () => {
    for (const c of CASES) {
        it(
            c.name,
            async () => {
                const got: string[] = [];
                const want: string[] = [];
                for (const role of ROLES)
                    for (const target of TARGETS) {
                        got.push(`${role}/${target}: ${await c.run(role, target)}`);
                        want.push(`${role}/${target}: ${c.expected(role, target)}`);
                    }
                await clearKeys();
                expect(got).toEqual(want);
            },
            60_000,
        );
    }
});

describe('what is seen from below', () => {
    it('an account sees the firmware of the accounts above it, but may not delete it; a deployment may target only its readers', async () => {
        const moderator = await p.as(p.demo.customers[0].users.moderator.email);
        const listed = (await moderator('GET', '/artifacts?per_page=1000')).json().result.map((a: { id: number }) => a.id);
        expect(listed).toContain(platformArtifact);
        expect((await moderator('DELETE', `/artifacts/${platformArtifact}`)).statusCode).toBe(403);
        // The dealer's reader is not the customer's to update.
        const res = await moderator('POST', '/deployments', {
            name: 'reach',
            artifact_id: platformArtifact,
            device_ids: [readerIn.get(p.demo.dealer.id)!],
            phases: [{}],
        });
        expect(res.statusCode).toBe(400);
        // A dealer's deployment reaches the readers of its customers.
        const dealer = await p.as(p.demo.dealer.users.dealer.email);
        const reach = await dealer('POST', '/deployments', {
            name: 'reach',
            artifact_id: platformArtifact,
            device_ids: [readerIn.get(p.demo.dealer.id)!, readerIn.get(accountOf.descendant)!],
            phases: [{}],
        });
        expect(reach.statusCode).toBe(201);
        expect(reach.json().device_count).toBe(2);
    });
});

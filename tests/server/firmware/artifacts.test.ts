import fc from 'fast-check';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRMWARE_MESSAGES } from '../../../contract/firmware';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { makeKeys, moduleArtifact, rootfsArtifact, sha256, tempDir, type Keys } from './artifacts';
import { corruptVariants, type Corrupt } from './corrupt';
import { multipart, storedBytes, storedFiles, upload } from './helpers';

/**
 * POST /artifacts and the Updates screen's API: what an upload stores and
 * refuses (SPEC 5, 8.3), which accounts see an artifact, signatures against
 * the account's public keys, and delete.
 */

let p: TestPlatform;
let admin: ApiCaller;
let adminToken: string;
let dir: string;
let keys: Keys;
const files: Record<string, Buffer> = {};
let corrupt: Corrupt[];

beforeAll(async () => {
    p = await startPlatform();
    adminToken = await p.login(ADMIN.email);
    admin = (method, url, payload) => p.call(adminToken, { method, url: `/api/v2${url}`, ...(payload ? { payload } : {}) });
    dir = tempDir();
    keys = makeKeys(dir);
    const make = (name: string, file: string) => (files[name] = fs.readFileSync(file));
    make('release', rootfsArtifact(dir, { name: 'release-3.0', deviceTypes: ['rock-gen2', 'rock-gen3'] }));
    make('plain', rootfsArtifact(dir, { name: 'release-3.0-plain', deviceTypes: ['rock-gen2'], compression: 'none' }));
    make('xz', rootfsArtifact(dir, { name: 'release-3.0-xz', deviceTypes: ['rock-gen2'], compression: 'lzma' }));
    make('v2', rootfsArtifact(dir, { name: 'release-old', deviceTypes: ['rock-gen2'], version: 2 }));
    make('otherType', rootfsArtifact(dir, { name: 'release-3.0', deviceTypes: ['rock-mini'] }));
    make('rsa', rootfsArtifact(dir, { name: 'release-3.1-rsa', deviceTypes: ['rock-gen3'], key: keys.rsaKey }));
    make('ecdsa', rootfsArtifact(dir, { name: 'release-3.1-ecdsa', deviceTypes: ['rock-mini'], key: keys.ecKey }));
    make('module', moduleArtifact(dir, { name: 'door-app-3', deviceTypes: ['rock-mini'], type: 'single-file' }));
    make('unsigned', rootfsArtifact(dir, { name: 'release-3.1', deviceTypes: ['rock-gen3'] }));
    corrupt = await corruptVariants({ gzip: files.release!, plain: files.plain!, xz: files.xz!, v2: files.v2! });
}, 120_000);
afterAll(async () => {
    await p?.close();
    fs.rmSync(dir, { recursive: true, force: true });
});

const dealer = () => p.demo.dealer.id;
const customer = () => p.demo.customers[0].id;
const byName = async (accountId: number, name: string) =>
    (
        (await admin('GET', `/artifacts?account_id=${accountId}&q=${name}&per_page=100`)).json().result as {
            name: string;
            compatibility: string[];
        }[]
    ).filter(a => a.name === name);

describe('uploading', () => {
    it('stores the file and what its headers say', async () => {
        const res = await upload(p, adminToken, dealer(), files.release!, 'release-3.0.mender', { description: 'Spring release' });
        expect(res.statusCode).toBe(201);
        const artifact = res.json();
        expect(artifact).toMatchObject({
            name: 'release-3.0',
            account_id: dealer(),
            size: files.release!.length,
            compatibility: ['rock-gen2', 'rock-gen3'],
            signed: false,
            verification: null,
            payload_type: 'rootfs-image',
            checksum: sha256(files.release!),
            file_name: 'release-3.0.mender',
            description: 'Spring release',
        });
        expect(artifact.provides).toMatchObject({ artifact_name: 'release-3.0', 'rootfs-image.version': 'release-3.0' });
        const stored = storedFiles(p);
        expect(stored).toHaveLength(1);
        expect(storedBytes(p, stored[0]!).equals(files.release!)).toBe(true);
        expect((await admin('GET', `/artifacts/${artifact.id}`)).json().name).toBe('release-3.0');
    });

    it('accepts module and uncompressed and xz artifacts', async () => {
        for (const [file, type] of [
            ['module', 'single-file'],
            ['plain', 'rootfs-image'],
            ['xz', 'rootfs-image'],
        ] as const) {
            const res = await upload(p, adminToken, dealer(), files[file]!);
            expect(res.statusCode, file).toBe(201);
            expect(res.json().payload_type).toBe(type);
        }
    });

    it('refuses with the SPEC 8.3 texts a file without a name or not ending in .mender, and a request without a file', async () => {
        const before = storedFiles(p).length;
        const wrong = await upload(p, adminToken, dealer(), files.module!, 'firmware.tar');
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toMatchObject({ error: FIRMWARE_MESSAGES.wrongExtension, request_id: expect.any(String) });
        const unnamed = await upload(p, adminToken, dealer(), files.module!, '');
        expect(unnamed.statusCode).toBe(400);
        expect(unnamed.json().error).toBe(FIRMWARE_MESSAGES.noFileName);
        const body = await multipart({ account_id: String(dealer()), description: 'no file' });
        const none = await p.call(adminToken, { method: 'POST', url: '/api/v2/artifacts', payload: body.payload, headers: body.headers });
        expect(none.statusCode).toBe(400);
        expect(none.json().error).toBe(FIRMWARE_MESSAGES.fileRequired);
        expect(storedFiles(p).length).toBe(before);
    });

    it('refuses every damaged artifact with its reason and keeps nothing of it', async () => {
        const before = storedFiles(p);
        for (const c of corrupt) {
            // In an account where nothing is uploaded yet, so no refusal is for a duplicate.
            const res = await upload(p, adminToken, p.demo.otherCustomer.id, c.data, `${c.name.replace(/\W+/g, '-')}.mender`);
            expect(res.statusCode, c.name).toBe(400);
            expect(res.json().error, c.name).toMatch(c.error);
            expect(storedFiles(p), c.name).toEqual(before);
        }
        expect((await admin('GET', `/artifacts?account_id=${p.demo.otherCustomer.id}`)).json().count).toBe(0);
    });

    it('refuses a second artifact of the same name for a device type already served (409), and keeps nothing of it', async () => {
        const before = storedFiles(p);
        const again = await upload(p, adminToken, dealer(), files.release!);
        expect(again.statusCode).toBe(409);
        expect(again.json().error).toBe(FIRMWARE_MESSAGES.duplicate);
        // Below the dealer the dealer's artifact is visible, so the same name and type is a duplicate there too.
        expect((await upload(p, adminToken, customer(), files.release!)).statusCode).toBe(409);
        expect(storedFiles(p)).toEqual(before);
        // The same name for another device type is another artifact.
        expect((await upload(p, adminToken, dealer(), files.otherType!)).statusCode).toBe(201);
        // And under another dealer nothing clashes.
        expect((await upload(p, adminToken, p.demo.otherCustomer.id, files.release!)).statusCode).toBe(201);
        expect((await byName(dealer(), 'release-3.0')).map(a => a.compatibility)).toEqual(
            expect.arrayContaining([['rock-gen2', 'rock-gen3'], ['rock-mini']]),
        );
    });

    it('refuses a file over the size limit with 413 and keeps nothing', async () => {
        const small = await startPlatform({ firmwareMaxBytes: 20_000 });
        try {
            const token = await small.login(ADMIN.email);
            const res = await upload(small, token, small.mainAccountId, files.release!);
            expect(res.statusCode).toBe(413);
            expect(res.json().error).toBe('The firmware file is larger than the 20000 bytes allowed.');
            expect(storedFiles(small)).toEqual([]);
        } finally {
            await small.close();
        }
    });

    it('never answers a random upload with a server error, and keeps nothing (fast-check)', async () => {
        const before = storedFiles(p);
        await fc.assert(
            fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), async bytes => {
                const res = await upload(p, adminToken, customer(), Buffer.from(bytes), 'random.mender');
                expect(res.statusCode).toBe(400);
                expect(res.json()).toMatchObject({ error: expect.any(String), request_id: expect.any(String) });
            }),
            { numRuns: 60 },
        );
        expect(storedFiles(p)).toEqual(before);
    });
});

describe('which accounts see an artifact', () => {
    it('an artifact is listed in its account and below it, not beside it; another tenant’s is 404', async () => {
        const [mine] = await byName(dealer(), 'door-app-3');
        expect(mine).toBeDefined();
        expect(await byName(customer(), 'door-app-3')).toHaveLength(1);
        expect(await byName(p.demo.otherCustomer.id, 'door-app-3')).toEqual([]);
        const id = (mine as unknown as { id: number }).id;
        const moderator = await p.as(p.demo.customers[0].users.moderator.email);
        expect((await moderator('GET', `/artifacts/${id}`)).statusCode).toBe(200);
        const stranger = await p.as(p.demo.otherCustomer.users.moderator.email);
        expect((await stranger('GET', `/artifacts/${id}`)).statusCode).toBe(404);
    });
});

describe('signatures and the account’s public keys', () => {
    it('a signed artifact shows signed; with keys configured it shows verified or unverified, keys above apply below', async () => {
        const rsa = (await upload(p, adminToken, customer(), files.rsa!)).json();
        expect(rsa).toMatchObject({ signed: true, verification: null, verified_by: null });
        const unsigned = (await upload(p, adminToken, p.demo.customers[1].id, files.unsigned!)).json();
        expect(unsigned).toMatchObject({ signed: false, verification: null });

        // A key on the dealer applies to its customers: the RSA artifact verifies, the unsigned one does not.
        const added = await admin('POST', '/firmware_keys', { name: 'Release signing', pem: keys.rsaPub, account_id: dealer() });
        expect(added.statusCode).toBe(201);
        expect(added.json()).toMatchObject({ algorithm: 'rsa', details: 'RSA 2048', inherited: false });
        expect((await admin('GET', `/artifacts/${rsa.id}`)).json()).toMatchObject({
            verification: 'verified',
            verified_by: { name: 'Release signing' },
        });
        expect((await admin('GET', `/artifacts/${unsigned.id}`)).json().verification).toBe('unverified');

        // An ECDSA artifact signed by a key the accounts do not have is unverified, until that key is added.
        const ecdsa = (await upload(p, adminToken, customer(), files.ecdsa!)).json();
        expect(ecdsa).toMatchObject({ signed: true, verification: 'unverified' });
        const ecKey = (await admin('POST', '/firmware_keys', { name: 'Module signing', pem: keys.ecPub, account_id: customer() })).json();
        expect(ecKey).toMatchObject({ algorithm: 'ecdsa', details: 'P-256' });
        expect((await admin('GET', `/artifacts/${ecdsa.id}`)).json().verification).toBe('verified');

        // The customer sees the dealer's key as inherited, and cannot remove it.
        const moderator = await p.as(p.demo.customers[0].users.moderator.email);
        const listed = (await moderator('GET', `/firmware_keys?account_id=${customer()}`)).json().result;
        expect(listed.map((k: { name: string; inherited: boolean }) => [k.name, k.inherited])).toEqual([
            ['Release signing', true],
            ['Module signing', false],
        ]);
        expect((await moderator('DELETE', `/firmware_keys/${added.json().id}`)).statusCode).toBe(403);

        // Removing the key makes what it verified unverified.
        expect((await admin('DELETE', `/firmware_keys/${added.json().id}`)).statusCode).toBe(204);
        expect((await admin('GET', `/artifacts/${rsa.id}`)).json()).toMatchObject({ verification: 'unverified', verified_by: null });
    });

    it('refuses a text that is not a public key, an unsupported key, and the same key twice', async () => {
        const notKey = await admin('POST', '/firmware_keys', {
            name: 'Junk',
            pem: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----',
            account_id: dealer(),
        });
        expect(notKey.statusCode).toBe(400);
        expect(notKey.json().fields.pem).toMatch(/PEM public key/);
        expect((await admin('POST', '/firmware_keys', { name: 'Other', pem: keys.otherPub, account_id: dealer() })).statusCode).toBe(201);
        const twice = await admin('POST', '/firmware_keys', { name: 'Other again', pem: keys.otherPub, account_id: dealer() });
        expect(twice.statusCode).toBe(409);
    });
});

describe('deleting', () => {
    it('removes the record and the file; an artifact of an account above is not the caller’s to delete', async () => {
        const [doomed] = (await admin('GET', `/artifacts?account_id=${dealer()}&q=release-3.0-plain`)).json().result;
        const moderator = await p.as(p.demo.customers[0].users.moderator.email);
        const refused = await moderator('DELETE', `/artifacts/${doomed.id}`);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toMatch(/belongs to Northwind Security/);
        const count = storedFiles(p).length;
        expect((await admin('DELETE', `/artifacts/${doomed.id}`)).statusCode).toBe(204);
        expect((await admin('GET', `/artifacts/${doomed.id}`)).statusCode).toBe(404);
        expect(storedFiles(p)).toHaveLength(count - 1);
    });
});

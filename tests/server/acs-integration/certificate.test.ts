import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACS_MESSAGES } from '../../../contract/acsIntegration';
import { selfSignedCertificate } from '../../../server/demo/genetec/simulator';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';

/** POST /accounts/{id}/cert with a file in the multipart field "file", as the console sends it. */
const multipart = (content: string | Buffer, filename = 'server.pem') => {
    const boundary = '----certificate';
    return {
        payload: Buffer.concat([
            Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/x-pem-file\r\n\r\n`,
            ),
            Buffer.isBuffer(content) ? content : Buffer.from(content),
            Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
};

let p: TestPlatform;
let token: string;
let account: number;
let cert: { key: string; cert: string };
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
    p = await startPlatform();
    token = await p.login(ADMIN.email);
    account = p.demo.customers[0].id;
    cert = selfSignedCertificate('sc.contoso.example');
});
afterAll(() => p?.close());

const upload = (content: string | Buffer, filename?: string) =>
    p.call(token, { method: 'POST', url: `/api/v2/accounts/${account}/cert`, ...multipart(content, filename) });
const read = () => p.call(token, { method: 'GET', url: `/api/v2/accounts/${account}/cert` });

describe("the account's certificate in PEM format (SPEC 3)", () => {
    it('reads a real certificate: subject, issuer, serial, validity and SHA-256 fingerprint', async () => {
        const res = await upload(cert.cert);
        expect(res.statusCode, res.body).toBe(200);
        const x509 = new X509Certificate(cert.cert);
        const body = res.json();
        expect(body).toMatchObject({
            subject: 'CN=sc.contoso.example, O=Genetec simulator',
            issuer: 'CN=sc.contoso.example, O=Genetec simulator',
            serial: x509.serialNumber,
            fingerprint_sha256: x509.fingerprint256,
            expired: false,
            uploaded_by: expect.any(String),
        });
        const notAfter = new Date(body.not_after).getTime();
        expect(Math.abs(notAfter - (Date.now() + 30 * DAY))).toBeLessThan(DAY);
        expect((await read()).json()).toEqual(body);
    });

    it('takes the certificate as JSON {pem} too, and a later upload replaces the earlier one', async () => {
        const other = selfSignedCertificate('other.example');
        const res = await p.call(token, { method: 'POST', url: `/api/v2/accounts/${account}/cert`, payload: { pem: other.cert } });
        expect(res.statusCode, res.body).toBe(200);
        expect((await read()).json().subject).toBe('CN=other.example, O=Genetec simulator');
        expect((await upload(cert.cert)).statusCode).toBe(200);
    });

    it('refuses what is not exactly one PEM certificate, with a clear text, and keeps the stored one', async () => {
        const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
        const der = new X509Certificate(cert.cert).raw;
        const cases: [string, string | Buffer, string][] = [
            ['garbage', 'hello, this is not a certificate', ACS_MESSAGES.notPem],
            ['a private key', key, ACS_MESSAGES.privateKey],
            ['a certificate with its private key below it', `${cert.cert}${cert.key}`, ACS_MESSAGES.privateKey],
            ['DER bytes', der, ACS_MESSAGES.notPem],
            ['an empty file', '', ACS_MESSAGES.notPem],
            ['two certificates', `${cert.cert}${selfSignedCertificate('b.example').cert}`, ACS_MESSAGES.oneCertificate],
            ['a corrupted body', cert.cert.replace(/\n[A-Za-z0-9+/]{20}/, '\nAAAAAAAAAAAAAAAAAAAA'), ACS_MESSAGES.notPem],
        ];
        for (const [what, content, text] of cases) {
            const res = await upload(content);
            expect([what, res.statusCode, res.json().error]).toEqual([what, 400, text]);
        }
        const json = await p.call(token, { method: 'POST', url: `/api/v2/accounts/${account}/cert`, payload: { pem: key } });
        expect([json.statusCode, json.json().error]).toEqual([400, ACS_MESSAGES.privateKey]);
        expect((await read()).json().subject).toBe('CN=sc.contoso.example, O=Genetec simulator');
    });

    it('keeps an expired certificate and flags it', async () => {
        p.clock.offsetMs = 31 * DAY;
        try {
            expect((await read()).json().expired).toBe(true);
            const res = await upload(cert.cert);
            expect(res.statusCode).toBe(200);
            expect(res.json().expired).toBe(true);
        } finally {
            p.clock.offsetMs = 0;
        }
    });

    it('is removed by DELETE, after which GET answers 404; nothing of the key or the PEM is in the audit log', async () => {
        expect((await p.call(token, { method: 'DELETE', url: `/api/v2/accounts/${account}/cert` })).statusCode).toBe(204);
        expect((await read()).statusCode).toBe(404);
        expect((await p.call(token, { method: 'DELETE', url: `/api/v2/accounts/${account}/cert` })).statusCode).toBe(404);
        const audit = await p.call(token, { method: 'GET', url: `/api/v2/audit_logs?account_id=${account}&resource=acsIntegration` });
        expect(audit.json().result.map((e: { entity: string; action: string }) => `${e.entity} ${e.action}`)).toContain(
            'ACS certificate delete',
        );
        expect(audit.body).not.toContain('BEGIN');
    });
});

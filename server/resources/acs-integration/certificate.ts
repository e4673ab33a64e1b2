import { X509Certificate } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ACS_MESSAGES } from '../../../contract/acsIntegration';
import type { Db } from '../../db/database';
import { accountCertificates } from '../../db/schema';
import { badRequest } from '../../http/errors';

export type CertificateRow = typeof accountCertificates.$inferSelect;
export type ParsedCertificate = Omit<CertificateRow, 'account_id' | 'uploaded_at' | 'uploaded_by'>;

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END \1-----/g;

/**
 * Reads an uploaded certificate (SPEC 3 "a certificate in PEM format"):
 * exactly one PEM CERTIFICATE block, which node:crypto must parse. DER bytes,
 * a private key, several certificates or anything else are refused with a
 * text that says what was wrong. An expired certificate is kept (the
 * console shows it in red): replacing it is the operator's call.
 */
export const parseCertificatePem = (input: string | Buffer): ParsedCertificate => {
    const text = typeof input === 'string' ? input : input.toString('utf8');
    const blocks = [...text.matchAll(PEM_BLOCK)];
    const certificates = blocks.filter(b => b[1] === 'CERTIFICATE');
    if (certificates.length === 0) {
        if (blocks.some(b => b[1]!.includes('PRIVATE KEY')) || /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text))
            throw badRequest(ACS_MESSAGES.privateKey);
        throw badRequest(ACS_MESSAGES.notPem);
    }
    if (certificates.length > 1) throw badRequest(ACS_MESSAGES.oneCertificate);
    // Anything beside the one block (a key pasted below it, garbage) is refused: a private key must never be stored here.
    const rest = text.replace(certificates[0]![0], '').trim();
    if (/PRIVATE KEY/.test(rest)) throw badRequest(ACS_MESSAGES.privateKey);
    if (rest) throw badRequest(ACS_MESSAGES.notPem);
    const pem = `${certificates[0]![0].replace(/\r\n/g, '\n')}\n`;
    let cert: X509Certificate;
    try {
        cert = new X509Certificate(pem);
    } catch {
        throw badRequest(ACS_MESSAGES.notPem);
    }
    return {
        pem,
        subject: cert.subject.replace(/\n/g, ', '),
        issuer: cert.issuer.replace(/\n/g, ', '),
        serial: cert.serialNumber,
        not_before: new Date(cert.validFrom),
        not_after: new Date(cert.validTo),
        fingerprint_sha256: cert.fingerprint256,
    };
};

export const toCertificate = (row: CertificateRow, now: Date) => ({
    subject: row.subject,
    issuer: row.issuer,
    serial: row.serial,
    not_before: row.not_before.toISOString(),
    not_after: row.not_after.toISOString(),
    fingerprint_sha256: row.fingerprint_sha256,
    expired: row.not_after.getTime() < now.getTime(),
    uploaded_at: row.uploaded_at.toISOString(),
    uploaded_by: row.uploaded_by,
});

export const findCertificate = async (db: Db, accountId: number): Promise<CertificateRow | undefined> =>
    (await db.select().from(accountCertificates).where(eq(accountCertificates.account_id, accountId)).limit(1))[0];

export const saveCertificate = async (db: Db, accountId: number, parsed: ParsedCertificate, uploadedBy: string | null) =>
    (
        await db
            .insert(accountCertificates)
            .values({ account_id: accountId, ...parsed, uploaded_by: uploadedBy })
            .onConflictDoUpdate({
                target: accountCertificates.account_id,
                set: { ...parsed, uploaded_by: uploadedBy, uploaded_at: sql`now()` },
            })
            .returning()
    )[0]!;

export const deleteCertificate = async (db: Db, accountId: number) =>
    (await db.delete(accountCertificates).where(eq(accountCertificates.account_id, accountId)).returning())[0];

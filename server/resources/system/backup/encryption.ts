import { createCipheriv, createDecipheriv, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { Transform } from 'node:stream';

/**
 * A backup encrypted with BACKUP_KEY (docs/decisions.md "Backups at rest"):
 *
 *   header   'ACBKENC1' | scrypt log2(N), r, p (1 byte each) | salt (16) | key check (16)
 *   chunks   each up to 64 KiB of the tar, sealed with AES-256-GCM: ciphertext, then its 16-byte tag
 *
 * The key is 32 bytes of scrypt(BACKUP_KEY, salt), a new salt each backup,
 * so each file has its own key and the chunks' nonces are simply their
 * number (11 bytes, big-endian) and a last byte that is 1 on the last chunk:
 * a file cut at a chunk's end, or chunks swapped, fails authentication. The
 * header is every chunk's additional data. The key check, 16 more bytes of
 * scrypt's output, tells a wrong key from a damaged file before anything is
 * read. Chunks keep every GCM message small whatever the backup's size, and
 * let a restore stream the backup as it does a plain one.
 */

const MAGIC = Buffer.from('ACBKENC1');
const SALT_BYTES = 16;
const CHECK_BYTES = 16;
export const ENCRYPTION_HEADER_BYTES = MAGIC.length + 3 + SALT_BYTES + CHECK_BYTES;
/** plain bytes a chunk holds, and its tag */
const CHUNK = 64 * 1024;
const TAG = 16;
/** scrypt's cost: 2^15 × 8 × 128 bytes = 32 MiB of memory, some 100 ms, once a backup */
const COST = { logN: 15, r: 8, p: 1 };
/** what a header may ask of scrypt: a damaged or hostile one does not take the server's memory */
const MAX_COST = { logN: 20, r: 16, p: 4 };

/** The chunk's nonce: its number, and whether it is the last. */
const nonce = (index: number, last: boolean) => {
    const iv = Buffer.alloc(12);
    iv.writeBigUInt64BE(BigInt(index), 3);
    iv[11] = last ? 1 : 0;
    return iv;
};

const derive = (secret: string, salt: Buffer, cost: typeof COST) =>
    new Promise<Buffer>((resolve, reject) =>
        scrypt(secret, salt, 32 + CHECK_BYTES, { N: 2 ** cost.logN, r: cost.r, p: cost.p, maxmem: 1024 ** 3 }, (error, key) =>
            error ? reject(error) : resolve(key),
        ),
    );

/** Whether a file's first bytes are an encrypted backup's. */
export const isEncrypted = (head: Buffer) => head.length >= MAGIC.length && head.subarray(0, MAGIC.length).equals(MAGIC);

/** A file cut short or changed: a restore refuses it as damaged. */
export class EncryptedBackupDamaged extends Error {}

/** Encrypts what is written to it, header first. */
export const encryptor = async (secret: string): Promise<Transform> => {
    const salt = randomBytes(SALT_BYTES);
    const derived = await derive(secret, salt, COST);
    const key = derived.subarray(0, 32);
    const header = Buffer.concat([MAGIC, Buffer.from([COST.logN, COST.r, COST.p]), salt, derived.subarray(32)]);
    let index = 0;
    let pending: Buffer = Buffer.alloc(0);
    const seal = (plain: Buffer, last: boolean) => {
        const cipher = createCipheriv('aes-256-gcm', key, nonce(index++, last));
        cipher.setAAD(header);
        return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    };
    let started = false;
    const start = (stream: Transform) => {
        if (!started) stream.push(header);
        started = true;
    };
    return new Transform({
        transform(chunk: Buffer, _encoding, done) {
            start(this);
            pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
            // A full chunk is sealed once more follows it: the last one is sealed as the last, at the end.
            while (pending.length > CHUNK) {
                this.push(seal(pending.subarray(0, CHUNK), false));
                pending = pending.subarray(CHUNK);
            }
            done();
        },
        flush(done) {
            start(this);
            this.push(seal(pending, true));
            done();
        },
    });
};

/**
 * A decryptor of the chunks that follow `head` (the file's first
 * ENCRYPTION_HEADER_BYTES), or undefined when `secret` is not the key the
 * backup was made with. Throws EncryptedBackupDamaged for a header that is not one.
 */
export const decryptor = async (secret: string, head: Buffer): Promise<Transform | undefined> => {
    if (head.length < ENCRYPTION_HEADER_BYTES) throw new EncryptedBackupDamaged('its encryption header is cut short');
    const header = head.subarray(0, ENCRYPTION_HEADER_BYTES);
    let at = MAGIC.length;
    const cost = { logN: header[at++]!, r: header[at++]!, p: header[at++]! };
    if (!cost.logN || !cost.r || !cost.p || cost.logN > MAX_COST.logN || cost.r > MAX_COST.r || cost.p > MAX_COST.p)
        throw new EncryptedBackupDamaged('its encryption header is not valid');
    const salt = header.subarray(at, at + SALT_BYTES);
    const check = header.subarray(at + SALT_BYTES);
    const derived = await derive(secret, salt, cost);
    if (!timingSafeEqual(derived.subarray(32), check)) return undefined;
    const key = derived.subarray(0, 32);
    let index = 0;
    let pending: Buffer = Buffer.alloc(0);
    const open = (sealed: Buffer, last: boolean) => {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce(index++, last));
        decipher.setAAD(header);
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
        try {
            return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
        } catch {
            throw new EncryptedBackupDamaged(`its encrypted chunk ${index} does not match its tag`);
        }
    };
    return new Transform({
        transform(chunk: Buffer, _encoding, done) {
            pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
            try {
                while (pending.length > CHUNK + TAG) {
                    this.push(open(pending.subarray(0, CHUNK + TAG), false));
                    pending = pending.subarray(CHUNK + TAG);
                }
            } catch (error) {
                return done(error as Error);
            }
            done();
        },
        flush(done) {
            if (pending.length < TAG) return done(new EncryptedBackupDamaged('it is cut short'));
            try {
                this.push(open(pending, true));
            } catch (error) {
                return done(error as Error);
            }
            done();
        },
    });
};

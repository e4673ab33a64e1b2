import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, pipeline, Readable } from 'node:stream';
import {
    CopyObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
    byteLengthOf,
    isPackKey,
    isStorageKey,
    limiter,
    packMember,
    PACK_WRITE_BYTES,
    TooLargeError,
    type FilePack,
    type FileReplacement,
    type FileStorage,
    type StoredFile,
} from '.';
import { LEASE_RENEW_MS } from './leases';

/** Where an S3 bucket is reached (FILES_URL, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE; docs/ops.md, Files in object storage). */
export interface S3ClientSettings {
    /** an S3-compatible server's URL (MinIO, Ceph...); AWS's own when unset */
    endpoint?: string;
    region: string;
    /** `host/bucket/key` rather than `bucket.host/key`: what most S3-compatible servers expect */
    forcePathStyle: boolean;
    /** tries of a request (the first included) before it fails; a store that does not answer fails a write, never hangs it */
    maxAttempts?: number;
    /** keys of the bucket's owner; the SDK's default chain when unset (the environment's AWS_ACCESS_KEY_ID first) */
    credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * A client for the bucket. Credentials, unless given, come from the SDK's default chain: AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY first, then the shared files, then the instance's role. Checksums are only sent where S3
 * requires them: S3-compatible servers often reject or store verbatim the chunked, trailing-checksum bodies that the
 * SDK sends by default since 3.729.
 */
export const s3Client = (settings: S3ClientSettings) =>
    new S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
        maxAttempts: settings.maxAttempts ?? 3,
        // connecting, and then each silence of the socket: a store gone away fails the request rather than holding it
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
    });

export interface S3StorageOptions {
    client: S3Client;
    bucket: string;
    /** every key is stored under it ('files/' for FILES_URL s3://bucket/files); '' for the bucket's root */
    prefix?: string;
    /** a multipart upload's part; S3's smallest is 5 MiB. A stream being stored holds about partBytes × (queueSize + 1) */
    partBytes?: number;
    /** parts of one upload sent at once */
    queueSize?: number;
    /** keys asked for a ListObjectsV2 page (S3 answers at most 1000) */
    pageSize?: number;
}

const MIB = 1024 * 1024;
/** A pack whose members are erased but not all of it is rewritten with them zeroed, up to this size (erase). */
const ERASE_REWRITE_MAX_BYTES = 64 * MIB;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

/** replaceAll's staged files: `<prefix>.restore-<12 hex>/<key>`, with its markers beside them. */
const STAGING_PREFIX = '.restore-';
const STAGING = /^\.restore-([0-9a-f]{12})\/(.+)$/;
/** renewed every minute while this process stages or commits the restore: its age tells another instance it is in use */
const LEASE = '.lease';
/** written before the staged files are copied in: a restore killed after it is finished by clearLeftovers, not undone */
const COMMITTING = '.committing';
/** written once the old files are removed: only the staged copies are left to remove */
const SWAPPED = '.swapped';

/** Restores under way in this process (their staging ids): clearLeftovers leaves them. */
const held = new Set<string>();

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
    ['NoSuchKey', 'NotFound'].includes((error as Error | undefined)?.name ?? '') || statusOf(error) === 404;
/** a range past the object's end */
const isOutOfRange = (error: unknown) => (error as Error | undefined)?.name === 'InvalidRange' || statusOf(error) === 416;

/**
 * The files in an S3 bucket, or any server speaking its protocol (docs/ops.md, Files in object storage). An object
 * is there whole or not at all: a put is a PutObject, or a multipart upload completed at its end and aborted when
 * the data is cut short or too large, so nothing is ever listed `partial` (the parts of an upload this process could
 * not abort, killed, are the bucket's lifecycle rule's: AbortIncompleteMultipartUpload). A pack is one object; its
 * members are read by ranged GETs, and erased by rewriting it (docs/decisions.md, "Files in object storage").
 */
export class S3Storage implements FileStorage {
    private readonly client: S3Client;
    private readonly bucket: string;
    private readonly prefix: string;
    private readonly partBytes: number;
    private readonly queueSize: number;
    private readonly pageSize: number;
    /** erasures of one pack, one after the other: each rewrites the whole pack */
    private readonly erasing = new Map<string, Promise<unknown>>();

    constructor(private readonly options: S3StorageOptions) {
        this.client = options.client;
        this.bucket = options.bucket;
        const prefix = options.prefix ?? '';
        this.prefix = prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix;
        this.partBytes = Math.max(5 * MIB, options.partBytes ?? 8 * MIB);
        this.queueSize = options.queueSize ?? 2;
        this.pageSize = options.pageSize ?? 1000;
    }

    private objectKey(key: string) {
        if (!isStorageKey(key)) throw new Error(`Invalid storage key ${key}`);
        return `${this.prefix}${key}`;
    }

    /** A multipart upload of the stream (one PutObject when it is under a part): the object appears once it all has. */
    private upload(objectKey: string, body: Readable) {
        return new Upload({
            client: this.client,
            params: { Bucket: this.bucket, Key: objectKey, Body: body },
            partSize: this.partBytes,
            queueSize: this.queueSize,
            // a failed upload is aborted, its parts removed
            leavePartsOnError: false,
        });
    }

    async put(key: string, data: Readable | Buffer, options: { maxBytes?: number } = {}) {
        const objectKey = this.objectKey(key);
        if (Buffer.isBuffer(data)) {
            if (options.maxBytes !== undefined && data.length > options.maxBytes) throw new TooLargeError(options.maxBytes);
            await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: objectKey, Body: data }));
            return { size: data.length };
        }
        const counted = { size: 0 };
        // A source that fails, or goes over maxBytes, fails the body with its error: the upload reading it is
        // aborted (and its done() waits for that) before the error is thrown here.
        const body = pipeline(data, limiter(options.maxBytes ?? Number.MAX_SAFE_INTEGER, counted), () => undefined);
        try {
            await this.upload(objectKey, body).done();
        } catch (error) {
            body.destroy();
            data.destroy();
            throw error;
        }
        return { size: counted.size };
    }

    /**
     * The members stream into one upload as they are appended (a megabyte waiting at most, then a part at a time),
     * which completes at the commit: the pack's object appears then, whole, or never.
     */
    pack(key: string): FilePack {
        if (!isPackKey(key)) throw new Error(`Invalid pack key ${key}`);
        const objectKey = this.objectKey(key);
        let body: PassThrough | undefined;
        let uploaded: Promise<unknown> | undefined;
        let failure: unknown;
        let end = 0;
        let closed = false;
        const start = () => {
            if (!body) {
                body = new PassThrough({ highWaterMark: PACK_WRITE_BYTES });
                uploaded = this.upload(objectKey, body).done();
                uploaded.catch(error => (failure = error ?? new Error(`The pack ${key} could not be stored`)));
            }
            return { stream: body, done: uploaded! };
        };
        return {
            append: async (data, extension) => {
                if (closed) throw new Error(`The pack ${key} is closed`);
                if (failure) throw failure;
                const offset = end;
                const length = byteLengthOf(data);
                end += length;
                const { stream, done } = start();
                let room = true;
                for (const piece of Buffer.isBuffer(data) ? [data] : data) room = stream.write(piece);
                // the upload is behind: wait for it, or for its failure
                if (!room) await Promise.race([once(stream, 'drain'), done]);
                return `${key}.${offset}-${length}.${extension}`;
            },
            commit: async () => {
                if (closed) return;
                closed = true;
                if (!body) return;
                body.end();
                await uploaded;
            },
            discard: async () => {
                closed = true;
                if (!body) return;
                // failing the body aborts the upload; done() settles once the abort is sent
                body.destroy(new Error(`The pack ${key} was discarded`));
                await uploaded!.catch(() => undefined);
            },
        };
    }

    async get(key: string): Promise<Readable | undefined> {
        const member = packMember(key);
        if (member?.length === 0) return (await this.stat(key)) ? Readable.from([]) : undefined;
        try {
            const found = await this.client.send(
                new GetObjectCommand({
                    Bucket: this.bucket,
                    Key: this.objectKey(member?.pack ?? key),
                    ...(member ? { Range: `bytes=${member.offset}-${member.offset + member.length - 1}` } : {}),
                }),
            );
            const body = found.Body as Readable;
            // a member past the pack's end (a pack cut short) is no file
            if (member && found.ContentLength !== member.length) {
                body.destroy();
                return undefined;
            }
            return body;
        } catch (error) {
            if (isMissing(error) || (member && isOutOfRange(error))) return undefined;
            throw error;
        }
    }

    private async size(objectKey: string) {
        try {
            const found = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
            return found.ContentLength ?? 0;
        } catch (error) {
            if (isMissing(error)) return undefined;
            throw error;
        }
    }

    async stat(key: string): Promise<{ size: number } | undefined> {
        const member = packMember(key);
        if (member) {
            const pack = await this.size(this.objectKey(member.pack));
            return pack !== undefined && pack >= member.offset + member.length ? { size: member.length } : undefined;
        }
        const size = await this.size(this.objectKey(key));
        return size === undefined ? undefined : { size };
    }

    async delete(key: string) {
        await this.deleteAll([key]);
    }

    async deleteAll(keys: string[]) {
        const packs = new Map<string, { offset: number; length: number }[]>();
        const objects: string[] = [];
        for (const key of keys) {
            const member = packMember(key);
            if (member) packs.set(member.pack, [...(packs.get(member.pack) ?? []), member]);
            else objects.push(this.objectKey(key));
        }
        const failures: unknown[] = [];
        await this.deleteObjects(objects).catch(error => failures.push(error));
        for (const [pack, members] of packs) await this.erase(this.objectKey(pack), members).catch(error => failures.push(error));
        // one that failed does not keep the others
        if (failures.length) throw failures[0];
    }

    /** Removes objects by their full keys, a thousand a request; a missing one is no error. */
    private async deleteObjects(objectKeys: string[]) {
        for (let at = 0; at < objectKeys.length; at += DELETE_BATCH) {
            const batch = objectKeys.slice(at, at + DELETE_BATCH);
            const result = await this.client.send(
                new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map(Key => ({ Key })), Quiet: true } }),
            );
            const failed = result.Errors?.find(e => e.Code !== 'NoSuchKey');
            if (failed) throw new Error(`Could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
        }
    }

    /**
     * An object cannot be zeroed in place: a pack whose members are all erased is removed; otherwise it is read,
     * the members zeroed, and written back whole (an erased person's picture must not stay readable in the bucket),
     * one erasure of a pack at a time in this process. A pack over ERASE_REWRITE_MAX_BYTES is left as it is, its
     * erased members no longer named by any row, until the storage sweep removes it with its last member
     * (docs/decisions.md, "Files in object storage").
     */
    private erase(objectKey: string, members: { offset: number; length: number }[]) {
        const previous = this.erasing.get(objectKey) ?? Promise.resolve();
        const erased = previous.catch(() => undefined).then(() => this.eraseNow(objectKey, members));
        this.erasing.set(objectKey, erased);
        return erased.finally(() => {
            if (this.erasing.get(objectKey) === erased) this.erasing.delete(objectKey);
        });
    }

    private async eraseNow(objectKey: string, members: { offset: number; length: number }[]) {
        const size = await this.size(objectKey);
        if (size === undefined) return;
        const ranges = members.map(m => [m.offset, Math.min(m.offset + m.length, size)] as const).sort((x, y) => x[0] - y[0]);
        let covered = 0;
        for (const [start, stop] of ranges) if (start <= covered) covered = Math.max(covered, stop);
        if (covered >= size) return this.deleteObjects([objectKey]);
        if (size > ERASE_REWRITE_MAX_BYTES) return;
        let found;
        try {
            found = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
        } catch (error) {
            if (isMissing(error)) return;
            throw error;
        }
        const bytes = Buffer.from(await found.Body!.transformToByteArray());
        for (const [start, stop] of ranges) if (stop > start) bytes.fill(0, start, stop);
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: objectKey, Body: bytes }));
    }

    /** Every object under a full key prefix, a page at a time. */
    private async *objects(prefix: string) {
        let token: string | undefined;
        do {
            const page = await this.client.send(
                new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: this.pageSize, ContinuationToken: token }),
            );
            for (const object of page.Contents ?? [])
                if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
            token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
    }

    /** Never `partial`: an upload under way is no object until it completes (the class's comment). */
    async *list(): AsyncIterable<StoredFile> {
        for await (const object of this.objects(this.prefix)) {
            const key = object.key.slice(this.prefix.length);
            // a restore's staging (replaceAll) is not a stored file
            if (key.split('/').some(part => part.startsWith('.'))) continue;
            yield { key, modifiedAt: object.modifiedAt, partial: false };
        }
    }

    private stagingOf(id: string) {
        return `${this.prefix}${STAGING_PREFIX}${id}/`;
    }

    private mark(id: string, marker: string) {
        return this.client.send(
            new PutObjectCommand({ Bucket: this.bucket, Key: `${this.stagingOf(id)}${marker}`, Body: Buffer.alloc(0) }),
        );
    }

    /**
     * Stages the new files under `.restore-<id>/` beside the stored ones; the commit copies them over the stored
     * ones and removes the stored ones it did not bring, then the staged copies (swapIn).
     */
    async replaceAll(): Promise<FileReplacement> {
        const id = randomBytes(6).toString('hex');
        held.add(id);
        await this.mark(id, LEASE);
        // Another instance's clearLeftovers goes by the staging's newest object: the lease is kept young.
        const renewing = setInterval(() => void this.mark(id, LEASE).catch(() => undefined), LEASE_RENEW_MS).unref();
        const release = () => {
            clearInterval(renewing);
            held.delete(id);
        };
        const staged = new S3Storage({ ...this.options, prefix: `${this.stagingOf(id)}` });
        return {
            put: (key, data, options) => staged.put(key, data, options),
            commit: async () => {
                try {
                    await this.mark(id, COMMITTING);
                    await this.swapIn(id);
                } finally {
                    release();
                }
            },
            discard: async () => {
                try {
                    await this.removeStaging(id);
                } finally {
                    release();
                }
            },
        };
    }

    /**
     * The commit of a restore's files: each staged one copied to its key, the stored ones it did not bring
     * removed, marked SWAPPED, then the staging removed. Run again on what a killed one left, it finishes it:
     * before the mark every staged file is still there to copy again.
     */
    private async swapIn(id: string) {
        const staging = this.stagingOf(id);
        const markers = new Set<string>();
        for await (const object of this.objects(staging)) {
            const key = object.key.slice(staging.length);
            if (key.startsWith('.')) markers.add(key);
        }
        if (!markers.has(SWAPPED)) {
            const restored = new Set<string>();
            for await (const object of this.objects(staging)) {
                const key = object.key.slice(staging.length);
                if (key.startsWith('.')) continue;
                restored.add(key);
                await this.client.send(
                    new CopyObjectCommand({
                        Bucket: this.bucket,
                        Key: this.objectKey(key),
                        CopySource: `${this.bucket}/${object.key.split('/').map(encodeURIComponent).join('/')}`,
                    }),
                );
            }
            let old: string[] = [];
            for await (const file of this.list()) {
                if (!restored.has(file.key)) old.push(this.objectKey(file.key));
                if (old.length >= DELETE_BATCH) {
                    await this.deleteObjects(old);
                    old = [];
                }
            }
            await this.deleteObjects(old);
            await this.mark(id, SWAPPED);
        }
        await this.removeStaging(id);
    }

    /** The staged files, then the markers: a marker outlives what it says is there. */
    private async removeStaging(id: string) {
        const staging = this.stagingOf(id);
        const files: string[] = [];
        const markers: string[] = [];
        for await (const object of this.objects(staging))
            (object.key.slice(staging.length).startsWith('.') ? markers : files).push(object.key);
        await this.deleteObjects(files);
        await this.deleteObjects(markers);
    }

    async clearLeftovers(before: Date) {
        const stagings = new Map<string, { newest: Date; committing: boolean }>();
        for await (const object of this.objects(`${this.prefix}${STAGING_PREFIX}`)) {
            const found = STAGING.exec(object.key.slice(this.prefix.length));
            if (!found) continue;
            const staging = stagings.get(found[1]!) ?? { newest: new Date(0), committing: false };
            if (object.modifiedAt > staging.newest) staging.newest = object.modifiedAt;
            if (found[2] === COMMITTING || found[2] === SWAPPED) staging.committing = true;
            stagings.set(found[1]!, staging);
        }
        let cleared = 0;
        for (const [id, staging] of stagings) {
            if (held.has(id) || staging.newest >= before) continue;
            // The restore's rows were committed before its files: the commit is finished, not undone.
            if (staging.committing) await this.swapIn(id);
            else await this.removeStaging(id);
            cleared++;
        }
        return cleared;
    }
}

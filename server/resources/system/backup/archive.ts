import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { pipeline, Readable, type Transform, type Writable } from 'node:stream';
import tar from 'tar-stream';
import { BACKUP_MESSAGES, type BackupManifest } from '../../../../contract/system';
import type { AppContext } from '../../../context';
import { migrationJournal, type Db } from '../../../db/database';
import { platformId, signingSecret } from '../../../db/bootstrap';
import { drain, readAll, tarEntries, type TarEntry } from '../../../firmware/streams';
import { HttpError } from '../../../http/errors';
import { hold } from '../../../storage/leases';
import { platformVersion } from '../../../version';
import { decryptor, ENCRYPTION_HEADER_BYTES, EncryptedBackupDamaged, isEncrypted } from './encryption';
import { FILE_MODE, prepareBackupFolder, spoolPath } from './files';
import { assertRoomToWrite } from './space';
import {
    addForeignKey,
    closeRowCursor,
    databaseKind,
    dataTables,
    dropForeignKey,
    endAllSessions,
    fetchRows,
    foreignKeys,
    insertRows,
    openRowCursor,
    rebuildEventRollups,
    sequenceStates,
    setUserTriggers,
    setSequence,
    truncateAll,
    utcSession,
    writableColumns,
} from './queries';

/**
 * The platform's backup (docs/ops.md "Backup and restore"): one
 * tar, read and written as a stream, never whole:
 *
 *   backup.json                      what it is: format, platform, version, schema migration
 *   files/<key>                      every stored file (event and enrollment images, firmware, consents)
 *   tables/<table>/<n>.jsonl.gz      the rows, one JSON object a line, a few MB a part, read in one snapshot
 *   sequences.json                   where each id sequence stands
 *   manifest.json                    last: backup.json's fields, each part's size and SHA-256, counts,
 *                                    and the SHA-256 of all that (so its own counts cannot change unseen)
 *
 * A restore reads the file twice: first every part against the manifest
 * (nothing changes if one byte differs), then it applies it: the files
 * into a staging folder, the rows in one transaction, then the folders swap.
 * With BACKUP_KEY the whole tar is encrypted as it is written (encryption.ts,
 * by whoever calls writeBackup) and decrypted as it is read (openArchive).
 */

export const BACKUP_FORMAT = 'access-console-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** rows a table part holds at most, and uncompressed bytes */
const PART_ROWS = 50_000;
const PART_BYTES = 16 * 1024 * 1024;
/** rows read from the cursor at a time, and inserted at a time */
const FETCH_ROWS = 2_000;
const INSERT_ROWS = 1_000;
/** files of a restore up to this size are written several at once */
const SMALL_FILE = 4 * 1024 * 1024;
const FILES_IN_FLIGHT = 16;
const SMALL_PART = 64 * 1024 * 1024;

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

type Header = Omit<BackupManifest, 'parts' | 'tables' | 'files'>;
type Part = BackupManifest['parts'][number];

/** A tar written entry by entry to `out`, each entry hashed as it goes, waiting whenever `out` is behind. */
const tarWriter = (out: Writable) => {
    const pack = tar.pack();
    const parts: Part[] = [];
    let failure: Error | undefined;
    let done = false;
    // A reader that goes away (a cancelled download) ends the backup with an error: nothing waits on it forever.
    const finished = new Promise<void>((resolve, reject) => {
        const fail = (error: Error) => {
            failure ??= error;
            pack.destroy(failure);
            reject(failure);
        };
        out.on('error', fail);
        pack.on('error', fail);
        out.on('finish', () => {
            done = true;
            resolve();
        });
        out.on('close', () => (done ? resolve() : fail(new Error('The backup stopped being read'))));
    });
    finished.catch(() => undefined);
    pack.pipe(out);
    const add = async (name: string, size: number, data: AsyncIterable<Buffer> | Readable | Buffer, rows?: number) => {
        if (failure) {
            // A file opened for this part and not read holds its descriptor, and a deleted spool its space, until closed.
            if (data instanceof Readable) data.destroy();
            throw failure;
        }
        const hash = createHash('sha256');
        await new Promise<void>((resolve, reject) => {
            const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(0) }, error => (error ? reject(error) : resolve()));
            // The packer destroys the entry when the reader goes away: without a listener that error would end the process.
            entry.on('error', error => {
                failure ??= error;
                reject(error);
            });
            const writable = () =>
                new Promise<void>(ready => {
                    const go = () => {
                        entry.off('drain', go);
                        entry.off('close', go);
                        ready();
                    };
                    entry.once('drain', go);
                    entry.once('close', go);
                });
            const write = async () => {
                if (Buffer.isBuffer(data)) {
                    hash.update(data);
                    entry.end(data);
                    return;
                }
                for await (const chunk of data) {
                    hash.update(chunk);
                    if (!entry.write(chunk)) await writable();
                    if (failure) throw failure;
                    if (entry.destroyed) throw new Error('The backup stopped being read');
                }
                entry.end(undefined);
            };
            write().catch(error => {
                entry.destroy(error as Error);
                reject(error as Error);
            });
        });
        parts.push({ name, bytes: size, sha256: hash.digest('hex'), ...(rows === undefined ? {} : { rows }) });
    };
    return {
        parts,
        add,
        async finish() {
            pack.finalize();
            await finished;
        },
        abort(error: Error) {
            failure ??= error;
            pack.destroy(error);
            out.destroy(error);
        },
    };
};

/** What this server is, as a backup names it. */
const currentHeader = async (db: Db, kind: 'pglite' | 'postgres', now: Date): Promise<Header> => {
    const journal = migrationJournal();
    return {
        format: BACKUP_FORMAT,
        format_version: BACKUP_FORMAT_VERSION,
        platform_id: await platformId(db),
        platform_version: platformVersion(),
        migrations: { count: journal.length, last: journal.at(-1)!.tag },
        database: kind,
        created_at: now.toISOString(),
    };
};

/**
 * Writes a backup of the whole platform to `out` and resolves with its
 * manifest. The files come first, then every table in one read-only
 * snapshot (REPEATABLE READ): rows that refer to each other are from one
 * moment, and an image stored before its event row is in the archive.
 */
export const writeBackup = async (ctx: AppContext, out: Writable): Promise<BackupManifest> => {
    const writer = tarWriter(out);
    try {
        const header = await currentHeader(ctx.db, await databaseKind(ctx.db), ctx.now());
        await writer.add('backup.json', ...sized(Buffer.from(JSON.stringify(header, null, 2))));
        const files = { count: 0, bytes: 0 };
        for await (const file of ctx.storage.list()) {
            // Downloads made for import/export are not the platform's data.
            if (file.partial || file.key.startsWith('exports/')) continue;
            // Open first, then size it: a file removed meanwhile (retention) is left out, one opened is read whole.
            const data = await ctx.storage.get(file.key);
            // A file removed between the storage's look and its opening fails the stream before it is read: that
            // failure is the reading's (for await throws it), not an 'error' event nobody listens to.
            data?.on('error', () => undefined);
            const stat = data && (await ctx.storage.stat(file.key));
            if (!data || !stat) {
                data?.destroy();
                continue;
            }
            await writer.add(`files/${file.key}`, stat.size, data);
            files.count++;
            files.bytes += stat.size;
        }
        // The rows are read in one snapshot into a spool file, then sent: the snapshot (and on PGlite, the
        // database's one connection) is held for the time the reading takes, not for the client's download.
        const tables: Record<string, number> = {};
        const spooled: { name: string; offset: number; size: number; rows?: number }[] = [];
        await prepareBackupFolder(ctx.config.backupDir);
        const spoolFile = spoolPath(ctx.config.backupDir);
        const releaseSpool = hold(spoolFile);
        const spool = await fs.open(spoolFile, 'w+', FILE_MODE);
        try {
            let offset = 0;
            const toSpool = async (name: string, data: Buffer, rows?: number) => {
                // The spool shares the backup folder's volume: it stops at the reserve, as the archive does.
                assertRoomToWrite(ctx, data.length);
                await spool.write(data, 0, data.length, offset);
                spooled.push({ name, offset, size: data.length, ...(rows === undefined ? {} : { rows }) });
                offset += data.length;
            };
            await ctx.db.transaction(
                async tx => {
                    await utcSession(tx);
                    for (const table of await dataTables(tx)) {
                        tables[table] = 0;
                        await openRowCursor(tx, table);
                        let lines: string[] = [];
                        let bytes = 0;
                        let part = 0;
                        const flush = async () => {
                            if (!lines.length) return;
                            const data = await gzip(Buffer.from(`${lines.join('\n')}\n`), { level: 6 });
                            await toSpool(`tables/${table}/${String(++part).padStart(5, '0')}.jsonl.gz`, data, lines.length);
                            lines = [];
                            bytes = 0;
                        };
                        for (;;) {
                            const page = await fetchRows(tx, FETCH_ROWS);
                            for (const row of page) {
                                lines.push(row);
                                bytes += row.length;
                            }
                            tables[table] += page.length;
                            if (lines.length >= PART_ROWS || bytes >= PART_BYTES) await flush();
                            if (page.length < FETCH_ROWS) break;
                        }
                        await flush();
                        await closeRowCursor(tx);
                    }
                    await toSpool('sequences.json', Buffer.from(JSON.stringify(await sequenceStates(tx))));
                },
                { isolationLevel: 'repeatable read', accessMode: 'read only' },
            );
            for (const part of spooled)
                await writer.add(
                    part.name,
                    part.size,
                    part.size ? createReadStream(spoolFile, { start: part.offset, end: part.offset + part.size - 1 }) : Buffer.alloc(0),
                    part.rows,
                );
        } finally {
            await spool.close();
            await fs.rm(spoolFile, { force: true });
            releaseSpool();
        }
        const manifest: BackupManifest = { ...header, parts: [...writer.parts], tables, files };
        await writer.add('manifest.json', ...sized(Buffer.from(JSON.stringify({ ...manifest, sha256: manifestSum(manifest) }, null, 2))));
        await writer.finish();
        return manifest;
    } catch (error) {
        writer.abort(error as Error);
        throw error;
    }
};

const sized = (data: Buffer) => [data.length, data] as const;

/** A backup that cannot be restored here, and why, in words for the operator. */
export class BackupRefused extends HttpError {}
const refuse = (message: string, status = 400) => new BackupRefused(status, message);

const PART_NAME =
    /^(backup\.json|manifest\.json|sequences\.json|files\/[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*|tables\/[a-z_][a-z0-9_]*\/\d{5}\.jsonl\.gz)$/i;

const parseJson = (data: Buffer, what: string) => {
    try {
        return JSON.parse(data.toString('utf8')) as unknown;
    } catch {
        throw refuse(`${BACKUP_MESSAGES.damaged} (${what} is not readable)`);
    }
};

/** The SHA-256 of the manifest's fields as written: the parts' checksums cover the parts, this covers the manifest itself. */
const manifestSum = (manifest: BackupManifest) =>
    createHash('sha256')
        .update(JSON.stringify(manifest, null, 2))
        .digest('hex');

/** The manifest, when it matches its own checksum (the counts a restore reports are not in any part's). */
const checkedManifest = (parsed: unknown): BackupManifest => {
    const { sha256, ...manifest } = (parsed ?? {}) as BackupManifest & { sha256?: unknown };
    if (typeof sha256 !== 'string' || sha256 !== manifestSum(manifest as BackupManifest))
        throw refuse(`${BACKUP_MESSAGES.damaged} (manifest.json does not match its checksum)`);
    return manifest as BackupManifest;
};

/**
 * The archive's bytes as a tar: an encrypted backup (encryption.ts) is
 * decrypted as it is read, with this server's BACKUP_KEY. Refuses one it
 * cannot open before anything is read; a chunk that fails its tag fails the reading.
 */
const openArchive = async (ctx: AppContext, file: string): Promise<Readable> => {
    const handle = await fs.open(file, 'r');
    const head = Buffer.alloc(ENCRYPTION_HEADER_BYTES);
    let read: number;
    try {
        read = (await handle.read(head, 0, head.length, 0)).bytesRead;
    } finally {
        await handle.close();
    }
    if (!isEncrypted(head.subarray(0, read))) return createReadStream(file);
    if (!ctx.config.backupKey) throw refuse(BACKUP_MESSAGES.encryptedWithoutKey);
    let decrypt: Transform | undefined;
    try {
        decrypt = await decryptor(ctx.config.backupKey, head.subarray(0, read));
    } catch (error) {
        if (error instanceof EncryptedBackupDamaged) throw refuse(`${BACKUP_MESSAGES.damaged} (${error.message})`);
        throw error;
    }
    if (!decrypt) throw refuse(BACKUP_MESSAGES.wrongKey);
    // pipeline: a failure of either side ends the other, and reaches the reader through the decryptor.
    return pipeline(createReadStream(file, { start: ENCRYPTION_HEADER_BYTES }), decrypt, () => undefined);
};

/**
 * Reads the whole archive and checks it against its manifest and against this
 * server: every part's size and SHA-256, the format, the schema it was made
 * on, the platform it came from. Changes nothing; throws BackupRefused.
 */
export const verifyBackup = async (ctx: AppContext, file: string, options: { otherPlatform?: boolean } = {}): Promise<BackupManifest> => {
    const seen: Part[] = [];
    let manifest: BackupManifest | undefined;
    let header: unknown;
    try {
        for await (const entry of tarEntries(await openArchive(ctx, file))) {
            const name = entry.header.name;
            if (manifest) throw refuse(`${BACKUP_MESSAGES.damaged} (${name} follows the manifest)`);
            if (entry.header.type !== 'file' || !PART_NAME.test(name) || name.includes('..')) {
                if (!seen.length) throw refuse(BACKUP_MESSAGES.notABackup);
                throw refuse(`${BACKUP_MESSAGES.damaged} (it holds ${name.slice(0, 200)})`);
            }
            if (!seen.length && name !== 'backup.json') throw refuse(BACKUP_MESSAGES.notABackup);
            const hash = createHash('sha256');
            let bytes = 0;
            let small: Buffer | undefined;
            if (name === 'backup.json' || name === 'manifest.json') {
                small = await readAll(entry, SMALL_PART, name);
                hash.update(small);
                bytes = small.length;
            } else {
                for await (const chunk of entry) {
                    hash.update(chunk);
                    bytes += (chunk as Buffer).length;
                }
            }
            if (name === 'backup.json') header = parseJson(small!, name);
            if (name === 'manifest.json') manifest = checkedManifest(parseJson(small!, name));
            else seen.push({ name, bytes, sha256: hash.digest('hex') });
        }
    } catch (error) {
        if (error instanceof BackupRefused) throw error;
        // tar-stream: "Unexpected end of data", "Invalid tar header"...; an encrypted chunk that fails its tag
        if (error instanceof EncryptedBackupDamaged) throw refuse(`${BACKUP_MESSAGES.damaged} (${error.message})`);
        throw refuse(seen.length ? `${BACKUP_MESSAGES.damaged} (${(error as Error).message})` : BACKUP_MESSAGES.notABackup);
    }
    const identity = header as Partial<Header> | undefined;
    if (!identity || identity.format !== BACKUP_FORMAT) throw refuse(BACKUP_MESSAGES.notABackup);
    if (!manifest) throw refuse(`${BACKUP_MESSAGES.damaged} (the manifest is missing: the file is cut short)`);
    if (typeof identity.format_version !== 'number' || identity.format_version > BACKUP_FORMAT_VERSION)
        throw refuse(BACKUP_MESSAGES.newerFormat, 409);
    const listed = Array.isArray(manifest.parts) ? manifest.parts : [];
    if (listed.length !== seen.length) throw refuse(`${BACKUP_MESSAGES.damaged} (parts missing or added)`);
    for (const [i, part] of seen.entries()) {
        const expected = listed[i]!;
        if (expected.name !== part.name || expected.bytes !== part.bytes || expected.sha256 !== part.sha256)
            throw refuse(`${BACKUP_MESSAGES.damaged} (${part.name} does not match its checksum)`);
    }
    for (const key of ['format', 'format_version', 'platform_id', 'platform_version', 'created_at', 'database'] as const)
        if (JSON.stringify(manifest[key]) !== JSON.stringify(identity[key])) throw refuse(`${BACKUP_MESSAGES.damaged} (${key})`);
    if (JSON.stringify(manifest.migrations) !== JSON.stringify(identity.migrations))
        throw refuse(`${BACKUP_MESSAGES.damaged} (migrations)`);

    const journal = migrationJournal();
    const made = manifest.migrations;
    if (made.count > journal.length || (made.count === journal.length && made.last !== journal.at(-1)!.tag))
        throw refuse(BACKUP_MESSAGES.newerVersion(manifest.platform_version), 409);
    if (made.count < journal.length || journal[made.count - 1]?.tag !== made.last)
        throw refuse(BACKUP_MESSAGES.olderVersion(manifest.platform_version), 409);
    const tables = new Set(await dataTables(ctx.db));
    for (const table of Object.keys(manifest.tables ?? {}))
        if (!tables.has(table)) throw refuse(`${BACKUP_MESSAGES.damaged} (unknown table ${table.slice(0, 100)})`);
    if (!options.otherPlatform && manifest.platform_id !== (await platformId(ctx.db))) throw refuse(BACKUP_MESSAGES.otherPlatform, 409);
    return manifest;
};

/** The rows of a table part, a batch of lines at a time. */
async function* rowBatches(entry: TarEntry) {
    const text = (await gunzip(await readAll(entry, SMALL_PART, 'a table part'))).toString('utf8');
    let start = 0;
    let batch: string[] = [];
    while (start < text.length) {
        const end = text.indexOf('\n', start);
        const line = text.slice(start, end === -1 ? text.length : end);
        start = end === -1 ? text.length : end + 1;
        if (!line) continue;
        batch.push(line);
        if (batch.length >= INSERT_ROWS) {
            yield batch;
            batch = [];
        }
    }
    if (batch.length) yield batch;
}

/**
 * Replaces the platform's data with a verified backup's: files staged, then
 * every table emptied and filled again in one transaction (the foreign keys
 * dropped meanwhile and added back, which checks them), sequences set, every
 * session ended; then the staged files take the place of the old ones. A
 * failure before the commit leaves the platform as it was.
 */
export const restoreBackup = async (ctx: AppContext, file: string) => {
    const replacement = await ctx.storage.replaceAll();
    const restored = { tables: {} as Record<string, number>, files: 0 };
    const writing = new Set<Promise<unknown>>();
    try {
        const entries = tarEntries(await openArchive(ctx, file))[Symbol.asyncIterator]();
        let next = await entries.next();
        if (!next.done && next.value.header.name === 'backup.json') {
            await drain(next.value);
            next = await entries.next();
        }
        // Each file is written durably (fsync, rename, directory sync): small ones are read whole and written
        // several at a time, so the disk's sync latency is paid in parallel rather than once per image.
        for (; !next.done && next.value.header.name.startsWith('files/'); next = await entries.next()) {
            const key = next.value.header.name.slice('files/'.length);
            if (next.value.header.size > SMALL_FILE) await replacement.put(key, Readable.from(next.value));
            else {
                const put = replacement.put(key, await readAll(next.value, SMALL_FILE, key));
                writing.add(put);
                void put.then(
                    () => writing.delete(put),
                    () => writing.delete(put),
                );
                if (writing.size >= FILES_IN_FLIGHT) await Promise.race(writing);
            }
            restored.files++;
        }
        await Promise.all(writing);
        await ctx.db.transaction(async tx => {
            const keys = await foreignKeys(tx);
            for (const key of keys) await dropForeignKey(tx, key);
            const tables = await dataTables(tx);
            await setUserTriggers(tx, tables, false);
            await truncateAll(tx, tables);
            const columns = new Map<string, string[]>();
            for (; !next.done; next = await entries.next()) {
                const entry = next.value;
                const name = entry.header.name;
                if (name.startsWith('tables/')) {
                    const table = name.split('/')[1]!;
                    if (!columns.has(table)) columns.set(table, await writableColumns(tx, table));
                    for await (const batch of rowBatches(entry)) {
                        await insertRows(tx, table, columns.get(table)!, `[${batch.join(',')}]`);
                        restored.tables[table] = (restored.tables[table] ?? 0) + batch.length;
                    }
                } else if (name === 'sequences.json') {
                    for (const state of parseJson(await readAll(entry, SMALL_PART, name), name) as Parameters<typeof setSequence>[1][])
                        await setSequence(tx, state);
                } else {
                    await drain(entry);
                }
            }
            for (const key of keys) await addForeignKey(tx, key);
            await rebuildEventRollups(tx);
            await setUserTriggers(tx, tables, true);
            await endAllSessions(tx);
        });
    } catch (error) {
        await Promise.allSettled(writing);
        await replacement.discard();
        throw error;
    }
    await replacement.commit();
    // The restored platform may sign with another key (a backup of another platform).
    ctx.signer.rekey(await signingSecret(ctx.db));
    return restored;
};

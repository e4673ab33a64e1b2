import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { BackupManifest } from '../../../contract/system';
import { rows } from '../../../server/db/database';
import type { TestPlatform } from '../harness';

/** What a backup test compares: a tar read the plain way, and a platform's rows and files. */

export interface TarPart {
    name: string;
    /** where the part's bytes begin in the file, and how many */
    offset: number;
    size: number;
    data: Buffer;
}

/** The entries of a plain (ustar) tar, with their offsets: 512-byte header, data padded to 512. */
export const tarParts = (tar: Buffer): TarPart[] => {
    const parts: TarPart[] = [];
    for (let at = 0; at + 512 <= tar.length;) {
        const header = tar.subarray(at, at + 512);
        if (header.every(b => b === 0)) break;
        const field = (from: number, length: number) =>
            header
                .subarray(from, from + length)
                .toString('utf8')
                .replace(/\0.*$/s, '');
        const prefix = field(345, 155);
        const name = (prefix ? `${prefix}/` : '') + field(0, 100);
        const size = parseInt(field(124, 12).trim(), 8);
        parts.push({ name, offset: at + 512, size, data: tar.subarray(at + 512, at + 512 + size) });
        at += 512 + Math.ceil(size / 512) * 512;
    }
    return parts;
};

const canonical = (lines: string[]) => [...lines].sort();

/** Every table's rows in the archive, sorted. */
export const archiveRows = (parts: TarPart[]) => {
    const tables = new Map<string, string[]>();
    for (const part of parts) {
        const match = /^tables\/([^/]+)\//.exec(part.name);
        if (!match) continue;
        const lines = gunzipSync(part.data).toString('utf8').split('\n').filter(Boolean);
        tables.set(match[1]!, [...(tables.get(match[1]!) ?? []), ...lines]);
    }
    return new Map([...tables].map(([t, lines]) => [t, canonical(lines)]));
};

/** Every table's rows in the platform's database (tables with rows), the same way. */
export const databaseRows = async (p: Pick<TestPlatform, 'ctx'>) => {
    const result = new Map<string, string[]>();
    // Timestamps in UTC, as the backup writes them: each database session would write its own time zone.
    await p.ctx.db.transaction(async tx => {
        await tx.execute(sql`set local timezone = 'UTC'`);
        const tables = await rows<{ name: string }>(
            tx,
            // events' monthly partitions (PostgreSQL, migration 0023) are read through events.
            sql`select t.tablename as name from pg_tables t join pg_class c on c.oid = format('public.%I', t.tablename)::regclass
                where t.schemaname = 'public' and not c.relispartition order by 1`,
        );
        for (const { name } of tables) {
            const lines = await rows<{ row: string }>(tx, sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`);
            if (lines.length) result.set(name, canonical(lines.map(l => l.row)));
        }
    });
    return result;
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** key -> SHA-256 of the archive's files. */
export const archiveFiles = (parts: TarPart[]) =>
    new Map(parts.filter(p => p.name.startsWith('files/')).map(p => [p.name.slice('files/'.length), sha256(p.data)]));

/** key -> SHA-256 of the platform's stored files (a restore's hidden folders left out). */
export const storedFiles = (filesDir: string) => {
    const result = new Map<string, string>();
    for (const entry of fs.readdirSync(filesDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(filesDir, full).split(path.sep).join('/');
        if (key.split('/').some(s => s.startsWith('.'))) continue;
        result.set(key, sha256(fs.readFileSync(full)));
    }
    return result;
};

/** A multipart body with the backup in field "file" (and other fields before it). */
export const restoreBody = (archive: Buffer, fields: Record<string, string> = {}) => {
    const boundary = '----restore';
    return {
        payload: Buffer.concat([
            ...Object.entries(fields).map(([k, v]) =>
                Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
            ),
            Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.tar"\r\nContent-Type: application/x-tar\r\n\r\n`,
            ),
            archive,
            Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
};

/** The archive again with its backup.json and manifest edited, the checksums made right: as another version would write it. */
export const repack = async (parts: TarPart[], edit: (header: BackupManifest) => BackupManifest) => {
    // the manifest's own checksum (the server's manifestSum) is made again below, over the edited fields
    const { sha256: _sum, ...written } = JSON.parse(parts.at(-1)!.data.toString('utf8')) as BackupManifest & { sha256: string };
    const manifest = edit(written);
    const { parts: _parts, tables: _tables, files: _files, ...header } = manifest;
    const headerData = Buffer.from(JSON.stringify(header, null, 2));
    manifest.parts = manifest.parts.map(part =>
        part.name === 'backup.json' ? { ...part, bytes: headerData.length, sha256: sha256(headerData) } : part,
    );
    const pack = tar.pack();
    const chunks: Buffer[] = [];
    pack.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    const ended = new Promise<void>(resolve => pack.on('end', () => resolve()));
    for (const part of parts) {
        const data =
            part.name === 'backup.json'
                ? headerData
                : part.name === 'manifest.json'
                  ? Buffer.from(JSON.stringify({ ...manifest, sha256: sha256(Buffer.from(JSON.stringify(manifest, null, 2))) }))
                  : part.data;
        pack.entry({ name: part.name, size: data.length }, data);
    }
    pack.finalize();
    await ended;
    return Buffer.concat(chunks);
};

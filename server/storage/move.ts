import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { FileStorage } from './index';

/** What a move did: files copied now, found already there and whole (an earlier run), and those that failed. */
export interface MoveReport {
    files: number;
    copied: number;
    alreadyThere: number;
    failed: { key: string; reason: string }[];
    /** files removed from the source: only once every file was checked at the target */
    removed: number;
}

const sha256Of = async (data: Readable | undefined) => {
    if (!data) return undefined;
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of data) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
    }
    return { sha256: hash.digest('hex'), size };
};

/**
 * Moves every stored file from one store to another (docs/ops.md "Moving the files to a bucket"): each file is
 * copied unless the target already holds the same bytes, then read back from the target and compared by SHA-256
 * with the source. Run again after an interruption, it copies only what is missing or different. The source keeps
 * every file unless `removeSource` is set and every file was checked; writes under way (`partial`) are not files yet.
 */
export const moveFiles = async (
    from: FileStorage,
    to: FileStorage,
    options: { removeSource?: boolean; log?: (line: string) => void } = {},
): Promise<MoveReport> => {
    const report: MoveReport = { files: 0, copied: 0, alreadyThere: 0, failed: [], removed: 0 };
    const keys: string[] = [];
    for await (const file of from.list()) if (!file.partial) keys.push(file.key);
    keys.sort();
    for (const key of keys) {
        report.files++;
        try {
            // a target holding the file already (an earlier run) is compared whole; otherwise the source is read once,
            // hashed on its way to the target
            const there = await sha256Of(await to.get(key));
            if (there && there.sha256 === (await sha256Of(await from.get(key)))?.sha256) {
                report.alreadyThere++;
                continue;
            }
            const data = await from.get(key);
            if (!data) continue; // removed meanwhile (retention, a delete)
            const hash = createHash('sha256');
            const hashing = new Transform({
                transform(chunk: Buffer, _encoding, done) {
                    hash.update(chunk);
                    done(null, chunk);
                },
            });
            // a source that fails mid-read fails the put, rather than leaving it waiting
            data.on('error', error => hashing.destroy(error));
            await to.put(key, data.pipe(hashing));
            const copied = await sha256Of(await to.get(key));
            if (copied?.sha256 !== hash.digest('hex')) throw new Error('the copy read back differs from the source');
            report.copied++;
        } catch (error) {
            report.failed.push({ key, reason: (error as Error).message });
        }
        if (report.files % 100 === 0) options.log?.(`${report.files} of ${keys.length} files checked`);
    }
    if (options.removeSource && report.failed.length === 0) {
        for (const key of keys) {
            await from.delete(key);
            report.removed++;
        }
    }
    return report;
};

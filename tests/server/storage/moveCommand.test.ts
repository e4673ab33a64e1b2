import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../../server/storage';
import { S3RVER, startS3Server, type TestS3Server } from './s3Server';

/** `npm run files:move` as an operator runs it (docs/ops.md "Moving the files to a bucket"): a process, killed and run again. */
const FILES = 400;
let s3: TestS3Server;
let dataDir: string;
const sums = new Map<string, string>();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-files-move-'));
    const source = new LocalDiskStorage(path.join(dataDir, 'files'));
    for (let i = 0; i < FILES; i++) {
        const key = `consents/${i % 7}/${i}.pdf`;
        const data = Buffer.from(`consent ${i} `.repeat(40 + (i % 13)));
        sums.set(key, sha256(data));
        await source.put(key, data);
    }
});
afterAll(async () => {
    await s3?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const command = (args: string[]) =>
    spawn(process.execPath, ['--import', 'tsx', 'scripts/files-move.ts', ...args], {
        env: {
            ...process.env,
            DATA_DIR: dataDir,
            FILES_URL: '',
            S3_ENDPOINT: s3.endpoint,
            S3_FORCE_PATH_STYLE: '1',
            AWS_ACCESS_KEY_ID: S3RVER.accessKeyId,
            AWS_SECRET_ACCESS_KEY: S3RVER.secretAccessKey,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
    });

/** Runs the command to its end: its exit code and what it printed. */
const run = (args: string[]) =>
    new Promise<{ code: number | null; out: string }>(resolve => {
        const child = command(args);
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('exit', code => resolve({ code, out }));
    });

const inBucket = async () => {
    const found = new Map<string, string>();
    const bucket = s3.storage({ prefix: 'files/' });
    for await (const file of bucket.list()) {
        const chunks: Buffer[] = [];
        for await (const chunk of (await bucket.get(file.key))!) chunks.push(chunk as Buffer);
        found.set(file.key, sha256(Buffer.concat(chunks)));
    }
    return found;
};

describe('npm run files:move', () => {
    it('says where to move the files when told nothing', async () => {
        const { code, out } = await run([]);
        expect(code).toBe(2);
        expect(out).toContain('--to s3://BUCKET/PREFIX');
    });

    it('killed mid-way and run again, ends with every file in the bucket, each checked, the folder emptied only then', async () => {
        const to = `s3://${s3.bucket}/files`;
        // killed (SIGKILL: no chance to tidy up) once it says it has checked its first hundred files
        const first = command(['--to', to, '--remove-source']);
        let printed = '';
        await new Promise<void>(resolve => {
            first.stdout.on('data', (chunk: Buffer) => {
                printed += chunk.toString();
                if (printed.includes(`100 of ${FILES} files checked`)) first.kill('SIGKILL');
            });
            first.on('exit', () => resolve());
        });
        expect(printed).not.toContain('Every file is in');
        const cut = await inBucket();
        expect(cut.size).toBeGreaterThanOrEqual(100);
        expect(cut.size).toBeLessThan(FILES);
        // nothing removed from the folder by the cut run
        expect(
            fs.readdirSync(path.join(dataDir, 'files', 'consents'), { recursive: true }).filter(f => String(f).endsWith('.pdf')),
        ).toHaveLength(FILES);

        const again = await run(['--to', to, '--remove-source']);
        expect(again.out).toContain(
            `${FILES} files: ${FILES - cut.size} copied, ${cut.size} there already, 0 failed, ${FILES} removed from the source`,
        );
        expect(again.out).toContain(`Set FILES_URL=${to} and start the server.`);
        expect(again.code).toBe(0);
        expect(await inBucket()).toEqual(sums);
        const left = fs.readdirSync(path.join(dataDir, 'files'), { recursive: true }).filter(f => String(f).endsWith('.pdf'));
        expect(left).toEqual([]);
    });
});

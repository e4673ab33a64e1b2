import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from './harness';

let p: TestPlatform;
let base: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-console-'));
// as scripts/bootPreload.ts writes it into the page
const BOOT = `(()=>{if(localStorage.getItem("token"))document.title='signed in'})()`;
const script = Buffer.from(`console.log(${JSON.stringify('the console '.repeat(500))});`);

beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(
        path.join(dir, 'index.html'),
        `<!doctype html><script>${BOOT}</script><script type="module" src="/assets/index-abc123.js"></script>`,
    );
    // as the build leaves them (vite.config.ts precompress)
    fs.writeFileSync(path.join(dir, 'assets/index-abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), gzipSync(script));
    fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.map'), JSON.stringify({ version: 3, sources: ['src/App.tsx'], mappings: '' }));
    p = await startPlatform({ staticDir: dir });
    base = await p.listen();
}, 60_000);
afterAll(async () => {
    await p?.close();
    fs.rmSync(dir, { recursive: true, force: true });
});

/** A GET through HTTP as a browser sends it: the bytes on the wire and the server's headers. */
const get = (url: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http.get(`${base}${url}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, res => {
            const chunks: Buffer[] = [];
            res.on('data', c => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
    });

describe('the console files on the wire', () => {
    it('a browser that accepts brotli gets the brotli copy, kept for a year', async () => {
        const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-type']).toMatch(/javascript/);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.body.length).toBeLessThan(script.length / 10);
        expect(brotliDecompressSync(res.body).equals(script)).toBe(true);
    });

    it('gzip to one that accepts only gzip, the file itself to one that accepts neither', async () => {
        const gz = await get('/assets/index-abc123.js', 'gzip');
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.body).equals(script)).toBe(true);
        const plain = await get('/assets/index-abc123.js');
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body.equals(script)).toBe(true);
    });

    it('the page itself is asked again each time, so a new build is seen at once', async () => {
        for (const url of ['/', '/devices/12', '/index.html']) {
            const res = await get(url, 'gzip, br');
            expect({ url, status: res.status, cache: res.headers['cache-control'] }).toEqual({ url, status: 200, cache: 'no-cache' });
            expect(res.body.toString()).toContain('/assets/index-abc123.js');
        }
    });

    it('the page may run its own inline boot script and no other', async () => {
        const res = await get('/devices', 'gzip');
        const scripts = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
        const hash = crypto.createHash('sha256').update(BOOT).digest('base64');
        expect(scripts.sort()).toEqual([`'self'`, `'sha256-${hash}'`]);
    });

    it("with no console built, the page may run only the server's own scripts", async () => {
        const page = path.join(dir, 'index.html');
        fs.renameSync(page, `${page}.aside`);
        try {
            const res = await get('/api/v2/login_provider');
            expect(res.status).toBe(200);
            expect(/script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]).toBe(`'self'`);
        } finally {
            fs.renameSync(`${page}.aside`, page);
        }
    });

    it('a console rebuilt under the running server has its new boot script allowed at once', async () => {
        const page = path.join(dir, 'index.html');
        const before = fs.readFileSync(page, 'utf8');
        const rebuilt = `(()=>{if(localStorage.getItem("token"))document.title='rebuilt'})()`;
        try {
            fs.writeFileSync(page, before.replace(BOOT, rebuilt));
            const res = await get('/devices', 'gzip');
            expect(res.body.toString()).toContain(rebuilt);
            const scripts = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
            expect(scripts.sort()).toEqual([`'self'`, `'sha256-${crypto.createHash('sha256').update(rebuilt).digest('base64')}'`]);
        } finally {
            fs.writeFileSync(page, before);
        }
    });

    it('the source maps are not given away unless the configuration says so', async () => {
        const res = await get('/assets/index-abc123.js.map', 'gzip');
        expect(res.status).toBe(404);
        expect(res.body.toString()).not.toContain('src/App.tsx');
        const shared = await startPlatform({ staticDir: dir, serveSourceMaps: true });
        try {
            const url = await shared.listen();
            const served = await fetch(`${url}/assets/index-abc123.js.map`);
            expect(served.status).toBe(200);
            expect(await served.json()).toMatchObject({ sources: ['src/App.tsx'] });
        } finally {
            await shared.close();
        }
    });
});

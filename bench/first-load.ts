/**
 * What the browser fetches before the sign-in page shows, against the whole
 * console (DESIGN.md: every screen on demand, so the first load stays small).
 * Reads the built console: `npm run build && npx tsx bench/first-load.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const size = (files: string[]) =>
    files.reduce(
        (sum, file) => {
            const bytes = fs.readFileSync(path.join(dist, file));
            return { raw: sum.raw + bytes.length, gzip: sum.gzip + gzipSync(bytes).length };
        },
        { raw: 0, gzip: 0 },
    );
// the entry script and what it preloads, as index.html names them
const first = [...new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map(m => m[1]!))];
const all = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter(f => /\.(js|css)$/.test(f))
    .map(f => `assets/${f}`);
const firstLoad = size(first);
const whole = size(all);
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`first load: ${first.length} files, ${kib(firstLoad.raw)} (${kib(firstLoad.gzip)} gzip)`);
console.log(`whole console: ${all.length} files, ${kib(whole.raw)} (${kib(whole.gzip)} gzip)`);
console.log(`ratio first load / whole (gzip): ${(firstLoad.gzip / whole.gzip).toFixed(2)}`);

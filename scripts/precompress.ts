import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Brotli and gzip copies of the built scripts and styles, beside them: the
 * server sends the one the browser accepts (@fastify/static preCompressed),
 * compressed once at build time rather than on every request (decisions.md).
 */
export const precompress = (): Plugin => ({
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
        for (const file of Object.keys(bundle)) {
            if (!/\.(js|css|svg|html)$/.test(file)) continue;
            const full = path.join(options.dir!, file);
            const data = fs.readFileSync(full);
            if (data.length < 1024) continue;
            fs.writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
            fs.writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
        }
    },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { bootPreload } from './scripts/bootPreload';
import { LOCALE_CODES, STORAGE_KEYS } from './contract/constants';

// The console is served by the platform server from dist/; in `npm run dev`
// Vite proxies the API to a server started with `npm run server`.
export default defineConfig({
    plugins: [
        react(),
        // with a stored session, the signed-in layout's and the first screen's files load beside the first file
        // (docs/performance.md "Console first load")
        bootPreload({
            tokenKey: STORAGE_KEYS.token,
            layout: ['src/layout/AppLayout.tsx', 'src/resources/search/SearchBox.tsx'],
            groups: ['texts-en'],
            home: 'src/resources/dashboard/Dashboard.tsx',
        }),
        precompress(),
    ],
    build: {
        outDir: 'dist',
        sourcemap: true,
        chunkSizeWarningLimit: 1500,
        // What the first page needs in one file rather than some thirty: each response costs its headers
        // and its own compression window (docs/performance.md "Console first load").
        rolldownOptions: {
            output: {
                codeSplitting: {
                    groups: [
                        { name: 'console', tags: ['$initial'], priority: 3 },
                        // After sign-in, a few files rather than a hundred: a browser asks six at a time over HTTP/1.1.
                        { name: 'texts-en', test: /messages\.en\.ts$/, priority: 2 },
                        // another language, whole, in one file when chosen (src/i18n/load.ts)
                        ...LOCALE_CODES.filter(code => code !== 'en').map(code => ({
                            name: `texts-${code}`,
                            test: new RegExp(
                                `(messages|app|layout|pages|notifications|validation|ra)\\.${code}\\.ts$${code === 'fr' ? '|ra-language-french' : ''}`,
                            ),
                            priority: 2,
                        })),
                        // the charts are the dashboard's and statistics' alone
                        { name: 'charts', test: /node_modules[\\/]@mui[\\/]x-charts/, priority: 1 },
                        // the schemas are the forms' (and the contract's), not the lists': zod builds much as it loads
                        { name: 'schemas', test: /node_modules[\\/](zod|@hookform[\\/]resolvers)[\\/]/, priority: 1 },
                        { name: 'screens', test: /node_modules[\\/]/, priority: 0 },
                    ],
                },
            },
        },
    },
    server: { proxy: { '/api': 'http://localhost:8080' } },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

// The console is served by the platform server from dist/; in `npm run dev`
// Vite proxies the API to a server started with `npm run server`.
export default defineConfig({
    plugins: [react(), precompress()],
    build: {
        outDir: 'dist',
        sourcemap: true,
        chunkSizeWarningLimit: 1500,
        // What the first page needs in one file rather than some thirty: each response costs its headers
        // and its own compression window (issue 13, docs/performance.md "Console first load").
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'console', tags: ['$initial'] }] } } },
    },
    server: { proxy: { '/api': 'http://localhost:8080' } },
});

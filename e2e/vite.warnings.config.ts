import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console as React's development build, for e2e/warnings.spec.ts: the production build
// drops React's and MUI's warnings, the very messages the check looks for. Not minified, so the
// warnings' component stacks keep their names; no compressed copies, no source maps (speed).
export default defineConfig({
    plugins: [react()],
    logLevel: 'warn',
    build: { minify: false, sourcemap: false, chunkSizeWarningLimit: 100_000 },
});

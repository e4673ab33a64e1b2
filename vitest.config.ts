import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// node: contract and server tests (fastify.inject against a real embedded database), one module cache a
// worker: a file imports the server's modules in about 4 s, paid once a worker rather than once a file
// (docs/decisions.md "Server test files share their worker's modules"). node-alone: each file in a process of
// its own. The files that replace a module (vi.mock, named *.mocked.test.ts), else the real module, already
// loaded, would stay; and those that bound the time of the server's answers (*.timed.test.ts), which should
// not meet the heap the files before left in a shared worker (docs/decisions.md). console: jsdom, for console
// component tests.
const serverTests = ['tests/contract/**/*.test.ts', 'tests/server/**/*.test.ts'];
// *.pg.test.ts need a PostgreSQL server (two processes on one database...): the PostgreSQL run only.
const postgresOnly = process.env.TEST_DATABASE_URL ? [] : ['tests/server/**/*.pg.test.ts'];
const alone = ['tests/{contract,server}/**/*.{mocked,timed}.test.ts'];

export default defineConfig({
    plugins: [react()],
    test: {
        globals: true,
        testTimeout: 30_000,
        hookTimeout: 120_000,
        pool: 'forks',
        maxWorkers: 2,
        projects: [
            {
                extends: true,
                test: {
                    name: 'node',
                    environment: 'node',
                    include: serverTests,
                    exclude: [...postgresOnly, ...alone],
                    isolate: false,
                },
            },
            {
                extends: true,
                test: { name: 'node-alone', environment: 'node', include: alone },
            },
            {
                extends: true,
                test: {
                    name: 'console',
                    environment: 'jsdom',
                    include: ['tests/console/**/*.test.{ts,tsx}'],
                    setupFiles: ['tests/console/setup.ts'],
                },
            },
        ],
    },
});

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: node for contract and server tests (fastify.inject against a
// real embedded database), jsdom for console component tests.
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
                    include: ['tests/contract/**/*.test.ts', 'tests/server/**/*.test.ts'],
                    // *.pg.test.ts need a PostgreSQL server (two processes on one database...): the PostgreSQL run only.
                    exclude: process.env.TEST_DATABASE_URL ? [] : ['tests/server/**/*.pg.test.ts'],
                },
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

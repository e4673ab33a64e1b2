import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);

/** Browser tests against the real built server, in Debian's Chromium (no browser download here). */
export default defineConfig({
    testDir: 'e2e',
    outputDir: 'test-results/e2e',
    timeout: 60_000,
    expect: { timeout: 10_000 },
    workers: 1,
    retries: 0,
    reporter: [['list']],
    use: {
        baseURL: `http://127.0.0.1:${port}`,
        screenshot: 'only-on-failure',
        trace: 'retain-on-failure',
        launchOptions: {
            executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
            args: [
                '--no-sandbox',
                '--disable-gpu',
                '--disable-quic',
                '--no-first-run',
                '--disable-background-networking',
                '--disable-component-update',
                '--disable-sync',
                '--disable-dev-shm-usage',
                // the enrollment page's camera step: Chromium's own test camera, allowed without asking
                '--use-fake-device-for-media-stream',
                '--use-fake-ui-for-media-stream',
            ],
        },
    },
    webServer: {
        // tsx: the script shares server/db/scratch.ts with the server tests
        command: 'node --import tsx e2e/server.mjs',
        url: `http://127.0.0.1:${port}/api/v2/login_provider`,
        timeout: 120_000,
        reuseExistingServer: false,
        // SIGTERM, not SIGKILL: e2e/server.mjs then stops the server and removes its data folder and database
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
        stdout: 'pipe',
        env: { E2E_PORT: String(port) },
    },
});

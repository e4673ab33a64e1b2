import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { startPlatform, type TestPlatform } from '../harness';

let p: TestPlatform;
beforeAll(async () => {
    p = await startPlatform();
});
afterAll(() => p?.close());

/** The platform's routes on a logger at LOG_LEVEL info; returns the URLs of the requests it logged. */
const loggedUrls = async (deviceLogLevel: 'warn' | 'info') => {
    const lines: string[] = [];
    const stream = new Writable({
        write(chunk, _enc, done) {
            lines.push(String(chunk));
            done();
        },
    });
    const app = await buildApp({ ...p.ctx, config: { ...p.ctx.config, deviceLogLevel } }, { logger: { level: 'info', stream } });
    await app.ready();
    await app.inject({ method: 'GET', url: '/api/v2/login_provider' });
    await app.inject({
        method: 'POST',
        url: '/api/v2/device/heartbeat',
        payload: {},
        headers: { authorization: 'Device 1.not-a-key-of-any-reader-000' },
    });
    await app.close();
    return lines.map(l => JSON.parse(l) as { req?: { url: string } }).flatMap(l => (l.req ? [l.req.url] : []));
};

describe("the device API's request log", () => {
    it('leaves readers out of the info log by default, and shows them at DEVICE_LOG_LEVEL=info', async () => {
        expect(await loggedUrls('warn')).toEqual(['/api/v2/login_provider']);
        expect(await loggedUrls('info')).toEqual(['/api/v2/login_provider', '/api/v2/device/heartbeat']);
    });

    it('is warn by default, never more verbose than LOG_LEVEL, unless DEVICE_LOG_LEVEL says', () => {
        expect(loadConfig({}).deviceLogLevel).toBe('warn');
        expect(loadConfig({ LOG_LEVEL: 'debug' }).deviceLogLevel).toBe('warn');
        expect(loadConfig({ LOG_LEVEL: 'error' }).deviceLogLevel).toBe('error');
        expect(loadConfig({ LOG_LEVEL: 'silent' }).deviceLogLevel).toBe('silent');
        expect(loadConfig({ LOG_LEVEL: 'error', DEVICE_LOG_LEVEL: 'debug' }).deviceLogLevel).toBe('debug');
        expect(loadConfig({ DEVICE_LOG_LEVEL: 'chatty' }).deviceLogLevel).toBe('warn');
    });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDemoFleet } from '../../../server/demo/fleet/demo';
import { Fleet } from '../../../server/demo/fleet/fleet';
import { seedDemoDevices } from '../../../server/demo/seed-devices';
import { startPlatform, type TestPlatform } from '../harness';

/**
 * `npm run simulate` against the demo server (the README's way to drive more
 * readers) used to make the same hardware_ids as the demo's own fleet, with
 * other secrets: both fleets' readers ended 'to authenticate'.
 */
let p: TestPlatform;
let url: string;
const fleets: Fleet[] = [];
beforeAll(async () => {
    p = await startPlatform({ deviceHeartbeatSeconds: 1 });
    url = await p.listen();
});
afterAll(async () => {
    await Promise.all(fleets.map(f => f.stop()));
    await p?.close();
});

describe('the demo fleet and npm run simulate side by side', () => {
    it('keep apart: the demo readers come online, the simulated ones wait for approval', async () => {
        const plan = await seedDemoDevices(p.ctx.db, [p.demo.customers[0].name, p.demo.customers[1].name], 4);
        const demo = startDemoFleet({ url, size: 4, plan, eventRate: 0, outagesPerHour: 0 });
        // What `npm run simulate` starts by default: SIM-00001… with a seed of its own.
        const simulated = new Fleet({ url, devices: 3, seed: 'simulate', rampMs: 100 }).start();
        fleets.push(demo, simulated);
        await vi.waitFor(
            () => {
                expect(demo.readers.map(r => r.state)).toEqual(['approved', 'approved', 'pending', 'pending']);
                expect(simulated.readers.map(r => r.state)).toEqual(['pending', 'pending', 'pending']);
            },
            { timeout: 20_000, interval: 250 },
        );
        expect(demo.readers.every(r => r.identity.hardwareId.startsWith('DEMO-'))).toBe(true);
        expect(simulated.readers.every(r => r.identity.hardwareId.startsWith('SIM-'))).toBe(true);
    }, 30_000);
});

/**
 * Where the server's thread spends its time taking events with images
 * (docs/performance.md "Events as columns"): readers' multipart requests, one
 * camera frame an event, 100 events a request, sent from a thread of their
 * own as in bench/events.ts. A first round warms the server up; the second
 * is profiled (the server's thread only) into a .cpuprofile that Chromium's
 * DevTools or `node --cpu-prof`'s readers open; a third runs unprofiled. Each
 * round prints its events a second and the process's cores.
 *
 *   node --import tsx bench/profile-images.ts [--events 12000] [--concurrency 4] [--out /tmp/images.cpuprofile]
 *
 * with BENCH_DATABASE_URL for PostgreSQL, as the other benchmarks.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { drawFrame } from '../server/demo/fleet/frames';
import { generateEvents, makePlatform } from './events-data';
import { ingestClient, ingestRequest, readerBatches } from './ingestClient';
import { startBenchPlatform } from './platform';

const option = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1]! : fallback;
};
const count = Number(option('events', '12000'));
const concurrency = Number(option('concurrency', '4'));
const out = option('out', '/tmp/images.cpuprofile');

const bench = await startBenchPlatform('profile-images', { port: 0 });
const platform = await makePlatform(bench.db, bench.mainAccountId, { accounts: 2, readers: 10, profiles: 300 });
const frames = [drawFrame(1, 1), drawFrame(2, 2), drawFrame(1, 3)].map(f => f.jpeg);
const client = ingestClient();

/** The readers' requests, encoded before they are sent and before the profile starts. */
const requestsOf = (seed: number) =>
    readerBatches([...generateEvents(platform, count, { seed, days: 30, now: Date.now(), prefix: `profile${seed}` })]).map(b =>
        ingestRequest(b, frames),
    );
const round = async (requests: ReturnType<typeof requestsOf>, profiled: boolean) => {
    const cpu = process.cpuUsage();
    const ms = await client.post(`${bench.base}/api/v2/device/events`, requests, concurrency);
    const used = process.cpuUsage(cpu);
    console.log(
        `${bench.kind}, ${profiled ? 'profiled' : 'unprofiled'}: ${Math.round(count / (ms / 1000))} events with images a second, ` +
            `${((used.user + used.system) / 1000 / ms).toFixed(2)} cores`,
    );
};

await round(requestsOf(1), false);
const profiled = requestsOf(2);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
await round(profiled, true);
const { profile } = await session.post('Profiler.stop');
fs.writeFileSync(out, JSON.stringify(profile));
console.log(`profile of the second round: ${out}`);
await round(requestsOf(3), false);
session.disconnect();
await client.close();
await bench.close();

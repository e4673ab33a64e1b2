/**
 * The ACS synchronisation at scale (docs/performance.md): one
 * account, 50,000 cardholders (each with a 26-bit badge, one in ten with a
 * second 37-bit one, one to three of 20 access groups), applied by
 * applyCardholders as the scheduled job will, run after run:
 * 1. first import: every profile, badge, group and membership is new;
 * 2. the same list again: nothing to write (the steady state of a schedule);
 * 3. a day's churn: 1 % of the cardholders gone, 1 % new, 1 % moved between
 *    groups, 0.5 % disabled, 0.5 % with their card lost (deleted, no
 *    replacement yet);
 * 4. the replacements: the lost-card profiles get a new badge and come back.
 * Each run: wall time, counts, and this process's RSS before and its peak
 * (sampled every 100 ms; on PGlite the database is in this process).
 *
 *   node --expose-gc --import tsx bench/acs-sync.ts [--cardholders 50000]
 * PostgreSQL when BENCH_DATABASE_URL is set, else PGlite. Quick check:
 *   node --import tsx bench/acs-sync.ts --cardholders 2000
 */
import type { AcsCardholder } from '../server/resources/acs-integration/connector';
import { applyCardholders } from '../server/resources/acs-integration/sync';
import { startBenchPlatform } from './platform';

const argument = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = argument('cardholders', 50_000);
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const GROUPS = Array.from({ length: 20 }, (_, i) => `Zone ${i + 1}`);

const cardholder = (i: number, card = 0): AcsCardholder => ({
    acs_id: `EMP-${i}`,
    enabled: true,
    // Unique per cardholder: facility code and number from i; a replacement card is the next facility block.
    badges: [
        { badge_number: String((i % 60_000) + 1), facility_code: 1 + Math.floor(i / 60_000) + card * 20, card_format: '26-bit H10301' },
        ...(i % 10 === 0 ? [{ badge_number: String(1_000_000 + i), card_format: '37-bit H10302' }] : []),
    ],
    access_groups: GROUPS.filter((_, g) => g === i % 20 || (i % 3 === 0 && g === (i + 7) % 20) || (i % 7 === 0 && g === (i + 13) % 20)),
});

const bench = await startBenchPlatform('acs-sync', { port: 0 });
log(`${bench.kind}: ${N} cardholders`);
const account = bench.mainAccountId;
let day = 0;
const run = async (name: string, list: AcsCardholder[]) => {
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const start = performance.now();
    const result = await applyCardholders(bench.db, account, list, {
        now: new Date(Date.UTC(2026, 10, 2 + day++)),
        graceDays: 7,
        storage: bench.ctx.storage,
    });
    const ms = performance.now() - start;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const warnings = result.changes.filter(c => c.level !== 'info').length;
    log(
        `${name}: ${(ms / 1000).toFixed(2)} s, ${JSON.stringify(result.counts)}, ${result.changes.length} log lines (${warnings} warnings), ` +
            `RSS ${mb(before)} MB before, peak ${mb(peak)} MB`,
    );
};

const all = Array.from({ length: N }, (_, i) => cardholder(i));
await run('1. first import', all);
await run('2. same list again', all);
const churn = all
    .filter((_, i) => i % 100 !== 1)
    .map(h => {
        const i = Number(h.acs_id.slice(4));
        if (i % 100 === 2) return { ...h, access_groups: [GROUPS[(i + 5) % 20]!] };
        if (i % 200 === 3) return { ...h, enabled: false };
        if (i % 200 === 4) return { ...h, badges: [] };
        return h;
    })
    .concat(Array.from({ length: N / 100 }, (_, k) => cardholder(N + k)));
await run('3. a day of churn', churn);
const replaced = churn.map(h => {
    const i = Number(h.acs_id.slice(4));
    return i % 200 === 4 ? cardholder(i, 1) : h;
});
await run('4. replacement cards', replaced);
await bench.close();

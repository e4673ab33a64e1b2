/**
 * The schedule decision (docs/performance.md): a reader calls
 * insideSchedule for every badge presented. It costs one Intl formatToParts
 * in the schedule's zone plus the lookup of the day's windows; the baseline,
 * measured in the same run, is that formatToParts call alone on a cached
 * formatter, the floor of any wall-clock decision. Target: within 2x of it.
 *
 *   node --import tsx bench/schedules.ts [--calls 200000]
 */
import { insideSchedule, SCHEDULE_DAYS, type ScheduleRules } from '../contract/schedules';

const i = process.argv.indexOf('--calls');
const calls = i > 0 ? Number(process.argv[i + 1]) : 200_000;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];

// A busy schedule: two windows a day, ten yearly holidays, five exceptions.
const schedule = (time_zone: string): ScheduleRules => ({
    time_zone,
    windows: SCHEDULE_DAYS.flatMap(day => [
        { day, start: '07:00', end: '12:00' },
        { day, start: '13:00', end: '19:30' },
    ]),
    holidays: Array.from({ length: 10 }, (_, k) => ({ date: `${String(k + 1).padStart(2, '0')}-15`, windows: [] })),
    exceptions: Array.from({ length: 5 }, (_, k) => ({ date: `2026-0${k + 1}-20`, windows: [{ start: '10:00', end: '11:00' }] })),
});
const schedules = ZONES.map(schedule);
const formatters = ZONES.map(
    timeZone =>
        new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            weekday: 'short',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
        }),
);
const start = Date.UTC(2026, 0, 1);
const instants = Array.from({ length: 10_000 }, (_, k) => new Date(start + ((k * 7_919_000) % (365 * 86_400_000))));

const time = (run: (n: number) => unknown) => {
    let sink = 0;
    const t0 = process.hrtime.bigint();
    for (let n = 0; n < calls; n++) sink += run(n) ? 1 : 0;
    return { ms: Number(process.hrtime.bigint() - t0) / 1e6, sink };
};
// warm both up, then measure alternately and keep each one's best of three
const baselineRun = (n: number) => formatters[n % ZONES.length]!.formatToParts(instants[n % instants.length]!).length;
const decisionRun = (n: number) => insideSchedule(schedules[n % ZONES.length]!, instants[n % instants.length]!);
time(baselineRun);
time(decisionRun);
const baseline = Math.min(...[0, 1, 2].map(() => time(baselineRun).ms));
const decision = Math.min(...[0, 1, 2].map(() => time(decisionRun).ms));
const perCall = (ms: number) => ((ms * 1000) / calls).toFixed(2);
console.log(`calls: ${calls}`);
console.log(`baseline formatToParts: ${baseline.toFixed(0)} ms (${perCall(baseline)} µs a call)`);
console.log(`insideSchedule:         ${decision.toFixed(0)} ms (${perCall(decision)} µs a call)`);
console.log(`ratio: ${(decision / baseline).toFixed(2)} (target ≤ 2)`);
process.exitCode = decision / baseline <= 2 ? 0 : 1;

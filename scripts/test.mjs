// npm test: every check, in order of speed, stopping at the first failure.
// With TEST_DATABASE_URL set, server and browser tests run on that PostgreSQL.
// `npm test -- --database`: only what the database can change (the server tests, the browser tests and the build
// they need), for a second database after a whole run (.ci/run's PostgreSQL half): types, lint, format and the
// console's component tests (jsdom, no server) would only run again on the same code.
import { spawn } from 'node:child_process';

const databaseOnly = process.argv.includes('--database');
// `together`: steps with the same value, next to each other, run side by side. The static checks are single-threaded
// each. The browser tests mostly wait (on the browser, the server, timers: a third of a core on average), so they
// run beside vitest's two workers rather than after them; the console build they serve comes first. The first step
// of a group writes to the terminal as it runs; the others' output is held and printed once the group ends.
const steps = [
    { name: 'types', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'], together: 'static' },
    { name: 'lint', args: ['eslint', '.', '--max-warnings', '0'], together: 'static' },
    { name: 'format', args: ['prettier', '--check', '.', '--log-level', 'warn'], together: 'static' },
    { name: 'console build', args: ['vite', 'build', '--logLevel', 'warn'], database: true },
    {
        name: 'unit, component and server tests',
        args: ['vitest', 'run'],
        database: ['vitest', 'run', '--project', 'node*'],
        together: 'tests',
    },
    { name: 'browser tests', args: ['playwright', 'test'], database: true, together: 'tests' },
];

const only = process.argv.slice(2).filter(a => a !== '--database');
const chosen = steps.filter(step => (!only.length || only.some(o => step.name.includes(o))) && (!databaseOnly || step.database));
const title = step => `\n▶ ${step.name}${process.env.TEST_DATABASE_URL ? ' (PostgreSQL)' : ''}`;

/** Runs one step: its output straight to the terminal, or held (`held`) and handed back. */
const run = (step, held) =>
    new Promise(resolve => {
        const args = databaseOnly && Array.isArray(step.database) ? step.database : step.args;
        const started = Date.now();
        // held output is printed to the terminal later: keep its colours when that is a terminal
        const env = held && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
        const child = spawn('npx', args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
        let output = '';
        child.stdout?.on('data', chunk => (output += chunk));
        child.stderr?.on('data', chunk => (output += chunk));
        child.on('close', status => resolve({ step, status, output, seconds: ((Date.now() - started) / 1000).toFixed(0) }));
    });
const report = ({ step, status, seconds }) => console.log(`  ${step.name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);

for (let i = 0; i < chosen.length;) {
    let end = i + 1;
    if (chosen[i].together) while (chosen[end]?.together === chosen[i].together) end++;
    const group = chosen.slice(i, end);
    i = end;
    console.log(title(group[0]));
    const beside = group.slice(1).map(step => step.name);
    if (beside.length) console.log(`  (beside it: ${beside.join(', ')})`);
    const results = await Promise.all(group.map((step, at) => run(step, at > 0)));
    for (const result of results) {
        if (result !== results[0]) {
            console.log(title(result.step));
            if (result.output) process.stdout.write(result.output);
        }
        report(result);
    }
    const failed = results.find(r => r.status !== 0);
    if (failed) process.exit(failed.status ?? 1);
}

// npm test: every check, in order of speed, stopping at the first failure.
// With TEST_DATABASE_URL set, server and browser tests run on that PostgreSQL.
// `npm test -- --database`: only what the database can change (the server tests, the browser tests and the build
// they need), for a second database after a whole run (.ci/run's PostgreSQL half): types, lint, format and the
// console's component tests (jsdom, no server) would only run again on the same code.
import { spawnSync } from 'node:child_process';

const databaseOnly = process.argv.includes('--database');
const steps = [
    { name: 'types', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
    { name: 'lint', args: ['eslint', '.', '--max-warnings', '0'] },
    { name: 'format', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
    { name: 'unit, component and server tests', args: ['vitest', 'run'], database: ['vitest', 'run', '--project', 'node*'] },
    { name: 'console build', args: ['vite', 'build', '--logLevel', 'warn'], database: true },
    { name: 'browser tests', args: ['playwright', 'test'], database: true },
];

const only = process.argv.slice(2).filter(a => a !== '--database');
for (const step of steps) {
    if (only.length && !only.some(o => step.name.includes(o))) continue;
    if (databaseOnly && !step.database) continue;
    const args = databaseOnly && Array.isArray(step.database) ? step.database : step.args;
    const started = Date.now();
    console.log(`\n▶ ${step.name}${process.env.TEST_DATABASE_URL ? ' (PostgreSQL)' : ''}`);
    const result = spawnSync('npx', args, { stdio: 'inherit' });
    console.log(`  ${step.name}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (result.status !== 0) process.exit(result.status ?? 1);
}

// npm test: every check, in order of speed, stopping at the first failure.
// With TEST_DATABASE_URL set, server and browser tests run on that PostgreSQL.
import { spawnSync } from 'node:child_process';

const steps = [
    ['types', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
    ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
    ['unit, component and server tests', 'npx', ['vitest', 'run']],
    ['console build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
    ['browser tests', 'npx', ['playwright', 'test']],
];

const only = process.argv.slice(2);
for (const [name, command, args] of steps) {
    if (only.length && !only.some(o => name.includes(o))) continue;
    const started = Date.now();
    console.log(`\n▶ ${name}${process.env.TEST_DATABASE_URL ? ' (PostgreSQL)' : ''}`);
    const result = spawnSync(command, args, { stdio: 'inherit' });
    console.log(`  ${name}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (result.status !== 0) process.exit(result.status ?? 1);
}

// npm start: build the console when its sources are newer than dist/, then run the server.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const newest = dir => {
    let latest = 0;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        latest = Math.max(latest, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }
    return latest;
};
const built = fs.existsSync('dist/index.html') ? fs.statSync('dist/index.html').mtimeMs : 0;
const sources = Math.max(newest('src'), newest('contract'), fs.statSync('index.html').mtimeMs);
if (sources > built) {
    console.log('Building the console…');
    const result = spawnSync('npx', ['vite', 'build', '--configLoader', 'runner', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
}
// node itself, not npx: npx would not pass SIGTERM on to the server.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// Killed by a signal it did not handle (SIGKILL, out of memory): a failure, so a supervisor restarts it.
server.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1)));

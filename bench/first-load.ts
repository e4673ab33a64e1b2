/**
 * The console's first load against a minimal react-admin app
 * (docs/performance.md "Console first load"): a one-list app of the same
 * react-admin, MUI and React, built in the same run with the same build
 * settings and served by the same server, so what react-admin costs on its
 * own is the baseline.
 *
 * - bytes: the scripts and styles the browser receives (encoded body and
 *   headers, as Chromium counts them) before our sign-in page shows,
 *   against those before the minimal app shows its first row (target ≤ 1.0x);
 * - time, "the first list after sign-in" (target ≤ 1.2x), read two ways,
 *   medians of --runs:
 *   - from Sign in: the sign-in page of /devices typed into, from the click
 *     on Sign in to the first frame with a row, against the minimal app's
 *     navigation to its first frame with a row, both timed in the page;
 *   - a cold reload: a signed-in user opening /devices in a fresh browser
 *     (no cache) until its first row shows, against the minimal app's first
 *     row, both timed by the driver from the navigation.
 *
 *   npx tsx bench/first-load.ts [--runs 7] [--waterfall] [--profile] [--commits [--unminified]]
 * Builds the console into dist/ as `npm run build` does.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { buildApp } from '../server/app';
import { devices } from '../server/db/schema';
import { sha256 } from '../server/crypto/tokens';
import { BENCH_ADMIN, startBenchPlatform } from './platform';
import { numberArg } from './lib';

const runs = numberArg('runs', 7);
/** --latency MS: each request of the timed loads waits that long for its answer (Chromium's network emulation), as across a WAN or a VPN */
const latency = numberArg('latency', 0);
const port = numberArg('port', 8385);
const ROOT = path.resolve(import.meta.dirname, '..');
const MINIMAL = path.join(ROOT, 'node_modules/.cache/first-load-minimal');
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const vite = (args: string[]) => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...args], {
        cwd: ROOT,
        stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`vite build ${args.join(' ')} failed`);
};

// ---- the two builds ----
vite(process.argv.includes('--unminified') ? ['--minify', 'false'] : []);
fs.rmSync(MINIMAL, { recursive: true, force: true });
fs.mkdirSync(MINIMAL, { recursive: true });
fs.writeFileSync(
    path.join(MINIMAL, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>Minimal</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
);
// One list, react-admin's stock English, no authentication: the least a react-admin console downloads.
fs.writeFileSync(
    path.join(MINIMAL, 'main.tsx'),
    `import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, List, Resource, TextField, type DataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

const token = new URLSearchParams(location.search).get('token') ?? '';
const dataProvider = {
    getList: async (resource: string, { pagination }: { pagination: { page: number; perPage: number } }) => {
        const res = await fetch(\`/api/v2/\${resource}?page=\${pagination.page}&per_page=\${pagination.perPage}\`, {
            headers: { authorization: \`Bearer \${token}\` },
        });
        const body = await res.json();
        return { data: body.result, total: body.count };
    },
} as unknown as DataProvider;
const DeviceList = () => (
    <List>
        <Datagrid bulkActionButtons={false}>
            <TextField source="description" />
            <TextField source="hardware_id" />
            <TextField source="status" />
            <TextField source="release" />
        </Datagrid>
    </List>
);
createRoot(document.getElementById('root')!).render(
    <Admin dataProvider={dataProvider} i18nProvider={polyglotI18nProvider(() => englishMessages, 'en')}>
        <Resource name="devices" list={DeviceList} />
    </Admin>,
);
`,
);
fs.writeFileSync(
    path.join(MINIMAL, 'vite.config.ts'),
    `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '${path.join(ROOT, 'scripts/precompress')}';
export default defineConfig({ root: '${MINIMAL}', plugins: [react(), precompress()], build: { outDir: 'dist', emptyOutDir: true } });
`,
);
vite(['--config', path.join(MINIMAL, 'vite.config.ts')]);

// ---- one server, two consoles ----
const bench = await startBenchPlatform('first-load', { port, staticDir: path.join(ROOT, 'dist') });
await bench.db.insert(devices).values(
    Array.from({ length: 50 }, (_, i) => ({
        account_id: bench.mainAccountId,
        hardware_id: `FIRST-LOAD-${i + 1}`,
        description: `Door ${i + 1}`,
        status: 'online' as const,
        release: '3.4.1',
        secret_hash: sha256(`secret-${i}`),
    })),
);
const minimalApp = await buildApp({ ...bench.ctx, config: { ...bench.ctx.config, staticDir: path.join(MINIMAL, 'dist') } });
const minimalBase = await minimalApp.listen({ port: port + 1, host: '127.0.0.1' });

const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

/** Scripts and styles received by a page until `ready`: bytes on the wire (encoded body and headers). */
const transferred = async (page: Page, url: string, ready: () => Promise<unknown>) => {
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', request => {
        if (['script', 'stylesheet'].includes(request.resourceType()))
            sizes.push(request.sizes().then(s => s.responseBodySize + s.responseHeadersSize));
    });
    await page.goto(url);
    await ready();
    const all = await Promise.all(sizes);
    return { files: all.length, bytes: all.reduce((a, b) => a + b, 0) };
};

const emulateLatency = async (context: BrowserContext, page: Page) => {
    if (!latency) return;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
};
const firstRow = (page: Page) => page.locator('tbody tr').first().waitFor();
const oursStorage = await (async () => {
    const context = await browser.newContext({ baseURL: bench.base });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(BENCH_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // a first sign-in accepts the terms of service
    const accept = page.getByRole('button', { name: /accept/i });
    await Promise.race([accept.click().catch(() => undefined), page.getByTestId('current-account').waitFor()]);
    await page.getByTestId('current-account').waitFor();
    const state = await context.storageState();
    await context.close();
    return state;
})();

/** A fresh browser profile (empty cache) opening `url` until `ready`. */
const cold = async (base: string, url: string, ready: (page: Page) => Promise<unknown>, storage?: typeof oursStorage) => {
    const context = await browser.newContext({ baseURL: base, ...(storage ? { storageState: storage } : {}) });
    const page = await context.newPage();
    await emulateLatency(context, page);
    const t = performance.now();
    const sizes = await transferred(page, url, () => ready(page));
    const ms = performance.now() - t;
    await context.close();
    return { ms, ...sizes };
};

const signInPage = await cold(bench.base, '/login', page => page.getByRole('button', { name: 'Sign in' }).waitFor());
const minimalFirst = await cold(minimalBase, `/?token=${bench.token}`, firstRow);
log(`sign-in page: ${signInPage.files} scripts and styles, ${kib(signInPage.bytes)} on the wire`);
log(`minimal react-admin app, to its first row: ${minimalFirst.files} scripts and styles, ${kib(minimalFirst.bytes)} on the wire`);

/** --waterfall: when each request of one cold load started and took, and the main thread's long tasks, to see where time goes. */
const waterfall = async (base: string, url: string, storage?: typeof oursStorage) => {
    const context = await browser.newContext({ baseURL: base, ...(storage ? { storageState: storage } : {}) });
    const page = await context.newPage();
    await emulateLatency(context, page);
    await page.addInitScript(() => {
        const tasks: number[][] = ((window as unknown as { longTasks: number[][] }).longTasks = []);
        new PerformanceObserver(list =>
            list.getEntries().forEach(e => tasks.push([Math.round(e.startTime), Math.round(e.duration)])),
        ).observe({
            type: 'longtask',
            buffered: true,
        });
    });
    const rows: string[] = [];
    page.on('requestfinished', r => {
        const t = r.timing();
        rows.push(
            `${Math.round(t.startTime - started)
                .toString()
                .padStart(5)} ms +${Math.round(t.responseEnd).toString().padStart(4)} ${r.url().replace(base, '')}`,
        );
    });
    const started = Date.now();
    await page.goto(url);
    await firstRow(page);
    log(`${base}${url}: first row at ${Date.now() - started} ms`);
    rows.sort().forEach(r => console.log(`    ${r}`));
    console.log(
        `    long tasks [start, ms]: ${JSON.stringify(await page.evaluate(() => (window as unknown as { longTasks: number[][] }).longTasks))}`,
    );
    await context.close();
};
/** --profile: the main thread's CPU during one cold load of /devices, by function (self time), to see what the long tasks are. */
const profile = async (base: string, url: string, storage?: typeof oursStorage) => {
    const context = await browser.newContext({ baseURL: base, ...(storage ? { storageState: storage } : {}) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url);
    await firstRow(page);
    const { profile } = await cdp.send('Profiler.stop');
    // the whole profile, for Chromium's DevTools (Performance → Load profile) with the build's source maps
    const saved = path.join(ROOT, 'node_modules/.cache', `first-load-${new URL(base).port}.cpuprofile`);
    fs.writeFileSync(saved, JSON.stringify(profile));
    console.log(`    profile: ${saved}`);
    const self = new Map<string, number>();
    const dt = new Map<number, number>();
    profile.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
    for (const node of profile.nodes) {
        const f = node.callFrame;
        const key = `${f.functionName || '(anonymous)'} ${f.url.replace(base, '')}:${f.lineNumber}:${f.columnNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0) / 1000);
    }
    const byFile = new Map<string, number>();
    for (const [key, ms] of self) {
        const file = key.split(' ')[1]!.split(':')[0]!;
        byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    console.log('    self time by file (ms):');
    [...byFile]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .forEach(([f, ms]) => console.log(`      ${ms.toFixed(0).padStart(5)} ${f}`));
    console.log('    self time by function (ms):');
    [...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .forEach(([k, ms]) => console.log(`      ${ms.toFixed(1).padStart(6)} ${k}`));
    await context.close();
};
/**
 * --commits: React's commits during one cold load, as React DevTools sees them (the global hook React calls in
 * production builds too): when each came, how many components rendered in it and which most often, and where each
 * chain of renders began (a component that rendered though the one above it did not: its state or a context it
 * reads changed) and why (new props, which hooks by index, which contexts). A fiber object of the commit before
 * belongs to a subtree React skipped; another one rendered if it mounted or did work (PerformedWork, flag 1). With
 * --unminified the build keeps its names.
 */
const commits = async (base: string, url: string, storage?: typeof oursStorage) => {
    const context = await browser.newContext({ baseURL: base, ...(storage ? { storageState: storage } : {}) });
    const page = await context.newPage();
    // a string, not a function: tsx wraps named functions in a helper the page does not have
    await page.addInitScript(`{
        let before = new Set();
        const log = (window.reactCommits = []);
        const components = new Set([0, 1, 11, 14, 15]); // function, class, forwardRef, memo, simple memo
        const nameOf = fiber => {
            const type = fiber.type && fiber.type.render ? fiber.type.render : fiber.type && fiber.type.type ? fiber.type.type : fiber.type;
            return (type && (type.displayName || type.name)) || '?';
        };
        const contextName = c => c.displayName || Object.keys(c._currentValue || {}).slice(0, 3).join('/') || '?';
        // why a component rendered on its own: new props (which), a hook's state (its index), a context's value (which)
        const causeOf = fiber => {
            const before = fiber.alternate;
            if (!before) return 'mount';
            const causes = [];
            const props = fiber.memoizedProps || {};
            if (before.memoizedProps !== fiber.memoizedProps)
                causes.push('props ' + Object.keys(props).filter(k => (before.memoizedProps || {})[k] !== props[k]).slice(0, 3).join('/'));
            const hooks = [];
            for (let a = before.memoizedState, b = fiber.memoizedState, i = 0; a && b && typeof a === 'object' && 'next' in a; a = a.next, b = b.next, i++)
                if (a.memoizedState !== b.memoizedState && !(b.memoizedState && b.memoizedState.deps)) hooks.push(i);
            if (hooks.length) causes.push('hooks ' + hooks.slice(0, 4).join('/'));
            const contexts = new Set();
            for (let a = before.dependencies && before.dependencies.firstContext, b = fiber.dependencies && fiber.dependencies.firstContext; a && b; a = a.next, b = b.next)
                if (a.memoizedValue !== b.memoizedValue) contexts.add(contextName(b.context));
            if (contexts.size) causes.push('context ' + [...contexts].join('/'));
            return causes.join('; ') || '?';
        };
        window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
            supportsFiber: true,
            renderers: new Map(),
            inject: () => 1,
            onScheduleFiberRoot() {},
            onCommitFiberUnmount() {},
            onPostCommitFiberRoot() {},
            checkDCE() {},
            onCommitFiberRoot(_id, root) {
                const names = {};
                const starts = {};
                let rendered = 0;
                // [fiber, whether the nearest component above it rendered in this commit, the names above it]
                const stack = [[root.current, false, '']];
                const now = new Set();
                while (stack.length) {
                    const [fiber, parentRendered, path] = stack.pop();
                    now.add(fiber);
                    const isComponent = components.has(fiber.tag);
                    const renderedHere = isComponent && !before.has(fiber) && (fiber.alternate === null || (fiber.flags & 1) === 1);
                    if (renderedHere) {
                        rendered++;
                        const name = nameOf(fiber);
                        names[name] = (names[name] || 0) + 1;
                        if (!parentRendered) {
                            const key = path + '>' + name + ' (' + causeOf(fiber) + ')';
                            starts[key] = (starts[key] || 0) + 1;
                        }
                    }
                    const below = isComponent ? (path + '>' + nameOf(fiber)).split('>').slice(-3).join('>') : path;
                    if (fiber.sibling) stack.push([fiber.sibling, parentRendered, path]);
                    if (fiber.child) stack.push([fiber.child, isComponent ? renderedHere : parentRendered, below]);
                }
                before = now;
                log.push({ at: Math.round(performance.now()), rendered, names, starts });
            },
        };
    }`);
    await page.goto(url);
    await firstRow(page);
    type Commit = { at: number; rendered: number; names: Record<string, number>; starts: Record<string, number> };
    const log = await page.evaluate(() => (window as unknown as { reactCommits: Commit[] }).reactCommits);
    console.log(`    ${base}${url.split('?')[0]}: ${log.length} commits, ${log.reduce((a, c) => a + c.rendered, 0)} component renders`);
    const most = (counts: Record<string, number>, n: number) =>
        Object.entries(counts)
            .sort((a, b) => b[1] - a[1])
            .slice(0, n)
            .map(([name, k]) => `${name}×${k}`);
    for (const c of log.filter(c => c.rendered)) {
        console.log(`      ${String(c.at).padStart(5)} ms ${String(c.rendered).padStart(5)} rendered: ${most(c.names, 6).join(' ')}`);
        console.log(`        began at: ${most(c.starts, 12).join(', ')}`);
    }
    await context.close();
};
if (process.argv.includes('--commits')) {
    await commits(bench.base, '/devices', oursStorage);
    await commits(minimalBase, `/?token=${bench.token}`);
}
if (process.argv.includes('--profile')) {
    await profile(bench.base, '/devices', oursStorage);
    await profile(minimalBase, `/?token=${bench.token}`);
}
if (process.argv.includes('--waterfall')) {
    await waterfall(bench.base, '/devices', oursStorage);
    await waterfall(minimalBase, `/?token=${bench.token}`);
}

const ours: number[] = [];
const minimal: number[] = [];
let firstList = { files: 0, bytes: 0 };
// This process's CPU during each load: the server's (and its database's) answers, and the browser driver's own share,
// on the cores the browser also needs.
const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
};
const oursCpu: number[] = [];
const minimalCpu: number[] = [];
for (let i = 0; i < runs; i++) {
    let since = process.cpuUsage();
    const load = await cold(bench.base, '/devices', firstRow, oursStorage);
    oursCpu.push(cpuMs(since));
    ours.push(load.ms);
    firstList = load;
    since = process.cpuUsage();
    minimal.push((await cold(minimalBase, `/?token=${bench.token}`, firstRow)).ms);
    minimalCpu.push(cpuMs(since));
}
log(`first list (/devices), to its first row: ${firstList.files} scripts and styles, ${kib(firstList.bytes)} on the wire`);
log(
    `server and driver CPU per load (median): ${Math.round(median(oursCpu))} ms for the first list, ${Math.round(median(minimalCpu))} ms for the minimal app`,
);
log(`first list, reopened cold, each run (ms): ${ours.map(Math.round).join(' ')}`);
log(`minimal app's first row, each run (ms): ${minimal.map(Math.round).join(' ')}`);
/**
 * The first list from Sign in: the sign-in page of /devices shown and filled in, from the click on Sign in to the first
 * frame that shows a row of the list (the password check, the session, the layout's and the screen's files), against
 * the minimal app from the start of its navigation to its first frame with a row. Both are timed in the page
 * (performance.now(), the same document throughout), so the driver's own delays count for neither. Scripts are
 * strings: tsx wraps named functions in a helper the page does not have.
 */
const firstFrameWithRow = `new Promise(resolve => {
    const shown = () => (document.querySelector('tbody tr') ? resolve(performance.now()) : requestAnimationFrame(shown));
    requestAnimationFrame(shown);
})`;
const signIn: number[] = [];
const minimalInPage: number[] = [];
for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ baseURL: bench.base });
    const page = await context.newPage();
    await emulateLatency(context, page);
    await page.goto('/login?redirect_url=%2Fdevices');
    // typed as a fast typist types, a key each 50 ms: what the page does meanwhile happens before the click
    await page.getByLabel('Email').pressSequentially(BENCH_ADMIN.email, { delay: 50 });
    await page.getByLabel('Password', { exact: true }).pressSequentially(BENCH_ADMIN.password, { delay: 50 });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    signIn.push(
        await page.evaluate<number>(`(() => {
            const button = [...document.querySelectorAll('button')].find(b => b.textContent.trim() === 'Sign in');
            const t = performance.now();
            button.click();
            return ${firstFrameWithRow}.then(at => at - t);
        })()`),
    );
    await context.close();
    const minimalContext = await browser.newContext({ baseURL: minimalBase });
    const minimalPage = await minimalContext.newPage();
    await emulateLatency(minimalContext, minimalPage);
    await minimalPage.addInitScript(`window.firstRowAt = ${firstFrameWithRow}`);
    await minimalPage.goto(`/?token=${bench.token}`);
    minimalInPage.push(await minimalPage.evaluate<number>('window.firstRowAt'));
    await minimalContext.close();
}
log(`from Sign in to the first list's first frame with a row, each run (ms): ${signIn.map(Math.round).join(' ')}`);
log(`minimal app, from its navigation to its first frame with a row, each run (ms): ${minimalInPage.map(Math.round).join(' ')}`);

const result = {
    signInBytes: signInPage.bytes,
    minimalAppBytes: minimalFirst.bytes,
    bytesRatio: Number((signInPage.bytes / minimalFirst.bytes).toFixed(2)),
    fromSignInMs: Math.round(median(signIn)),
    minimalFirstFrameMs: Math.round(median(minimalInPage)),
    fromSignInRatio: Number((median(signIn) / median(minimalInPage)).toFixed(2)),
    coldReloadMs: Math.round(median(ours)),
    minimalFirstRowMs: Math.round(median(minimal)),
    coldReloadRatio: Number((median(ours) / median(minimal)).toFixed(2)),
};
console.log('\n=== result ===');
console.log(JSON.stringify(result, null, 2));
console.log(`\nsign-in page bytes / minimal app: ${result.bytesRatio} (target ≤ 1.0)`);
console.log(`first list, from the click on Sign in / minimal app's first row: ${result.fromSignInRatio} (target ≤ 1.2)`);
console.log(
    `first list, a signed-in user reopening /devices in a fresh browser / minimal app's first row: ${result.coldReloadRatio} (target ≤ 1.2)`,
);
await browser.close();
await minimalApp.close();
await bench.close();
process.exit(0);

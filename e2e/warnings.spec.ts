import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { adminApi, signIn } from './console';

// Every main screen, in React's development build, must leave the browser console silent:
// no warning, no error, no uncaught exception. The production build the other journeys use
// drops React's and MUI's warnings, so this file builds the development one (e2e/vite.warnings.config.ts)
// and hands its files to the browser in place of dist/'s; the API is the e2e server's, as for every journey.

test.describe.configure({ mode: 'serial' });

let devDir = '';
test.beforeAll(() => {
    devDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-console-dev-'));
    const vite = path.resolve('node_modules/vite/bin/vite.js');
    const built = spawnSync(
        process.execPath,
        [vite, 'build', '--config', 'e2e/vite.warnings.config.ts', '--outDir', devDir, '--emptyOutDir'],
        {
            env: { ...process.env, NODE_ENV: 'development' },
            encoding: 'utf8',
        },
    );
    if (built.status !== 0) throw new Error(`development build failed:\n${built.stdout}\n${built.stderr}`);
});
test.afterAll(() => fs.rmSync(devDir, { recursive: true, force: true }));

/** Names of MUI's own components: a warning raised inside MUI is blamed on the first owner outside it. */
const muiDir = path.resolve('node_modules/@mui/material');
const muiNames = new Set([...fs.readdirSync(muiDir), ...fs.readdirSync(path.join(muiDir, 'internal')).map(f => f.replace(/\..*$/, ''))]);
const isMui = (name: string) => muiNames.has(name) || name.startsWith('Mui') || /^ForwardRef\(|^Styled\(/.test(name);

/**
 * react-admin 5.15.4 hands MUI the props MUI 9 removed (InputProps, inputProps, inputRef) next to
 * the slotProps that replace them, so MUI 9 passes the old ones on to the DOM and React warns. The
 * inputs work (slotProps carry the same values); the old props are dead weight we cannot remove
 * without patching node_modules. Allowed only when React names one of these props and the first
 * component outside MUI that owns the element is one of these react-admin components (seen:
 * ResettableTextField under TextInput, SelectInput and SearchInput; AutocompleteInput; DatagridHeader's
 * checkbox; BooleanInput), so the same prop passed by our code fails. On a busy screen Chromium may
 * drop the older async frames that carry React's component stack: a message whose owner is unknown
 * ('') is let through too. Whatever is let through is listed with the results.
 */
const reactAdminLegacyProps = ['InputProps', 'inputProps', 'inputRef'];
const reactAdminOwners = new Set([
    'ResettableTextField',
    'BooleanInput',
    'NumberInput',
    'AutocompleteInput',
    'DatagridHeader',
    'DatagridRow',
    '',
]);
const unknownProp = (prop: string) =>
    `React does not recognize the \`${prop}\` prop on a DOM element. If you intentionally want it to appear in the DOM as a custom attribute, spell it as lowercase \`${prop.toLowerCase()}\` instead. If you accidentally passed it from a parent component, remove it from the DOM element.`;
const allowed = (text: string, owner: string) =>
    reactAdminOwners.has(owner) && reactAdminLegacyProps.some(prop => text === unknownProp(prop));

/**
 * Requests whose failure is the answer. Chromium reports every 4xx reply in the console, and
 * react-admin (in development only) logs the error of every failed data provider call; neither
 * is ours to silence, and the screen handles the reply.
 */
const expectedFailures = [
    // SPEC 3: an account without an ACS certificate (ACS integration section)
    { url: /\/api\/v2\/accounts\/\d+\/cert$/, status: '404 (Not Found)', error: 'HttpError: Resource "certificate" does not exist' },
];
const expectedNetwork = (text: string, url?: string) =>
    expectedFailures.some(
        f => !!url && f.url.test(url) && text === `Failed to load resource: the server responded with a status of ${f.status}`,
    );
const expectedError = (text: string) => expectedFailures.some(f => text.split('\n')[0] === f.error);

interface Problem {
    screen: string;
    text: string;
    owner: string;
}
interface StackTrace {
    description?: string;
    callFrames: { functionName: string }[];
    parent?: StackTrace;
}
type RemoteArg = { type: string; value?: unknown; description?: string };

/** console.error('… %s …', a, b) as the developer reads it. */
const format = (args: RemoteArg[]) => {
    const values = args.map(a => (a.value !== undefined ? String(a.value) : (a.description ?? a.type)));
    const [first = '', ...rest] = values;
    const text = first.replace(/%[sdoOic]/g, token => (token === '%c' ? (rest.shift(), '') : (rest.shift() ?? token)));
    return [text, ...rest].join(' ').trim();
};

/** The components that rendered the element a warning is about, innermost first (React's owner stack, as async frames). */
const owners = (stack?: StackTrace) => {
    const names: string[] = [];
    for (let s = stack?.parent; s; s = s.parent) {
        const owner = s.callFrames.find(f => f.functionName && !/^(exports\.)?(jsx|jsxs|jsxDEV|createElement)$/.test(f.functionName));
        if (owner) names.push(owner.functionName);
    }
    return names;
};

/** Serves the development build to the page and records what its console says, screen by screen. */
const watch = async (page: Page) => {
    const problems: Problem[] = [];
    const tolerated: Problem[] = [];
    const state = { screen: 'start' };
    const index = fs.readFileSync(path.join(devDir, 'index.html'), 'utf8');
    await page.route(
        url => !url.pathname.startsWith('/api/'),
        async route => {
            const { pathname } = new URL(route.request().url());
            if (pathname.startsWith('/assets/')) return route.fulfill({ path: path.join(devDir, pathname) });
            // a screen's address: the server's answer (its headers, its security policy) with the development page
            const response = await route.fetch();
            return route.fulfill({ response, body: index });
        },
    );
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Runtime.consoleAPICalled', event => {
        if (event.type !== 'warning' && event.type !== 'error' && event.type !== 'assert') return;
        const text = format(event.args as RemoteArg[]);
        const chain = owners(event.stackTrace as StackTrace | undefined);
        // a styled root (RaTextInput-root) stands for its component; AutocompleteInput draws its field in renderInput
        const outside = chain.filter(name => !isMui(name)).map(name => name.replace(/^Ra(\w+)-root$/, '$1'));
        const owner = outside[0] === 'renderInput' && outside[1] === 'AutocompleteInput' ? 'AutocompleteInput' : (outside[0] ?? '');
        if (allowed(text, owner)) tolerated.push({ screen: state.screen, text, owner });
        else if (!expectedError(text)) problems.push({ screen: state.screen, text, owner });
    });
    // the browser's own messages: failed requests, blocked content, deprecations
    cdp.on('Log.entryAdded', ({ entry }) => {
        if ((entry.level === 'warning' || entry.level === 'error') && !expectedNetwork(entry.text, entry.url))
            problems.push({ screen: state.screen, text: `${entry.text}${entry.url ? ` (${entry.url})` : ''}`, owner: entry.source });
    });
    // the API calls under way: a screen or a section is shown once the data it asked for has come
    const calls = new Set<Request>();
    inFlight.set(page, calls);
    page.on('request', r => void (new URL(r.url()).pathname.startsWith('/api/') && calls.add(r)));
    page.on('requestfinished', r => void calls.delete(r));
    page.on('requestfailed', r => void calls.delete(r));
    // a live stream (text/event-stream) stays open for as long as the screen shows
    page.on('response', r => void (r.headers()['content-type']?.startsWith('text/event-stream') && calls.delete(r.request())));
    page.on('pageerror', error => problems.push({ screen: state.screen, text: `uncaught ${error.name}: ${error.message}`, owner: '' }));
    await cdp.send('Runtime.enable');
    await cdp.send('Log.enable');
    await cdp.send('Debugger.enable');
    // React 19 attaches the component stack to its warnings as async frames
    await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 32 });
    return {
        /** What was let through, kept with the results so that it stays in sight. */
        tolerated: () => tolerated.map(p => `[${p.screen}] ${p.text} (from ${p.owner || 'an unknown component'})`).join('\n'),
        on: (screen: string) => (state.screen = screen),
        /** Fails listing every message, with its screen and the component that rendered the element. */
        verify: () => {
            const report = problems.map(p => `[${p.screen}] ${p.text}${p.owner ? ` (from ${p.owner})` : ''}`).join('\n');
            expect(problems, `browser console messages:\n${report}`).toEqual([]);
        },
    };
};

type Watch = Awaited<ReturnType<typeof watch>>;

const inFlight = new WeakMap<Page, Set<Request>>();

/** react-admin's spinner in the app bar and the lists' own, while data loads (a disk gauge is a progressbar too, and stays). */
const loading = (page: Page) => page.locator('[role="progressbar"].MuiCircularProgress-root');

/** The data asked for has come and no loading indicator is left. */
const settled = async (page: Page) => {
    await expect.poll(() => inFlight.get(page)?.size ?? 0, { timeout: 20_000 }).toBe(0);
    await expect(loading(page)).toHaveCount(0);
};

/** A screen's content has come: what it shows, its data, no loading indicator left. */
const shown = async (page: Page, content: Locator) => {
    await expect(content.first()).toBeVisible({ timeout: 20_000 });
    await settled(page);
};

const visit = async (page: Page, watcher: Watch, url: string, content: (page: Page) => Locator) => {
    watcher.on(url);
    await page.goto(url);
    await shown(page, content(page));
};

const row = (page: Page) => page.locator('main tbody tr');
const cell = (text: string) => (page: Page) => page.getByRole('cell', { name: text, exact: true });
const text = (value: string | RegExp) => (page: Page) => page.getByText(value);

/** Every tab of the page, one after the other, each with its content. */
const everyTab = async (page: Page, watcher: Watch, where: string) => {
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (const name of await tabs.allTextContents()) {
        watcher.on(`${where} › ${name}`);
        const tab = page.getByRole('tab', { name, exact: true });
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await settled(page);
    }
};

/** Where the screens' content shows, by menu entry; otherwise a row of its table, its heading or its empty state. */
const contents: Record<string, (page: Page) => Locator> = {
    '/': text(/^Welcome, /),
    // a role that has one account is sent on to its page (SPEC 2.3 'Account Settings'): wait for it, or the redirect outruns the next click
    '/accounts': p => row(p).or(p.getByRole('tab', { name: 'Details' })),
    '/roles': text('Each user has one role'),
    '/firmware-updates': p => p.getByRole('button', { name: 'Schedule an Update' }),
    '/qrcode': p => p.getByRole('main').getByRole('img'),
    '/opt_out': p => p.getByRole('button', { name: 'Import CSV' }),
    '/visitors': p => p.getByRole('form', { name: 'Set a range' }),
};
const someContent = (page: Page) =>
    row(page)
        .or(page.getByRole('main').getByRole('heading'))
        .or(page.getByRole('main').getByRole('tab'))
        .or(page.getByText(/^No .+ (found|yet)/));

/** Each entry of the side menu this user has, in its order, as the user goes from one to the next. */
const everyMenuEntry = async (page: Page, watcher: Watch) => {
    // the side menu's entries are links; the user menu's items are not
    const entries = page.locator('a[role="menuitem"][href]');
    await expect(entries.first()).toBeVisible();
    const paths = await entries.evaluateAll(links => links.map(a => a.getAttribute('href') ?? ''));
    for (const to of paths) {
        watcher.on(to);
        await page.locator(`a[role="menuitem"][href="${to}"]`).click();
        await expect(page).toHaveURL(new RegExp(`${to === '/' ? '' : to}(/?$|[?/])`));
        await shown(page, (contents[to] ?? someContent)(page));
    }
};

const signInAs = async (page: Page, watcher: Watch, email: string) => {
    await visit(page, watcher, '/login', p => p.getByRole('button', { name: 'Sign in' }));
    await signIn(page, email);
    const terms = page.getByRole('heading', { name: 'Terms of service' });
    const welcome = page.getByText(/^Welcome, /);
    await expect(terms.or(welcome)).toBeVisible();
    if (await terms.isVisible()) await page.getByRole('button', { name: 'Accept' }).click();
    watcher.on('dashboard');
    await shown(page, welcome);
};

/** Opens a row of the list and waits for what it opens. */
const open = async (page: Page, watcher: Watch, screen: string, list: string, opened: (page: Page) => Locator) => {
    await visit(page, watcher, list, row);
    watcher.on(screen);
    await row(page).first().locator('td:not(:has(input[type=checkbox]))').first().click();
    await shown(page, opened(page));
};

test('the admin goes through every main screen without a warning in the browser console', async ({ page, request }) => {
    test.setTimeout(200_000);
    const watcher = await watch(page);
    try {
        await signInAs(page, watcher, E2E.admin.email);
        await everyMenuEntry(page, watcher);

        await visit(page, watcher, '/users', cell('Platform Administrator'));
        watcher.on('/users › Create user');
        await page.getByRole('button', { name: 'Create user' }).click();
        await shown(page, page.getByRole('dialog', { name: 'Create user' }).getByLabel('Email'));

        await open(page, watcher, '/devices › Device drawer', '/devices?account_id=all', p =>
            p.getByRole('dialog', { name: 'Device' }).last().getByRole('button', { name: 'Open device page' }),
        );
        watcher.on('/devices/:id');
        await page.getByRole('dialog', { name: 'Device' }).last().getByRole('button', { name: 'Open device page' }).click();
        await shown(page, page.getByRole('region', { name: 'State' }));
        watcher.on('/devices/:id/edit');
        await page.getByRole('button', { name: 'Modify parameters' }).click();
        await shown(page, page.getByRole('combobox', { name: 'Security level' }));

        await visit(page, watcher, '/firmware-updates/versions', p => p.getByRole('button', { name: 'Upload firmware' }));
        await visit(page, watcher, '/firmware-updates/new', p => p.getByRole('dialog', { name: 'Schedule an Update' }).first());
        await visit(page, watcher, '/search?q=CON-0001', p => p.getByRole('main').getByText('CON-0001'));

        // the platform account's page: every section (SSO is the platform's alone), and a card format's drawer
        const me = (await (await adminApi(request)).get('/me')) as { account: { id: number } };
        await visit(page, watcher, `/accounts/${me.account.id}`, p => p.getByRole('tab', { name: 'Details' }));
        await everyTab(page, watcher, 'account page');
        watcher.on('account page › Create card format');
        await page.getByRole('tab', { name: 'Card formats' }).click();
        await page.getByRole('button', { name: 'Create card format' }).click();
        await shown(page, page.getByRole('dialog', { name: 'Create card format' }).getByLabel('Number of bits'));
        watcher.verify();
    } finally {
        await test.info().attach('tolerated react-admin warnings', { body: watcher.tolerated(), contentType: 'text/plain' });
    }
});

test('a moderator goes through the screens a moderator has without a warning in the browser console', async ({ page }) => {
    test.setTimeout(200_000);
    const watcher = await watch(page);
    try {
        await signInAs(page, watcher, E2E.moderator);
        await everyMenuEntry(page, watcher);
        await open(page, watcher, '/events › Event Details', '/events', p => p.getByRole('dialog', { name: 'Event Details' }));
        await open(page, watcher, '/profiles/:id', '/profiles', p => p.getByRole('form', { name: 'Add a badge' }));
        await open(page, watcher, '/access_groups/:id', '/access_groups', p => p.getByLabel('Description'));
        await visit(page, watcher, '/access_groups/create', p => p.getByLabel('Description'));
        await visit(page, watcher, '/schedules/create', p => p.getByRole('figure', { name: 'Week' }));
        await visit(page, watcher, '/alert_rules/create', p => p.getByLabel('E-mail addresses'));
        // Account Settings: the moderator's own account, every section
        await page.locator('a[role="menuitem"]', { hasText: 'Account Settings' }).click();
        await everyTab(page, watcher, 'Account Settings');
        watcher.verify();
    } finally {
        await test.info().attach('tolerated react-admin warnings', { body: watcher.tolerated(), contentType: 'text/plain' });
    }
});

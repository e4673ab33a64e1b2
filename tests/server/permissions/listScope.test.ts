/**
 * One account-scope rule on every list (SPEC 7.1, docs/decisions.md "Account scope of lists"), taken from the routes
 * the server registers with `config.scope: 'list'`, so a new list joins the table by itself:
 * - no account_id: the caller's own account;
 * - account_id=N: that account when the caller may act in it, else 403;
 * - cross_account=true: every account in the caller's reach.
 * The model is built from the account tree and the rows each account holds (the admin's reply for account_id=N, each of
 * whose rows must belong to N): for every role × (none, own, descendant, unrelated, cross) the reply must equal the
 * union of the rows of the accounts the model says, or 403. Aggregates (a reply of counts) must equal the sum of each
 * account's counts; exports (CSV, zip) the sum of their numbers.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { parse } from 'csv-parse/sync';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import type { DashboardReply } from '../../../contract/dashboard';
import { can, type Action, type Resource } from '../../../contract/rights';
import { ROLES, type Role } from '../../../contract/roles';
import { rows } from '../../../server/db/database';
import { seedDemoDevices } from '../../../server/demo/seed-devices';
import { seedDemoEnrollments } from '../../../server/demo/seed-enrollments';
import { seedDemoEvents } from '../../../server/demo/seed-events';
import { seedDemoFirmware } from '../../../server/demo/seed-firmware';
import { writeAcsLogs } from '../../../server/resources/acs-integration/logs';
import { startPlatform, type TestPlatform } from '../harness';
import { roleMatrix, type RoleMatrix } from './roleMatrix';

let p: TestPlatform;
let m: RoleMatrix;
/** every account of the platform with its path */
let tree: { id: number; path: string; parent_id: number | null }[];

/** What some lists need in their query besides the scope, and why. */
const QUERY: Record<string, string> = {
    // counts by event group
    '/events/aggregate': 'group_by=group',
    '/events/aggregate/export': 'group_by=group',
};

/**
 * Lists whose rows may belong to an account above the one asked for, or to none: firmware and card formats uploaded
 * higher up are usable below (the predefined card formats belong to no account).
 */
const ROWS_FROM_ABOVE = new Set(['/artifacts', '/card_formats', '/cards/formats']);

/** Lists left out of the model, each with why; each has its own tests. */
const OUT_OF_MODEL: Record<string, string> = {
    // The accounts below the current one (decisions.md "Account scope of lists"), not rows that live in it.
    '/accounts': 'tests/server/accounts',
    // A stream of new events, whose scope is the events list's (tests/server/events/live.test.ts).
    '/events/live': 'tests/server/events/live.test.ts',
    // Counts across kinds and the latest rows, not a list: each tile is checked against its list below.
    '/dashboard': 'below, "each tile counts what its list shows"',
    // The distinct values among the devices in scope (a union, not a sum), for the filter pickers.
    '/devices/filter_values': 'tests/server/devices/permissions.test.ts',
    // At most a few badges for what was typed: a picker, whose scope is GET /cards'.
    '/cards/autocomplete': 'tests/server/cards',
    // The search answers at most 10 hits per kind: checked by kind in tests/server/search/search.test.ts.
    '/search': 'tests/server/search/search.test.ts',
};

type Mode = 'none' | 'own' | 'descendant' | 'unrelated' | 'cross';
const MODES: Mode[] = ['none', 'own', 'descendant', 'unrelated', 'cross'];

/** The account a role acts from (roleMatrix: the admin in the main account, the others in the dealer Northwind Security). */
const ownOf = (role: Role) => m.accountFor(role, 'own');
const reachOf = (role: Role): number[] => {
    const own = tree.find(a => a.id === ownOf(role))!;
    if (role === 'admin') return tree.map(a => a.id);
    if (role === 'dealer' || role === 'installer') return tree.filter(a => a.path.startsWith(own.path)).map(a => a.id);
    return [own.id];
};
const accountOf = (role: Role, mode: Mode) =>
    mode === 'none' || mode === 'own' ? ownOf(role) : mode === 'cross' ? undefined : m.accountFor(role, mode);

/** What a reply holds, reduced to what the model compares: a set of row ids, or counts by key, or a number of lines. */
type Seen = { kind: 'rows'; ids: Set<number>; count: number; complete: boolean } | { kind: 'counts'; counts: Map<string, number> };

/** Numeric leaves by path; array items keyed by their text fields, so that counts of the same key add up across accounts. */
const countsOf = (value: unknown, path = '', into = new Map<string, number>()) => {
    if (typeof value === 'number') into.set(path, (into.get(path) ?? 0) + value);
    else if (Array.isArray(value))
        for (const item of value) {
            const key =
                item && typeof item === 'object'
                    ? Object.entries(item)
                          .filter(([, v]) => typeof v === 'string' || v === null)
                          .map(([k, v]) => `${k}=${v}`)
                          .join(',')
                    : String(item);
            countsOf(item, `${path}[${key}]`, into);
        }
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) countsOf(v, `${path}.${k}`, into);
    return into;
};

/** The CSV inside a zip (the events export's events.csv). */
const csvInZip = (zip: Buffer) =>
    new Promise<string>((resolve, reject) =>
        yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
            if (error || !file) return reject(error);
            file.on('entry', (entry: yauzl.Entry) => {
                if (!entry.fileName.endsWith('.csv')) return file.readEntry();
                file.openReadStream(entry, (e, stream) => {
                    if (e || !stream) return reject(e);
                    const parts: Buffer[] = [];
                    stream.on('data', (c: Buffer) => parts.push(c));
                    stream.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
                });
            });
            file.on('end', () => resolve(''));
            file.readEntry();
        }),
    );
/**
 * A CSV's numeric cells by the text of their line, which add up across accounts whether a line is a row (an export of
 * profiles) or a total by key (counts by group); its number of lines only where it holds no number at all.
 */
const csvCounts = (text: string) => {
    const records = parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
    const counts = countsOf(
        records.map(r => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, /^-?\d+$/.test(v) ? Number(v) : v]))),
    );
    if (!counts.size) counts.set('lines', records.length);
    return counts;
};

const read = async (res: LightMyRequestResponse, account: number | undefined, path: string): Promise<Seen> => {
    const type = String(res.headers['content-type'] ?? '');
    if (type.startsWith('text/csv')) return { kind: 'counts', counts: csvCounts(res.body) };
    if (type.startsWith('application/zip')) return { kind: 'counts', counts: csvCounts(await csvInZip(res.rawPayload)) };
    const body = res.json() as { result?: unknown; count?: unknown };
    if (Array.isArray(body.result) && typeof body.count === 'number' && body.result.every(r => r && typeof r === 'object' && 'id' in r)) {
        const result = body.result as { id: number; account_id?: number | null }[];
        if (account !== undefined) {
            const allowed = new Set([account, ...(ROWS_FROM_ABOVE.has(path) ? ancestors(account) : [])]);
            for (const row of result)
                if ('account_id' in row && !(row.account_id === null && ROWS_FROM_ABOVE.has(path)))
                    expect(allowed.has(row.account_id!), `${path}?account_id=${account} answered a row of account ${row.account_id}`).toBe(
                        true,
                    );
        }
        return { kind: 'rows', ids: new Set(result.map(r => r.id)), count: body.count, complete: result.length === body.count };
    }
    return { kind: 'counts', counts: countsOf(body) };
};
const ancestors = (id: number): number[] => {
    const out: number[] = [];
    for (let a = tree.find(x => x.id === id); a?.parent_id; a = tree.find(x => x.id === a!.parent_id)) out.push(a.parent_id);
    return out;
};

/** The model: the union of the rows (or the sum of the counts) of these accounts. */
const combine = (parts: Seen[]): Seen => {
    if (parts.every(s => s.kind === 'rows')) {
        const ids = new Set(parts.flatMap(s => [...(s as Extract<Seen, { kind: 'rows' }>).ids]));
        return { kind: 'rows', ids, count: ids.size, complete: parts.every(s => (s as Extract<Seen, { kind: 'rows' }>).complete) };
    }
    const counts = new Map<string, number>();
    for (const s of parts) for (const [k, v] of (s as Extract<Seen, { kind: 'counts' }>).counts) counts.set(k, (counts.get(k) ?? 0) + v);
    return { kind: 'counts', counts };
};
/** What two replies share, in words a failure prints. */
const describe_ = (s: Seen | number) => {
    if (typeof s === 'number') return `status ${s}`;
    if (s.kind === 'rows') return s.complete ? `${s.count} rows: ${[...s.ids].sort((a, b) => a - b).join(',')}` : `${s.count} rows`;
    return [...s.counts]
        .filter(([, v]) => v !== 0)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
};
/** Rows shared across accounts (the predefined formats, firmware from above) count once in a union, but in each part of a sum. */
const sameAs = (got: Seen, want: Seen) => {
    if (got.kind !== want.kind) return false;
    if (got.kind === 'rows' && want.kind === 'rows')
        return got.complete && want.complete ? describe_(got) === describe_(want) : got.count === want.count;
    return describe_(got) === describe_(want);
};

const listRoutes = () =>
    p.app.routeAccess
        .filter(r => r.scope === 'list' && r.method === 'GET')
        .map(r => ({ ...r, path: r.url.replace('/api/v2', '') }))
        .filter(r => !(r.path in OUT_OF_MODEL))
        .sort((a, b) => a.path.localeCompare(b.path));

/** The list's address for a mode; a list whose address names its account (`:account_id`) is asked there, not in the query. */
const url = (path: string, mode: Mode | { account: number }, role: Role) => {
    const params = new URLSearchParams(QUERY[path] ?? '');
    params.set('per_page', String(LIST_MAX_PAGE_SIZE));
    const account = typeof mode === 'object' ? mode.account : mode === 'cross' ? ownOf(role) : accountOf(role, mode);
    if (mode === 'cross') params.set('cross_account', 'true');
    if (path.includes(':account_id')) return `${path.replace(':account_id', String(account))}?${params}`;
    if (typeof mode === 'object' || (mode !== 'cross' && mode !== 'none')) params.set('account_id', String(account));
    return `${path}?${params}`;
};

/** Roles the route's own rules deny besides the rights table (SPEC 6.3 /readers: never the Account User). */
const deniedBesides = (path: string, role: Role) => path === '/readers' && role === 'user';

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    tree = await rows(p.ctx.db, sql`select id, path, parent_id from accounts order by id`);
    const { dealer, customers, otherDealer, otherCustomer } = p.demo;
    // Rows in every account, the dealers' own included, so that no account's part of a union is empty by chance.
    const names = [dealer, ...customers, otherDealer, otherCustomer].map(a => a.name);
    await seedDemoDevices(p.ctx.db, names, 10);
    await seedDemoEvents(p.ctx, { days: 2, perReaderPerDay: 2 });
    await seedDemoFirmware(p.ctx, p.mainAccountId);
    await seedDemoEnrollments(p.ctx, names);
    const firmware = (await m.asAdmin('GET', `/artifacts?account_id=${p.mainAccountId}`)).json().result[0].id as number;
    for (const account of tree.map(a => a.id)) {
        await writeAcsLogs(p.ctx.db, account, null, [{ level: 'info', action: 'sync', message: `Synchronised ${account}` }]);
        // The readers that can take the firmware, of this account only (the candidates of a dealer include its customers').
        const devices = (
            (await m.asAdmin('GET', `/deployments/candidates?artifact_id=${firmware}&account_id=${account}`)).json().result as {
                id: number;
                account_id: number;
            }[]
        ).filter(d => d.account_id === account);
        if (devices.length) {
            const res = await m.asAdmin('POST', '/deployments', {
                name: `update-${account}`,
                artifact_id: firmware,
                device_ids: devices.map(d => d.id),
                phases: [{}],
                account_id: account,
            });
            expect(res.statusCode, res.body).toBe(201);
        }
        const of = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBeLessThan(300);
        of(await m.asAdmin('POST', '/schedules', { name: `Office hours ${account}`, windows: [], account_id: account }));
        const webhook = await m.asAdmin('POST', '/webhooks', {
            url: `https://hooks.example/${account}`,
            secret: 'a-secret-of-enough-length-1234',
            account_id: account,
        });
        of(webhook);
        of(await m.asAdmin('POST', `/accounts/${account}/api_keys`, { description: `Key ${account}`, role: 'moderator' }));
        of(await m.asAdmin('POST', '/alert_rules', { name: `Rule ${account}`, webhook_ids: [webhook.json().id], account_id: account }));
    }
}, 300_000);
afterAll(() => p?.close());

describe('every list: its rows are those of the accounts the scope names', () => {
    it('covers every list of rows that live in accounts', () => {
        const covered = listRoutes().map(r => r.path);
        for (const path of [
            '/profiles',
            '/cards/visitors',
            '/cards/adaptive',
            '/opt_out',
            '/web-enrollments',
            '/readers',
            '/devices',
            '/events',
            '/users',
        ])
            expect(covered).toContain(path);
    });

    it('has rows in several accounts for each list, so that the model cannot pass empty', async () => {
        const thin: string[] = [];
        for (const route of listRoutes()) {
            let filled = 0;
            for (const account of tree) {
                const res = await m.asAdmin('GET', url(route.path, { account: account.id }, 'admin'));
                // An account whose option turns the list off (opt-out, readers without ACS, web enrollment) answers 403.
                if (res.statusCode === 403) continue;
                expect(res.statusCode, `${route.path} ${res.body}`).toBe(200);
                const seen = await read(res, account.id, route.path);
                if (seen.kind === 'rows' ? seen.count > 0 : [...seen.counts.values()].some(v => v > 0)) filled++;
            }
            if (filled < 2) thin.push(route.path);
        }
        expect(thin, 'lists whose rows the test does not seed in two accounts').toEqual([]);
    });

    it.each(ROLES)('as %s: none, own, descendant, unrelated account and cross_account', async role => {
        const mismatches: string[] = [];
        for (const route of listRoutes()) {
            // Each account's rows; null where the account's own option turns the list off (403 to everyone there).
            const perAccount = new Map<number, Seen | null>();
            for (const account of tree) {
                const res = await m.asAdmin('GET', url(route.path, { account: account.id }, 'admin'));
                perAccount.set(account.id, res.statusCode === 403 ? null : await read(res, account.id, route.path));
            }
            const [resource, action] = route.access as readonly [Resource, Action];
            const allowed = (Array.isArray(route.access) ? can(role, resource, action) : true) && !deniedBesides(route.path, role);
            for (const mode of MODES) {
                const account = accountOf(role, mode);
                const reach = reachOf(role);
                const want: Seen | number = !allowed
                    ? 403
                    : mode === 'cross'
                      ? combine(reach.flatMap(a => perAccount.get(a) ?? []))
                      : reach.includes(account!)
                        ? (perAccount.get(account!) ?? 403)
                        : 403;
                const res = await m.call(role, 'GET', url(route.path, mode, role));
                const got = res.statusCode === 200 ? await read(res, mode === 'cross' ? undefined : account, route.path) : res.statusCode;
                const same = typeof want === 'number' || typeof got === 'number' ? want === got : sameAs(got, want);
                if (!same)
                    mismatches.push(`${route.path} ${mode}: got ${describe_(got).slice(0, 300)}, want ${describe_(want).slice(0, 300)}`);
            }
        }
        expect(mismatches).toEqual([]);
    });
});

describe('the dashboard', () => {
    const countOf = async (role: Role, path: string) => {
        const res = await m.call(role, 'GET', path);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
        return (res.json() as { count: number }).count;
    };

    it.each(['admin', 'dealer', 'installer', 'moderator'] as Role[])(
        'as %s: each tile counts what its list shows, in each scope',
        async role => {
            for (const scope of [
                'cross_account=true',
                `account_id=${m.accountFor(role, 'own')}`,
                ...(role === 'dealer' ? [`account_id=${m.accountFor(role, 'descendant')}`] : []),
            ]) {
                const res = await m.call(role, 'GET', `/dashboard?${scope}`);
                expect(res.statusCode, res.body).toBe(200);
                const board = res.json() as DashboardReply;
                const since = new Date(Date.now() - 24 * 3600_000).toISOString();
                const tiles = {
                    users: board.users.total,
                    online: board.devices.by_state.online,
                    offline: board.devices.by_state.offline,
                    pending: board.devices.by_state.pending,
                    events: board.events.total_24h,
                    profiles: board.profiles.total,
                };
                const lists = {
                    users: await countOf(role, `/users?${scope}`),
                    online: await countOf(role, `/devices?status=online&${scope}`),
                    offline: await countOf(role, `/devices?status=offline&${scope}`),
                    pending: await countOf(role, `/devices?status=pending&${scope}`),
                    events: await countOf(role, `/events?from=${encodeURIComponent(since)}&${scope}`),
                    profiles: await countOf(role, `/profiles?${scope}`),
                };
                expect(tiles, `${role} ${scope}`).toEqual(lists);
                expect(lists.profiles + lists.users, `${role} ${scope}: something to count`).toBeGreaterThan(0);
            }
        },
    );
});

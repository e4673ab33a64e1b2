import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CARD_MESSAGES, OPT_OUT_OFF } from '../../../contract/cards';
import type { Role } from '../../../contract/roles';
import type { AccountOption } from '../../../contract/session';
import { CSV_HEADER_PROBLEM } from '../../../server/resources/cards/optOutImport';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, roleMatrix, scoped, type RoleMatrix, type Target } from '../permissions/roleMatrix';

/**
 * The bio opt-out list (SPEC 2.2 /opt_out, 3 acs/opt_out_enabled, 4.7, 6.2)
 * through HTTP: a badge added deletes the profile holding it with a
 * ProfileDeleted event (cause opt_out) and an audit entry, and no profile
 * may take that badge again; the list answers only while the account's
 * option is on; the CSV import says what it did line by line.
 */

let p: TestPlatform;
let m: RoleMatrix;
/** the predefined 26-bit H10301 and 34-bit H10306 formats */
let h10301: { id: number; name: string };
let h10306: { id: number; name: string };
/** the default group of each account */
const everyone = new Map<number, number>();
let seq = 0;

interface Listed {
    id: number;
    account_id: number;
    list: string;
    badge_number: number;
    facility_code: number | null;
    card_format_id: number;
    profile: { id: number; acs_id: string | null } | null;
}
interface ImportReply {
    lines: number;
    added: number;
    already: number;
    profiles_deleted: number;
    refused: { line: number; reason: string }[];
    refused_more: number;
}

const HEADER = 'badge_number,facility_code,card_format';
const card = (badge_number: number, facility_code: number) => ({ badge_number, facility_code, card_format_id: h10301.id });

const newProfile = async (accountId: number, badges: ReturnType<typeof card>[]) => {
    const res = await m.asAdmin('POST', '/profiles', {
        acs_id: `OPT-${++seq}`,
        access_group_ids: [everyone.get(accountId)!],
        account_id: accountId,
        badges,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; account_id: number };
};
const profileStatus = async (id: number) => (await m.asAdmin('GET', `/profiles/${id}`)).statusCode;
const listed = async (accountId: number, query = '') => {
    const res = await m.asAdmin('GET', `/opt_out?account_id=${accountId}&per_page=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { result: Listed[]; count: number };
};

/** POST /opt_out/csv as a browser sends it: multipart, fields first, the CSV in the field "file". */
const importCsv = (
    token: string,
    accountId: number,
    csv: string | Buffer,
    { field = 'file', fields = {} }: { field?: string; fields?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const bytes = typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv;
    form.append(field, new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'opt-out.csv');
    return p.call(token, { method: 'POST', url: `/api/v2/opt_out/csv?account_id=${accountId}`, payload: form });
};

/** The reply, or a failure naming the wait: a request the server never answers must fail the test, not hang it. */
const answered = async (request: Promise<LightMyRequestResponse>, seconds = 10): Promise<LightMyRequestResponse> => {
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the server did not answer within ${seconds} s`)), seconds * 1000);
    });
    try {
        return await Promise.race([request, silence]);
    } finally {
        clearTimeout(timer);
    }
};

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    const formats = (await m.asAdmin('GET', '/card_formats?type=predefined')).json().result as { id: number; key: string; name: string }[];
    const pick = (key: string) => {
        const found = formats.find(f => f.key === key)!;
        return { id: found.id, name: found.name };
    };
    h10301 = pick('h10301');
    h10306 = pick('h10306');
    for (const account of [p.demo.dealer.id, p.demo.customers[0].id, p.demo.customers[1].id, p.demo.otherCustomer.id]) {
        const res = await m.asAdmin('POST', '/access_groups', { description: 'Everyone', account_id: account });
        expect(res.statusCode, res.body).toBe(201);
        everyone.set(account, res.json().id);
    }
}, 120_000);
afterAll(() => p?.close());

describe('POST /opt_out: the holder of the badge goes, and the badge stays refused', () => {
    it('deletes the profile with a ProfileDeleted event (cause opt_out) and an audit entry; the badge cannot come back', async () => {
        const account = p.demo.customers[0].id;
        const badge = card(1001, 7);
        const holder = await newProfile(account, [badge]);
        const bystander = await newProfile(account, [card(1002, 7)]);
        const elsewhere = await newProfile(p.demo.otherCustomer.id, [badge]);
        expect((await m.asAdmin('POST', '/cards/adaptive', { ...badge, account_id: account })).statusCode).toBe(201);

        const added = await m.asAdmin('POST', '/opt_out', { ...badge, account_id: account });
        expect(added.statusCode, added.body).toBe(201);
        expect(added.json()).toMatchObject({
            account_id: account,
            list: 'opt_out',
            badge_number: 1001,
            facility_code: 7,
            card_format_id: h10301.id,
            card_format_name: h10301.name,
            profile: null,
            profiles_deleted: 1,
        });

        expect(await profileStatus(holder.id)).toBe(404);
        expect(await profileStatus(bystander.id)).toBe(200);
        expect(await profileStatus(elsewhere.id)).toBe(200);

        // SPEC 4.7: an opted-out badge leaves the adaptive list and cannot go back into it
        const adaptive = (await m.asAdmin('GET', `/cards/adaptive?account_id=${account}&per_page=100`)).json().result as Listed[];
        expect(adaptive.filter(e => e.badge_number === 1001)).toEqual([]);
        const backToAdaptive = await m.asAdmin('POST', '/cards/adaptive', { ...badge, account_id: account });
        expect(backToAdaptive.statusCode).toBe(409);
        expect(backToAdaptive.json().error).toBe(CARD_MESSAGES.adaptiveOptedOut);

        const events = await m.asAdmin('GET', `/events?account_id=${account}&event=ProfileDeleted&per_page=100`);
        expect(events.statusCode, events.body).toBe(200);
        const deletion = (
            events.json().result as { event: string; profiles: { profile_id: number; deletion_cause: string | null }[] }[]
        ).filter(e => e.profiles[0]?.profile_id === holder.id);
        expect(deletion).toHaveLength(1);
        expect(deletion[0]!.event).toBe('ProfileDeleted');
        expect(deletion[0]!.profiles[0]).toMatchObject({
            profile_id: holder.id,
            badge_number: 1001,
            facility_code: 7,
            deletion_cause: 'opt_out',
            profile_deleted: true,
        });

        const audit = await m.asAdmin('GET', `/audit_logs?account_id=${account}&resource=profiles&per_page=100`);
        expect(audit.statusCode, audit.body).toBe(200);
        const entries = (audit.json().result as { action: string; entity_id: string | null; before: unknown; after: unknown }[]).filter(
            e => e.action === 'delete' && e.entity_id === String(holder.id),
        );
        expect(entries).toHaveLength(1);
        expect(entries[0]!.after).toEqual({ deletion_cause: 'opt_out' });
        expect(entries[0]!.before).toMatchObject({
            id: holder.id,
            badges: [{ badge_number: 1001, facility_code: 7, card_format_id: h10301.id }],
        });

        const list = await listed(account);
        expect(list.result.filter(e => e.badge_number === 1001)).toEqual([expect.objectContaining({ id: added.json().id, profile: null })]);

        const again = await m.asAdmin('POST', '/opt_out', { ...badge, account_id: account });
        expect(again.statusCode).toBe(409);
        expect(again.json().error).toBe(CARD_MESSAGES.alreadyListed);
        expect((await listed(account)).count).toBe(list.count);

        const recreated = await m.asAdmin('POST', '/profiles', {
            acs_id: `OPT-${++seq}`,
            access_group_ids: [everyone.get(account)!],
            account_id: account,
            badges: [badge],
        });
        expect(recreated.statusCode).toBe(409);
        expect(recreated.json().error).toBe(CARD_MESSAGES.optedOut);

        const other = await newProfile(account, []);
        const granted = await m.asAdmin('POST', `/profiles/${other.id}/access`, { access_group_id: everyone.get(account), card: badge });
        expect(granted.statusCode).toBe(409);
        expect(granted.json().error).toBe(CARD_MESSAGES.optedOut);
        const access = await m.asAdmin('GET', `/profiles/${other.id}/access`);
        expect(access.statusCode).toBe(200);
        expect(access.json().cards).toEqual([]);
    });
});

describe('acs/opt_out_enabled off: no opt-out list for the account', () => {
    it('GET and POST /opt_out and the CSV import answer 403 OPT_OUT_OFF until the option is back to true', async () => {
        const account = p.demo.customers[0].id;
        const before = await m.asAdmin('GET', `/accounts/${account}/options`);
        expect(before.statusCode).toBe(200);
        const options = before.json().options as AccountOption[];
        expect(options.find(o => o.name === 'acs/opt_out_enabled')?.value).toBe('true');
        const setOption = async (value: string | undefined) => {
            const next = options
                .filter(o => o.name !== 'acs/opt_out_enabled' || value !== undefined)
                .map(o => (o.name === 'acs/opt_out_enabled' ? { ...o, value: value! } : o));
            const res = await m.asAdmin('PUT', `/accounts/${account}/options`, { options: next });
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().options).toEqual(next);
        };
        const countBefore = (await listed(account)).count;
        const holder = await newProfile(account, [card(1201, 7)]);
        const entry = await m.asAdmin('POST', '/opt_out', { ...card(1202, 7), account_id: account });
        expect(entry.statusCode).toBe(201);
        try {
            for (const value of ['false', undefined]) {
                await setOption(value);
                const read = await m.asAdmin('GET', `/opt_out?account_id=${account}`);
                expect(read.statusCode).toBe(403);
                expect(read.json().error).toBe(OPT_OUT_OFF);
                const write = await m.asAdmin('POST', '/opt_out', { ...card(1201, 7), account_id: account });
                expect(write.statusCode).toBe(403);
                expect(write.json().error).toBe(OPT_OUT_OFF);
                const upload = await importCsv(m.tokens.admin, account, `${HEADER}\n1201,7,\n`);
                expect(upload.statusCode).toBe(403);
                expect(upload.json().error).toBe(OPT_OUT_OFF);
                const remove = await m.asAdmin('DELETE', `/opt_out/${entry.json().id}?account_id=${account}`);
                expect(remove.statusCode).toBe(403);
                expect(remove.json().error).toBe(OPT_OUT_OFF);
                expect(await profileStatus(holder.id)).toBe(200);
            }
        } finally {
            await setOption('true');
        }
        expect((await m.asAdmin('GET', `/accounts/${account}/options`)).json().options).toEqual(options);
        expect((await listed(account)).count).toBe(countBefore + 1);
        expect(await profileStatus(holder.id)).toBe(200);
    });
});

describe('POST /opt_out/csv', () => {
    it('imports the good lines, deletes their holders and refuses each bad line with its number and reason', async () => {
        const account = p.demo.customers[0].id;
        const first = await newProfile(account, [card(2001, 10)]);
        const second = await newProfile(account, [card(2002, 10), card(2102, 10)]);
        const bystander = await newProfile(account, [card(2008, 10)]);
        const countBefore = (await listed(account)).count;
        const csv = Buffer.concat([
            Buffer.from(
                [
                    HEADER, // 1
                    '2001,10,', // 2: held by the first profile, default format
                    '2002,10,h10301', // 3: held by the second, format by key
                    `2003,10,${h10301.name}`, // 4: format by name
                    '', // 5: empty
                    '2001,10,', // 6: the same badge again
                    '=cmd,1,', // 7
                    '2004,10,Mystery 99-bit', // 8
                    '2005,300,', // 9: facility code over 255
                    '20',
                ].join('\n'),
                'utf8',
            ),
            Buffer.from([0xff, 0xfe]),
            Buffer.from(['06,10,', '2007,10', ''].join('\n'), 'utf8'), // 10: not UTF-8; 11: without the format column
        ]);
        const res = await importCsv(m.tokens.admin, account, csv);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
            lines: 9,
            added: 4,
            already: 1,
            profiles_deleted: 2,
            refused: [
                { line: 7, reason: 'Badge number must be a whole number' },
                { line: 8, reason: 'Unknown card format "Mystery 99-bit"' },
                { line: 9, reason: `Facility code must be a whole number from 0 to 255 in ${h10301.name}` },
                { line: 10, reason: 'The line is not UTF-8 text.' },
            ],
            refused_more: 0,
        } satisfies ImportReply);

        expect(await profileStatus(first.id)).toBe(404);
        expect(await profileStatus(second.id)).toBe(404);
        expect(await profileStatus(bystander.id)).toBe(200);
        const after = await listed(account);
        expect(after.count).toBe(countBefore + 4);
        for (const number of [2001, 2002, 2003, 2007]) {
            const found = (await listed(account, `&q=10:${number}`)).result.filter(e => e.badge_number === number);
            expect(found, `badge ${number}`).toEqual([expect.objectContaining({ facility_code: 10, card_format_id: h10301.id })]);
        }
        for (const number of [2004, 2005])
            expect((await listed(account, `&q=${number}`)).result.filter(e => e.badge_number === number)).toEqual([]);

        const events = (await m.asAdmin('GET', `/events?account_id=${account}&event=ProfileDeleted&per_page=100`)).json().result as {
            profiles: { profile_id: number; deletion_cause: string }[];
        }[];
        for (const gone of [first, second])
            expect(events.filter(e => e.profiles[0]?.profile_id === gone.id).map(e => e.profiles[0]!.deletion_cause)).toEqual(['opt_out']);
        const audit = (await m.asAdmin('GET', `/audit_logs?account_id=${account}&resource=profiles&action=delete&per_page=100`)).json()
            .result as { entity_id: string; after: unknown }[];
        for (const gone of [first, second])
            expect(audit.filter(e => e.entity_id === String(gone.id)).map(e => e.after)).toEqual([{ deletion_cause: 'opt_out' }]);

        // the second profile's other badge went with it: it is free again
        await newProfile(account, [card(2102, 10)]);
        const refused = await m.asAdmin('POST', '/profiles', {
            access_group_ids: [everyone.get(account)!],
            account_id: account,
            badges: [card(2003, 10)],
        });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe(CARD_MESSAGES.optedOut);
    });

    it('reads a spreadsheet export: byte-order mark, CRLF line ends, quoted fields, header in capitals', async () => {
        const account = p.demo.customers[0].id;
        const holder = await newProfile(account, [card(2201, 11)]);
        const csv = Buffer.concat([
            Buffer.from([0xef, 0xbb, 0xbf]),
            Buffer.from(
                ['Badge_Number, Facility_Code ,Card_Format', '"2201","11",""', '2202,11,"26-bit H10301"', '"22x03",11,', ''].join('\r\n'),
            ),
        ]);
        const res = await importCsv(m.tokens.admin, account, csv);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
            lines: 3,
            added: 2,
            already: 0,
            profiles_deleted: 1,
            refused: [{ line: 4, reason: 'Badge number must be a whole number' }],
            refused_more: 0,
        } satisfies ImportReply);
        expect(await profileStatus(holder.id)).toBe(404);
    });

    it('takes the account and the format of lines without one from the fields before the file', async () => {
        const account = p.demo.customers[0].id;
        const form = new FormData();
        form.append('account_id', String(account));
        form.append('card_format_id', String(h10306.id));
        form.append('file', new Blob([`${HEADER}\n2301,300,\n2302,12,h10301\n`], { type: 'text/csv' }), 'opt-out.csv');
        const res = await p.call(m.tokens.admin, { method: 'POST', url: '/api/v2/opt_out/csv', payload: form });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ lines: 2, added: 2, already: 0, refused: [] });
        const entries = (await listed(account)).result.filter(e => e.badge_number === 2301 || e.badge_number === 2302);
        expect(entries.map(e => [e.badge_number, e.facility_code, e.card_format_id]).sort()).toEqual([
            [2301, 300, h10306.id],
            [2302, 12, h10301.id],
        ]);

        const unknown = await importCsv(m.tokens.admin, account, `${HEADER}\n2303,1,\n`, { fields: { card_format_id: '999999' } });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().fields).toEqual({ card_format_id: 'Choose a card format of the account' });
    });

    // csv-parse stops at a line longer than a badge line (4 KB) or at a misplaced quote: the import keeps what came before and says where.
    it('refuses an overlong line by its number and goes on with the lines after it', async () => {
        const account = p.demo.customers[0].id;
        const countBefore = (await listed(account)).count;
        const csv = [HEADER, '2401,13,', '2402,13,', `2403,13,${'x'.repeat(5000)}`, '2404,13,', ''].join('\n');
        const res = await answered(importCsv(m.tokens.admin, account, csv));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
            lines: 4,
            added: 3,
            already: 0,
            profiles_deleted: 0,
            refused: [{ line: 4, reason: 'The line is longer than 4096 bytes.' }],
            refused_more: 0,
        });
        expect((await listed(account)).count).toBe(countBefore + 3);
    });

    it('refuses the line of a quote never closed, not the last line of the file, and reads the lines after it', async () => {
        const account = p.demo.customers[0].id;
        const countBefore = (await listed(account)).count;
        const after = Array.from({ length: 20 }, (_, i) => `${2420 + i},13,`);
        const res = await answered(importCsv(m.tokens.admin, account, [HEADER, '2411,13,', '"2412,13,', ...after, ''].join('\n')));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
            lines: 22,
            added: 21,
            already: 0,
            profiles_deleted: 0,
            refused: [{ line: 3, reason: 'The line is not valid CSV (a quote is not closed or is misplaced).' }],
            refused_more: 0,
        });
        expect((await listed(account)).count).toBe(countBefore + 21);
    });

    it('answers a long file with a stray quote in its middle: every other line is kept and the line of the quote is named', async () => {
        const account = p.demo.customers[0].id;
        const countBefore = (await listed(account)).count;
        const good = Array.from({ length: 5000 }, (_, i) => `${3000 + i},14,`);
        const res = await answered(
            importCsv(m.tokens.admin, account, [HEADER, ...good, '"9,1,', ...good.map(l => `1${l}`), ''].join('\n')),
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
            lines: 10001,
            added: 10000,
            already: 0,
            profiles_deleted: 0,
            refused: [{ line: 5002, reason: 'The line is not valid CSV (a quote is not closed or is misplaced).' }],
            refused_more: 0,
        });
        expect((await listed(account)).count).toBe(countBefore + 10000);
    });

    it('refuses a file whose header does not name the columns, and adds nothing', async () => {
        const account = p.demo.customers[0].id;
        const countBefore = (await listed(account)).count;
        for (const csv of [
            'number,fc\n3001,10\n3002,10\n',
            'badge_number\n3001\n',
            'badge_number,facility_code,colour\n3001,10,red\n',
            '3001,10,\n3002,10,\n',
        ]) {
            const res = await importCsv(m.tokens.admin, account, csv);
            expect(res.statusCode, csv).toBe(400);
            expect(res.json().error, csv).toBe(CSV_HEADER_PROBLEM);
        }
        expect((await listed(account)).count).toBe(countBefore);
    });

    it('refuses a file with no badge under its header, and a request without a file', async () => {
        const account = p.demo.customers[0].id;
        const countBefore = (await listed(account)).count;
        for (const csv of [`${HEADER}\n`, HEADER, `${HEADER}\n\n\n`]) {
            const res = await importCsv(m.tokens.admin, account, csv);
            expect(res.statusCode, JSON.stringify(csv)).toBe(400);
            expect(res.json().error).toBe('The file holds no badge: add one line per badge under the header.');
        }
        const onlyFields = new FormData();
        onlyFields.append('account_id', String(account));
        const noFile = await p.call(m.tokens.admin, {
            method: 'POST',
            url: `/api/v2/opt_out/csv?account_id=${account}`,
            payload: onlyFields,
        });
        expect(noFile.statusCode).toBe(400);
        expect(noFile.json().error).toBe('Send the CSV file in the multipart field "file".');
        const json = await m.asAdmin('POST', `/opt_out/csv?account_id=${account}`, { file: `${HEADER}\n3001,10,\n` });
        expect(json.statusCode).toBe(400);
        expect(json.json().error).toBe('Send the CSV file in the multipart field "file".');
        const wrongField = await importCsv(m.tokens.admin, account, `${HEADER}\n3001,10,\n`, { field: 'csv' });
        expect(wrongField.statusCode).toBe(400);
        expect(wrongField.json().error).toBe('Send one file, in the field "file".');
        expect((await listed(account)).count).toBe(countBefore);
    });

    // The run at full size (100,000 lines in one request) is a benchmark: bench/profiles.ts.
    it('imports a file of thousands of lines in one request, deleting the profile of a listed badge', { timeout: 60_000 }, async () => {
        const account = p.demo.customers[1].id;
        const holder = await newProfile(account, [card(1_234, 2)]);
        const lines = [HEADER];
        const distinct = new Set<string>();
        // badge numbers wrap at 65,536 within a facility code: the file crosses into the next one
        for (let i = 0; i < 5_000; i++) {
            const badge = (64_000 + i) % 65_536;
            const facility = 1 + Math.floor((64_000 + i) / 65_536);
            lines.push(`${badge},${facility},`);
            distinct.add(`${facility}:${badge}`);
        }
        const res = await importCsv(m.tokens.admin, account, `${lines.join('\n')}\n`);
        expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
        expect(res.json()).toEqual({
            lines: 5_000,
            added: distinct.size,
            already: 5_000 - distinct.size,
            profiles_deleted: 1,
            refused: [],
            refused_more: 0,
        } satisfies ImportReply);
        expect(distinct.size).toBe(5_000);
        expect((await listed(account)).count).toBe(distinct.size);
        expect(await profileStatus(holder.id)).toBe(404);

        const again = await importCsv(m.tokens.admin, account, `${lines.slice(0, 1001).join('\n')}\n`);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toMatchObject({ lines: 1000, added: 0, already: 1000, profiles_deleted: 0, refused: [] });
    });
});

describe('rights (SPEC 6.2 opt-out: manager and above write; user reads)', () => {
    it('a user reads the list of its account but cannot add to it, by hand or by file', async () => {
        const account = p.demo.dealer.id;
        const read = await m.call('user', 'GET', `/opt_out?account_id=${account}`);
        expect(read.statusCode).toBe(200);
        const write = await m.call('user', 'POST', '/opt_out', { ...card(4001, 3), account_id: account });
        expect(write.statusCode).toBe(403);
        const upload = await importCsv(m.tokens.user, account, `${HEADER}\n4002,3,\n`);
        expect(upload.statusCode).toBe(403);
        const list = (await m.call('user', 'GET', `/opt_out?account_id=${account}&per_page=100`)).json() as { result: Listed[] };
        expect(list.result.filter(e => e.badge_number === 4001 || e.badge_number === 4002)).toEqual([]);
    });

    it('a manager adds a badge, and the user of the account then sees it', async () => {
        const account = p.demo.dealer.id;
        const holder = await newProfile(account, [card(4101, 3)]);
        const added = await m.call('manager', 'POST', '/opt_out', { ...card(4101, 3), account_id: account });
        expect(added.statusCode, added.body).toBe(201);
        expect(added.json()).toMatchObject({ account_id: account, badge_number: 4101, facility_code: 3, profiles_deleted: 1 });
        expect(await profileStatus(holder.id)).toBe(404);
        const seen = (await m.call('user', 'GET', `/opt_out?account_id=${account}&per_page=100`)).json() as { result: Listed[] };
        expect(seen.result.filter(e => e.badge_number === 4101).map(e => e.id)).toEqual([added.json().id]);
        const upload = await importCsv(m.tokens.manager, account, `${HEADER}\n4102,3,\n`);
        expect(upload.statusCode, upload.body).toBe(200);
        expect(upload.json()).toMatchObject({ lines: 1, added: 1, refused: [] });
    });

    it('every role in its own, a descendant and an unrelated account', async () => {
        // the admin's own account is the platform main account, where bio opt-out is off
        const main = await m.asAdmin('GET', `/opt_out?account_id=${p.mainAccountId}`);
        expect(main.statusCode).toBe(403);
        expect(main.json().error).toBe(OPT_OUT_OFF);
        const expected = (action: 'read' | 'write', ok: number) => (r: Role, t: Target) =>
            r === 'admin' && t === 'own' ? 403 : scoped('optOut', action, ok, 403)(r, t);
        let next = 5000;
        await expectTable(
            (r, t) => m.call(r, 'GET', `/opt_out?account_id=${m.accountFor(r, t)}`).then(x => x.statusCode),
            expected('read', 200),
        );
        await expectTable(
            async (r, t) => (await m.call(r, 'POST', '/opt_out', { ...card(++next, 4), account_id: m.accountFor(r, t) })).statusCode,
            expected('write', 201),
        );
        await expectTable(
            async (r, t) => (await importCsv(m.tokens[r], m.accountFor(r, t), `${HEADER}\n${++next},4,\n`)).statusCode,
            expected('write', 200),
        );
    });
});

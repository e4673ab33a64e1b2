import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Archiver } from 'archiver';
import { createRequire } from 'node:module';
import yauzl from 'yauzl';
import { ACCOUNT_OPTIONS_MAX } from '../../../contract/accounts';
import { fileIdOf, IMPORT_EXPORT_MESSAGES } from '../../../contract/importExport';
import { rows } from '../../../server/db/database';
import { seedDemoDevices } from '../../../server/demo/seed-devices';
import { sweepDebris } from '../../../server/storage/sweep';
import { approvedReader } from '../events/helpers';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { fileOwners } from '../../../server/features';

/**
 * Import and export of an account's data (SPEC 3, 7.2, 8.3):
 * platform_data.zip out of one account, into another, with a report of what
 * was left out and why.
 */
let p: TestPlatform;
let admin: ApiCaller;
let token: string;
let source: number;

const form = (fields: Record<string, string>, file?: Buffer) => {
    const boundary = '----platformdata';
    const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
    if (file)
        parts.push(
            Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="platform_data.zip"\r\nContent-Type: application/zip\r\n\r\n`,
            ),
            Buffer.from(new Uint8Array(file)),
            Buffer.from('\r\n'),
        );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
const importForm = (accountId: number, fields: Record<string, string>, file?: Buffer, bearer = token) =>
    p.call(bearer, { method: 'POST', url: `/api/v2/import_export/import?account_id=${accountId}`, ...form(fields, file) });
const exported = async (accountId: number) => {
    const res = await p.call(token, { method: 'GET', url: `/api/v2/import_export/export?account_id=${accountId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="platform_data.zip"');
    return res.rawPayload;
};
/** What an account holds, in words that do not depend on its ids. */
const contents = async (accountId: number) => ({
    formats: await rows<{ name: string }>(p.ctx.db, sql`select name, bits from card_formats where account_id = ${accountId} order by name`),
    groups: (
        await rows<{ d: string }>(p.ctx.db, sql`select description as d from access_groups where account_id = ${accountId} order by 1`)
    ).map(r => r.d),
    readers: await rows(p.ctx.db, sql`select description, hardware_id from readers where account_id = ${accountId} order by 1, 2`),
    lists: await rows(
        p.ctx.db,
        sql`select l.list, f.name, l.facility_code::text, l.badge_number::text from card_lists l join card_formats f on f.id = l.card_format_id
            where l.account_id = ${accountId} order by 1, 2, 3, 4`,
    ),
    profiles: await rows(
        p.ctx.db,
        sql`select p.acs_id, p.status, p.enabled,
                (select string_agg(f.name || ' ' || coalesce(b.facility_code::text, '') || ':' || b.badge_number, ',' order by b.badge_number)
                 from badges b join card_formats f on f.id = b.card_format_id where b.profile_id = p.id) as badges,
                (select string_agg(g.description, ',' order by g.description) from profile_access_groups m
                 join access_groups g on g.id = m.access_group_id where m.profile_id = p.id) as groups
            from profiles p where p.account_id = ${accountId} and not p.visitor order by 4, 1`,
    ),
});

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    token = await p.login(ADMIN.email);
    source = p.demo.customers[0].id;
    // The demo's people of the account: profiles with badges and groups, adaptive, exclusion and opt-out badges, a visitor.
    await seedDemoDevices(p.ctx.db, [p.demo.customers[0].name], 4);
    const custom = await admin('POST', '/card_formats', {
        name: 'Campus 30',
        type: 'custom',
        bits: 30,
        facility: { start: 2, length: 10 },
        card: { start: 12, length: 18 },
        parity: [{ position: 1, kind: 'even', covers: [2, 3, 4] }],
        account_id: source,
    });
    expect(custom.statusCode, custom.body).toBe(201);
    const group = (await admin('GET', `/access_groups?account_id=${source}`)).json().result[0].id as number;
    const made = await admin('POST', '/profiles', {
        account_id: source,
        acs_id: 'CAMPUS-1',
        access_group_ids: [group],
        badges: [{ card_format_id: custom.json().id, badge_number: 77, facility_code: 3 }],
    });
    expect(made.statusCode, made.body).toBe(201);
}, 60_000);
afterAll(() => p?.close());

describe('platform_data.zip', () => {
    it('moves an account into another: formats, groups, readers, lists, profiles with badges and groups', async () => {
        const zip = await exported(source);
        const target = await admin('POST', '/accounts', {
            name: 'Imported Site',
            ref_number: 'IMP-1',
            address: { email: 'site@import.test' },
            parent_id: p.demo.dealer.id,
            options: [{ type: 'bool', name: 'acs/opt_out_enabled', value: 'true' }],
        });
        expect(target.statusCode).toBe(201);
        const before = await contents(source);
        expect(before.profiles.length).toBeGreaterThan(10);
        expect(before.lists.length).toBeGreaterThan(0);

        const res = await importForm(target.json().id, { action: 'import' }, zip);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.body).toMatch(/^Imported: /);
        const after = await contents(target.json().id);
        expect(after.formats).toEqual(before.formats);
        // The new account had its own default group already; the source's groups join it.
        expect(after.groups).toEqual([...new Set([...before.groups, ...after.groups])].sort());
        expect(after.readers).toEqual(before.readers);
        expect(after.lists).toEqual(before.lists);
        // Options it had not set come from the source; the one it had stays its own.
        const optionsOf = async (id: number) =>
            (await rows<{ options: { name: string; value: string }[] }>(p.ctx.db, sql`select options from accounts where id = ${id}`))[0]!
                .options;
        const targetOptions = await optionsOf(target.json().id);
        expect(targetOptions.filter(o => o.name === 'acs/opt_out_enabled')).toEqual([expect.objectContaining({ value: 'true' })]);
        for (const option of await optionsOf(source)) expect(targetOptions.map(o => o.name)).toContain(option.name);
        // Profiles whose badge is opted out would not be there in the source either: every profile comes over.
        expect(after.profiles).toEqual(before.profiles);

        const report = await p.call(token, {
            method: 'GET',
            url: `/api/v2/import_export_file?file_id=${fileIdOf(res.body)}&account_id=${target.json().id}`,
        });
        expect(report.statusCode).toBe(200);
        expect(report.headers['content-disposition']).toBe('attachment; filename="import_report.csv"');
        expect(report.body.split('\n')[0]).toBe('kind,item,reason');
    });

    it('brought back into the same account adds nothing twice, and sets device parameters back', async () => {
        const reader = await approvedReader(p, admin, source, 'Import Door');
        const edit = (led_option: string) =>
            admin('PUT', `/devices/${reader.id}`, {
                description: 'Import Door',
                role: 'one-fa',
                security_level: 'medium',
                led_option,
                communication: 'disabled',
                onvif: { managed_by: 'protocol' },
                sip: { enabled: false },
            });
        expect((await edit('mimic_acs')).statusCode).toBe(200);
        const zip = await exported(source);
        const before = await contents(source);
        const [device] = await rows<{ led_option: string; config_version: number }>(
            p.ctx.db,
            sql`select led_option, config_version from devices where id = ${reader.id}`,
        );
        const changed = await edit('no_acs_check');
        expect(changed.statusCode, changed.body).toBe(200);

        const res = await importForm(source, { action: 'import' }, zip);
        expect(res.statusCode, res.body).toBe(200);
        expect(await contents(source)).toEqual(before);
        const [after] = await rows<{ led_option: string; config_version: number }>(
            p.ctx.db,
            sql`select led_option, config_version from devices where id = ${reader.id}`,
        );
        expect(after!.led_option).toBe(device!.led_option);
        expect(after!.config_version).toBeGreaterThan(device!.config_version + 1);
        const report = (
            await p.call(token, { method: 'GET', url: `/api/v2/import_export_file?file_id=${fileIdOf(res.body)}&account_id=${source}` })
        ).body;
        expect(report).toContain('A profile with this ACS ID is already in the account');
    });

    it('made for download by the form (action=export), kept a day, then swept', async () => {
        const res = await importForm(source, { action: 'export' });
        expect(res.statusCode, res.body).toBe(200);
        const id = fileIdOf(res.body)!;
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        const file = await p.call(token, { method: 'GET', url: `/api/v2/import_export_file?file_id=${id}&account_id=${source}` });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
        // Another account's file id gives nothing.
        expect(
            (await p.call(token, { method: 'GET', url: `/api/v2/import_export_file?file_id=${id}&account_id=${p.demo.customers[1].id}` }))
                .statusCode,
        ).toBe(404);
        p.clock.offsetMs = 25 * 3_600_000;
        try {
            expect((await sweepDebris(p.ctx, fileOwners, { graceMs: 3_600_000 })).exports).toBeGreaterThan(0);
        } finally {
            p.clock.offsetMs = 0;
        }
        expect(
            (await p.call(token, { method: 'GET', url: `/api/v2/import_export_file?file_id=${id}&account_id=${source}` })).statusCode,
        ).toBe(404);
    });

    it('refuses a wrong action, a file that is not ours, and one that unpacks too far, changing nothing', async () => {
        for (const action of ['delete', '']) {
            const res = await importForm(source, { action });
            expect(res.statusCode).toBe(400);
            expect(res.json().error).toBe(IMPORT_EXPORT_MESSAGES.invalidAction);
        }
        expect((await importForm(source, {})).json().error).toBe(IMPORT_EXPORT_MESSAGES.invalidAction);
        const before = await contents(source);
        const notZip = await importForm(source, { action: 'import' }, Buffer.from('name,email\n'));
        expect(notZip.statusCode).toBe(400);
        expect(notZip.json().error).toBe(IMPORT_EXPORT_MESSAGES.notOurs);

        // A zip whose entries say they unpack to gigabytes (the central directory's sizes): refused before any is read.
        const zip = Buffer.from(await exported(source));
        for (
            let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
            at >= 0;
            at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
        )
            zip.writeUInt32LE(0xf0000000, at + 24);
        const bomb = await importForm(source, { action: 'import' }, zip);
        expect(bomb.statusCode).toBe(400);
        expect(bomb.json().error).toBe(IMPORT_EXPORT_MESSAGES.tooLargeUnpacked);
        expect(await contents(source)).toEqual(before);
    });

    it("keeps to the caller's rights and accounts", async () => {
        const manager = await p.login(p.demo.customers[0].users.manager.email);
        expect((await importForm(source, { action: 'export' }, undefined, manager)).statusCode).toBe(403);
        expect((await p.call(manager, { method: 'GET', url: `/api/v2/import_export/export?account_id=${source}` })).statusCode).toBe(403);
        const otherModerator = await p.login(p.demo.otherCustomer.users.moderator.email);
        const foreign = await p.call(otherModerator, { method: 'GET', url: `/api/v2/import_export/export?account_id=${source}` });
        expect([403, 404]).toContain(foreign.statusCode);
        expect((await importForm(source, { action: 'export' }, undefined, otherModerator)).statusCode).not.toBe(200);
        const moderator = await p.login(p.demo.customers[0].users.moderator.email);
        expect((await p.call(moderator, { method: 'GET', url: `/api/v2/import_export/export` })).statusCode).toBe(200);
    });

    it("sets the account's options only as PUT /accounts/{id}/options would: the right, each value, the cap", async () => {
        const target = p.demo.customers[1].id;
        const optionsOf = async () =>
            (
                await rows<{ options: { name: string; value: string }[] }>(p.ctx.db, sql`select options from accounts where id = ${target}`)
            )[0]!.options;
        const filler = Array.from({ length: 250 }, (_, i) => ({ type: 'text', name: `import/filler-${i}`, value: 'x' }));
        const zip = await withAccountJson(await exported(source), {
            name: 'Imported',
            options: [
                { type: 'bool', name: 'spf/enabled', value: 'true' },
                { type: 'text', name: 'enr/link_days', value: '40' },
                ...filler,
            ],
        });
        const skippedOf = async (res: { body: string }, bearer: string) =>
            (
                await p.call(bearer, {
                    method: 'GET',
                    url: `/api/v2/import_export_file?file_id=${fileIdOf(res.body)}&account_id=${target}`,
                })
            ).body;

        // A moderator may not PUT the options (403): its import adds none of them and says so.
        const moderator = await p.login(p.demo.customers[1].users.moderator.email);
        const before = await optionsOf();
        const byModerator = await importForm(target, { action: 'import' }, zip, moderator);
        expect(byModerator.statusCode, byModerator.body).toBe(200);
        expect(await optionsOf()).toEqual(before);
        expect(await skippedOf(byModerator, moderator)).toContain(
            `options,spf/enabled,${csvField(IMPORT_EXPORT_MESSAGES.optionsNotAllowed)}`,
        );

        // The dealer may: each value is checked as the options form checks it, and the account stops at the cap.
        const dealer = await p.login(p.demo.dealer.users.dealer.email);
        const byDealer = await importForm(target, { action: 'import' }, zip, dealer);
        expect(byDealer.statusCode, byDealer.body).toBe(200);
        const after = await optionsOf();
        expect(after.length).toBe(ACCOUNT_OPTIONS_MAX);
        expect(after.find(o => o.name === 'spf/enabled')?.value).toBe('true');
        expect(after.find(o => o.name === 'enr/link_days')).toBeUndefined();
        const report = await skippedOf(byDealer, dealer);
        expect(report).toContain('options,enr/link_days,');
        expect(report).toContain(`,${IMPORT_EXPORT_MESSAGES.optionsFull}`);
    });
});

/** A platform_data.zip whose account.json is replaced (what a hand-edited export would be). */
const withAccountJson = async (zip: Buffer, account: object): Promise<Buffer> => {
    const entries = await new Promise<{ name: string; data: Buffer }[]>((resolve, reject) =>
        yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
            if (error || !file) return reject(error);
            const out: { name: string; data: Buffer }[] = [];
            file.on('entry', (entry: yauzl.Entry) =>
                file.openReadStream(entry, (e, stream) => {
                    if (e || !stream) return reject(e);
                    const parts: Buffer[] = [];
                    stream.on('data', (c: Buffer) => parts.push(c));
                    stream.on('end', () => {
                        out.push({ name: entry.fileName, data: Buffer.concat(parts) });
                        file.readEntry();
                    });
                }),
            );
            file.on('end', () => resolve(out));
            file.readEntry();
        }),
    );
    const archive = archiver('zip');
    const parts: Buffer[] = [];
    archive.on('data', (c: Buffer) => parts.push(c));
    const done = new Promise(resolve => archive.on('end', resolve));
    for (const e of entries) archive.append(e.name === 'account.json' ? JSON.stringify(account) : e.data, { name: e.name });
    await archive.finalize();
    await done;
    return Buffer.concat(parts);
};
const archiver = createRequire(import.meta.url)('archiver') as (format: 'zip') => Archiver;
const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

import type { Archiver, ArchiverOptions } from 'archiver';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import {
    IMPORT_EXPORT_MESSAGES,
    PLATFORM_DATA_FORMAT,
    PLATFORM_DATA_MAX_UNPACKED_BYTES,
    PLATFORM_DATA_VERSION,
    type ImportReport,
} from '../../../contract/importExport';
import { accountOption, accountOptionProblem, ACCOUNT_OPTIONS_MAX } from '../../../contract/accounts';
import type { AccountOption } from '../../../contract/session';
import { CARD_LISTS, type CardList } from '../../../contract/cards';
import { deviceUpdateInput } from '../../../contract/devices';
import { scheduleRules, SCHEDULE_NAME_MAX } from '../../../contract/schedules';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { StoredOnvif, StoredSip } from '../../db/schema/devices';
import { HttpError } from '../../http/errors';
import { platformVersion } from '../../version';
import { holdersOf, whyNotListed } from '../cards';
import { storedOnvif, storedSip, updateDeviceParameters } from '../devices';
import { bumpAccessVersion } from '../../db/accessVersions';
import { createSchedule } from '../schedules';
import { BADGE_TAKEN, badgeTaken, checkBadgeWith, insertProfile, whyNotForProfile, type CheckedBadge } from '../profiles';
import {
    accountOf,
    accountOptionsOf,
    cardListsOf,
    customFormatsOf,
    deviceGroupsOf,
    devicesOf,
    groupsOf,
    insertCustomFormat,
    insertGroup,
    schedulesOf,
    insertListed,
    insertReader,
    predefinedFormats,
    profilePages,
    profileCount,
    profileWithAcsId,
    readersOf,
    setAccountOptions,
} from './queries';

// archiver 7 is a factory function (see events/export.ts).
const archiver = createRequire(import.meta.url)('archiver') as (format: 'zip', options?: ArchiverOptions) => Archiver;

/**
 * platform_data.zip (docs/decisions.md "Import and export of an account's data"): an
 * account's data as JSON, with references by the exporting platform's ids
 * (`ref`) or, for predefined card formats, by their key, so an import can
 * map them onto another account's rows. Passwords (SIP, ONVIF) and face
 * images stay behind.
 */

type FormatRef = { key: string } | { ref: number };
interface ExportedBadge {
    format: FormatRef;
    badge_number: number;
    facility_code: number | null;
    status: string;
    enabled: boolean;
}
interface ExportedProfile {
    ref: number;
    acs_id: string | null;
    status: string;
    enabled: boolean;
    visitor: boolean;
    expires_at: string | null;
    groups: number[];
    badges: ExportedBadge[];
}
interface Manifest {
    format: string;
    version: number;
    platform_version: string;
    exported_at: string;
    account: { name: string };
    counts: Record<string, number>;
}

const SECRET_OPTION = /password|secret|private|token/i;

/** Writes the account's platform_data.zip; resolves once the zip is finished (the caller stores or streams it). */
export const exportPlatformData = (ctx: AppContext, accountId: number): Readable => {
    const zip = archiver('zip', { zlib: { level: 6 } });
    const json = (name: string, value: unknown) => zip.append(JSON.stringify(value, null, 2), { name });
    void (async () => {
        const account = await accountOf(ctx.db, accountId);
        const predefined = new Map((await predefinedFormats(ctx.db)).map(f => [f.id, f.key!]));
        const formatRef = (id: number | null | undefined): FormatRef | null =>
            id === null || id === undefined ? null : predefined.has(id) ? { key: predefined.get(id)! } : { ref: id };
        const formats = await customFormatsOf(ctx.db, accountId);
        const groups = await groupsOf(ctx.db, accountId);
        const scheduleRows = await schedulesOf(ctx.db, accountId);
        const readerRows = await readersOf(ctx.db, accountId);
        const deviceRows = await devicesOf(ctx.db, accountId);
        const deviceGroups = await deviceGroupsOf(
            ctx.db,
            deviceRows.map(d => d.id),
        );
        const lists = await cardListsOf(ctx.db, accountId);
        const manifest: Manifest = {
            format: PLATFORM_DATA_FORMAT,
            version: PLATFORM_DATA_VERSION,
            platform_version: platformVersion(),
            exported_at: ctx.now().toISOString(),
            account: { name: account!.name },
            counts: {
                card_formats: formats.length,
                access_groups: groups.length,
                schedules: scheduleRows.length,
                readers: readerRows.length,
                devices: deviceRows.length,
                card_lists: lists.length,
                profiles: await profileCount(ctx.db, accountId),
            },
        };
        json('manifest.json', manifest);
        json('account.json', { name: account!.name, options: (account!.options ?? []).filter(o => !SECRET_OPTION.test(o.name)) });
        json(
            'card_formats.json',
            formats.map(({ id, account_id: _a, created_at: _c, updated_at: _u, ...rest }) => ({ ref: id, ...rest })),
        );
        json(
            'schedules.json',
            scheduleRows.map(s => ({
                ref: s.id,
                name: s.name,
                time_zone: s.time_zone,
                windows: s.windows,
                holidays: s.holidays,
                exceptions: s.exceptions,
            })),
        );
        json(
            'access_groups.json',
            groups.map(g => ({ ref: g.id, description: g.description, default_group: g.default_group, schedule: g.schedule_id })),
        );
        json(
            'readers.json',
            readerRows.map(r => ({ description: r.description, hardware_id: r.hardware_id })),
        );
        json(
            'devices.json',
            deviceRows.map(d => ({
                hardware_id: d.hardware_id,
                description: d.description,
                role: d.role,
                security_level: d.security_level,
                led_option: d.led_option,
                communication: d.communication,
                communication_settings: {
                    ...d.communication_settings,
                    wiegand_card_format_id: undefined,
                    wiegand_card_format: formatRef(d.communication_settings.wiegand_card_format_id),
                },
                onvif: { ...d.onvif, password: undefined },
                sip: { ...d.sip, password: undefined },
                groups: deviceGroups.get(d.id) ?? [],
            })),
        );
        json(
            'card_lists.json',
            lists.map(l => ({
                list: l.list,
                format: formatRef(l.card_format_id),
                facility_code: l.facility_code,
                badge_number: l.badge_number,
            })),
        );
        // Profiles as JSON lines, a page at a time: a large account never sits whole in memory.
        const pages = profilePages(ctx.db, accountId);
        zip.append(
            Readable.from(
                (async function* () {
                    for await (const page of pages)
                        for (const { profile, badges, groups: memberOf } of page) {
                            const line: ExportedProfile = {
                                ref: profile.id,
                                acs_id: profile.acs_id,
                                status: profile.status,
                                enabled: profile.enabled,
                                visitor: profile.visitor,
                                expires_at: profile.expires_at?.toISOString() ?? null,
                                groups: memberOf,
                                badges: badges.map(b => ({
                                    format: formatRef(b.card_format_id)!,
                                    badge_number: b.badge_number,
                                    facility_code: b.facility_code,
                                    status: b.status,
                                    enabled: b.enabled,
                                })),
                            };
                            yield `${JSON.stringify(line)}\n`;
                        }
                })(),
            ),
            { name: 'profiles.jsonl' },
        );
        await zip.finalize();
    })().catch(error => zip.destroy(error as Error));
    return zip;
};

// ---- import ----

const SMALL_ENTRY = 64 * 1024 * 1024;
const refused = (message: string) => new HttpError(400, message);

/** The entries of a zip on disk, by name, with a reader for each; the unpacked total is checked first (a zip bomb stops here). */
const openZip = async (file: string) => {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
        yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, z) =>
            error ? reject(refused(IMPORT_EXPORT_MESSAGES.notOurs)) : resolve(z),
        ),
    );
    const entries = new Map<string, yauzl.Entry>();
    let unpacked = 0;
    await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: yauzl.Entry) => {
            unpacked += entry.uncompressedSize;
            entries.set(entry.fileName, entry);
            zip.readEntry();
        });
        zip.on('end', () => resolve());
        zip.on('error', () => reject(refused(IMPORT_EXPORT_MESSAGES.notOurs)));
        zip.readEntry();
    });
    if (unpacked > PLATFORM_DATA_MAX_UNPACKED_BYTES) {
        zip.close();
        throw refused(IMPORT_EXPORT_MESSAGES.tooLargeUnpacked);
    }
    const stream = (name: string) =>
        new Promise<Readable | undefined>((resolve, reject) => {
            const entry = entries.get(name);
            if (!entry) return resolve(undefined);
            // yauzl checks the bytes read against the size the entry declares.
            zip.openReadStream(entry, (error, s) => (error ? reject(refused(IMPORT_EXPORT_MESSAGES.notOurs)) : resolve(s)));
        });
    const json = async <T>(name: string): Promise<T | undefined> => {
        const s = await stream(name);
        if (!s) return undefined;
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of s) {
            size += (chunk as Buffer).length;
            if (size > SMALL_ENTRY) throw refused(IMPORT_EXPORT_MESSAGES.tooLargeUnpacked);
            chunks.push(chunk as Buffer);
        }
        try {
            return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
        } catch {
            throw refused(`${IMPORT_EXPORT_MESSAGES.notOurs} (${name} is not readable)`);
        }
    };
    return { stream, json, close: () => zip.close() };
};

/** Lines of a text stream, one at a time. */
async function* lines(source: Readable) {
    let rest = '';
    for await (const chunk of source) {
        rest += (chunk as Buffer).toString('utf8');
        let at: number;
        while ((at = rest.indexOf('\n')) >= 0) {
            const line = rest.slice(0, at);
            rest = rest.slice(at + 1);
            if (line.trim()) yield line;
        }
        if (rest.length > 1024 * 1024) throw refused(`${IMPORT_EXPORT_MESSAGES.notOurs} (a profile line is too long)`);
    }
    if (rest.trim()) yield rest;
}

type CardFormatRow = Awaited<ReturnType<typeof customFormatsOf>>[number];

/**
 * Imports a platform_data.zip into an account: card formats, groups and
 * readers are matched by name (description, hardware id) or made; device
 * parameters go to the account's readers of the same hardware id; badge
 * lists, then profiles with their badges and groups, are added with the
 * account's rules (an opted-out badge is refused, a badge held here is
 * skipped). Every item left out is in the report with why.
 */
export const importPlatformData = async (
    ctx: AppContext,
    accountId: number,
    file: string,
    importer: { name: string; mayEditOptions: boolean },
): Promise<ImportReport> => {
    const zip = await openZip(file);
    try {
        const manifest = await zip.json<Manifest>('manifest.json');
        if (!manifest || manifest.format !== PLATFORM_DATA_FORMAT) throw refused(IMPORT_EXPORT_MESSAGES.notOurs);
        if (typeof manifest.version !== 'number' || manifest.version > PLATFORM_DATA_VERSION)
            throw refused(IMPORT_EXPORT_MESSAGES.newerFormat);
        return await applyPlatformData(ctx.db, accountId, zip, importer.name, importer.mayEditOptions);
    } finally {
        zip.close();
    }
};

type PlatformZip = Awaited<ReturnType<typeof openZip>>;

/** One import: the account, the file, and the report every step adds to. */
interface ImportRun {
    db: Db;
    accountId: number;
    zip: PlatformZip;
    report: ImportReport;
    created: (kind: string) => void;
    reused: (kind: string) => void;
    skip: (kind: string, item: string, reason: string) => void;
}
type FormatOf = (ref: FormatRef | null | undefined) => CardFormatRow | undefined;
type GroupIds = (refs: unknown) => number[];

const array = <T>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);

const applyPlatformData = async (db: Db, accountId: number, zip: PlatformZip, createdBy: string, mayEditOptions: boolean) => {
    const report: ImportReport = { created: {}, reused: {}, skipped: [] };
    const run: ImportRun = {
        db,
        accountId,
        zip,
        report,
        created: kind => (report.created[kind] = (report.created[kind] ?? 0) + 1),
        reused: kind => (report.reused[kind] = (report.reused[kind] ?? 0) + 1),
        skip: (kind, item, reason) => report.skipped.push({ kind, item: item.slice(0, 200), reason }),
    };
    await importOptions(run, mayEditOptions);
    const formatOf = await importCardFormats(run);
    const scheduleByRef = await importSchedules(run);
    const groupIds = await importAccessGroups(run, scheduleByRef);
    await importReaders(run);
    await importDeviceParameters(run, formatOf, groupIds);
    // Badge lists before profiles: a badge opted out there is not given to a profile here.
    await importCardLists(run, formatOf, createdBy);
    await importProfiles(run, formatOf, groupIds);
    await bumpAccessVersion(db, accountId);
    return report;
};

/**
 * The account's options: those it has not set yet come from the file; its own stay as they are. The import may
 * set them only as PUT /accounts/{id}/options would: with its right, each value checked, up to the cap.
 */
const importOptions = async ({ db, accountId, zip, report, reused, skip }: ImportRun, mayEditOptions: boolean) => {
    const options = array<AccountOption>((await zip.json<{ options?: unknown }>('account.json'))?.options);
    const current = await accountOptionsOf(db, accountId);
    const have = new Set(current.map(o => o.name));
    const added: AccountOption[] = [];
    for (const o of options) {
        if (!accountOption.safeParse(o).success) continue;
        if (have.has(o.name)) reused('options');
        else if (SECRET_OPTION.test(o.name)) continue;
        else if (!mayEditOptions) skip('options', o.name, IMPORT_EXPORT_MESSAGES.optionsNotAllowed);
        else if (accountOptionProblem(o)) skip('options', o.name, accountOptionProblem(o)!);
        else if (current.length + added.length >= ACCOUNT_OPTIONS_MAX) skip('options', o.name, IMPORT_EXPORT_MESSAGES.optionsFull);
        else {
            added.push(o);
            have.add(o.name);
        }
    }
    if (added.length) {
        await setAccountOptions(db, accountId, [...current, ...added]);
        report.created.options = added.length;
    }
};

/** Card formats: predefined by key, the account's own by name. Returns the account's format for a file's reference. */
const importCardFormats = async ({ db, accountId, zip, created, reused, skip }: ImportRun): Promise<FormatOf> => {
    const predefined = await predefinedFormats(db);
    const byKey = new Map(predefined.map(f => [f.key!, f]));
    const own = await customFormatsOf(db, accountId);
    const formatByRef = new Map<number, CardFormatRow>();
    for (const f of array<CardFormatRow & { ref: number }>(await zip.json('card_formats.json'))) {
        if (typeof f?.name !== 'string' || typeof f.bits !== 'number') {
            skip('card_formats', String(f?.name ?? '?'), 'Not a card format');
            continue;
        }
        let row = own.find(o => o.name.toLowerCase() === f.name.toLowerCase());
        if (row) reused('card_formats');
        else {
            const { ref: _ref, id: _id, key: _key, type: _type, ...values } = f;
            const id = await insertCustomFormat(db, { ...values, account_id: accountId, type: 'custom', key: null });
            row = (await customFormatsOf(db, accountId)).find(o => o.id === id)!;
            own.push(row);
            created('card_formats');
        }
        formatByRef.set(f.ref, row);
    }
    return ref => (!ref ? undefined : 'key' in ref ? byKey.get(ref.key) : 'ref' in ref ? formatByRef.get(ref.ref) : undefined);
};

/**
 * Schedules by name (docs/decisions.md "Schedules"); rules that do not validate are skipped, as the API would
 * refuse them. Returns the account's schedule id for a file's reference.
 */
const importSchedules = async ({ db, accountId, zip, created, reused, skip }: ImportRun) => {
    const scheduleRows = await schedulesOf(db, accountId);
    const scheduleByRef = new Map<number, number>();
    for (const s of array<{ ref: number; name: unknown }>(await zip.json('schedules.json'))) {
        const rules = scheduleRules.safeParse(s);
        if (typeof s?.name !== 'string' || !s.name.trim()) continue;
        const name = s.name.trim().slice(0, SCHEDULE_NAME_MAX);
        const match = scheduleRows.find(x => x.name.toLowerCase() === name.toLowerCase());
        if (match) reused('schedules');
        else if (!rules.success) {
            skip('schedules', name, rules.error.issues[0]!.message);
            continue;
        } else created('schedules');
        scheduleByRef.set(s.ref, match?.id ?? (await createSchedule(db, accountId, { ...rules.data!, name })));
    }
    return scheduleByRef;
};

/** Access groups by description; a new one follows its schedule, an existing one keeps its own. Returns the account's group ids for a file's references. */
const importAccessGroups = async (
    { db, accountId, zip, created, reused }: ImportRun,
    scheduleByRef: Map<number, number>,
): Promise<GroupIds> => {
    const groups = await groupsOf(db, accountId);
    const groupByRef = new Map<number, number>();
    for (const g of array<{ ref: number; description: string; schedule?: number | null }>(await zip.json('access_groups.json'))) {
        if (typeof g?.description !== 'string' || !g.description.trim()) continue;
        const match = groups.find(x => x.description.toLowerCase() === g.description.toLowerCase());
        if (match) reused('access_groups');
        else created('access_groups');
        const scheduleId = typeof g.schedule === 'number' ? (scheduleByRef.get(g.schedule) ?? null) : null;
        groupByRef.set(g.ref, match?.id ?? (await insertGroup(db, accountId, g.description.slice(0, 255), scheduleId)));
    }
    return refs => array<number>(refs).flatMap(r => (groupByRef.has(r) ? [groupByRef.get(r)!] : []));
};

/** Readers by hardware id, or by description when they have none. */
const importReaders = async ({ db, accountId, zip, created, reused }: ImportRun) => {
    const readerRows = await readersOf(db, accountId);
    for (const r of array<{ description: string; hardware_id: string | null }>(await zip.json('readers.json'))) {
        if (typeof r?.description !== 'string') continue;
        const match = readerRows.find(x =>
            r.hardware_id ? x.hardware_id === r.hardware_id : !x.hardware_id && x.description === r.description,
        );
        if (match) reused('readers');
        else {
            await insertReader(db, accountId, r.description.slice(0, 255), r.hardware_id?.slice(0, 64) ?? null);
            created('readers');
        }
    }
};

type ExportedDevice = Record<string, unknown> & {
    hardware_id: string;
    communication_settings?: Record<string, unknown> & { wiegand_card_format?: FormatRef | null };
    groups?: number[];
};

/** Device parameters, onto this account's devices of the same hardware id. */
const importDeviceParameters = async ({ db, accountId, zip, reused, skip }: ImportRun, formatOf: FormatOf, groupIds: GroupIds) => {
    const deviceRows = await devicesOf(db, accountId);
    for (const d of array<ExportedDevice>(await zip.json('devices.json'))) {
        const target = deviceRows.find(x => x.hardware_id === d?.hardware_id);
        if (!target) {
            skip(
                'devices',
                String(d?.hardware_id ?? '?'),
                'No device with this hardware id in the account: register it, then import again',
            );
            continue;
        }
        const { wiegand_card_format, ...settings } = d.communication_settings ?? {};
        const parsed = deviceUpdateInput.safeParse({
            ...d,
            communication_settings: { ...settings, wiegand_card_format_id: formatOf(wiegand_card_format)?.id ?? null },
            access_group_ids: groupIds(d.groups),
        });
        if (!parsed.success) {
            skip('devices', d.hardware_id, parsed.error.issues[0]?.message ?? 'Not valid device parameters');
            continue;
        }
        const onvif = storedOnvif(parsed.data.onvif, target.onvif as StoredOnvif);
        const sip = storedSip(parsed.data.sip, target.sip as StoredSip);
        if ((onvif.managed_by === 'platform' && !onvif.password) || (sip.enabled && !sip.password)) {
            skip(
                'devices',
                d.hardware_id,
                'Passwords are not exported: enter the SIP or ONVIF password on the device page, then import again',
            );
            continue;
        }
        const { access_group_ids, ...values } = parsed.data;
        await updateDeviceParameters(
            db,
            target.id,
            { ...values, communication_settings: values.communication_settings ?? {}, onvif, sip },
            access_group_ids,
        );
        reused('devices');
    }
};

/** The badge lists (opt-out, ...), with the account's rules. */
const importCardLists = async ({ db, accountId, zip, created, reused, skip }: ImportRun, formatOf: FormatOf, createdBy: string) => {
    for (const l of array<{ list: CardList; format: FormatRef; facility_code: number | null; badge_number: number }>(
        await zip.json('card_lists.json'),
    )) {
        const format = formatOf(l?.format);
        const item = `${l?.list} ${l?.facility_code ?? ''}:${l?.badge_number}`;
        if (!format || !CARD_LISTS.includes(l.list) || !Number.isSafeInteger(l.badge_number)) {
            skip('card_lists', item, 'Unknown card format or list');
            continue;
        }
        const key = { card_format_id: format.id, facility_code: l.facility_code ?? null, badge_number: l.badge_number };
        const why =
            (await whyNotListed(db, accountId, l.list, key)) ??
            (l.list === 'opt_out' && (await holdersOf(db, accountId, [key])).length
                ? 'A profile of this account holds this badge: opt it out from the Opt-out screen'
                : null);
        if (why) skip('card_lists', item, why);
        else if (await insertListed(db, { account_id: accountId, list: l.list, ...key, created_by: createdBy })) created('card_lists');
        else reused('card_lists');
    }
};

/** Profiles, one line each. */
const importProfiles = async (run: ImportRun, formatOf: FormatOf, groupIds: GroupIds) => {
    const profileStream = await run.zip.stream('profiles.jsonl');
    if (profileStream) for await (const line of lines(profileStream)) await importProfile(run, line, formatOf, groupIds);
};

const importProfile = async (run: ImportRun, line: string, formatOf: FormatOf, groupIds: GroupIds) => {
    const { db, accountId, report, created, skip } = run;
    let p: ExportedProfile;
    try {
        p = JSON.parse(line) as ExportedProfile;
    } catch {
        skip('profiles', line.slice(0, 80), 'Not a profile');
        return;
    }
    const item = p.acs_id ?? `#${p.ref}`;
    if (p.visitor) {
        skip('profiles', item, 'Visitors are not moved: they expire at midnight');
        return;
    }
    if (p.acs_id && (await profileWithAcsId(db, accountId, p.acs_id))) {
        skip('profiles', item, 'A profile with this ACS ID is already in the account');
        return;
    }
    const cards = await profileBadges(run, p, item, formatOf);
    if (array(p.badges).length && !cards.length && !p.acs_id) {
        skip('profiles', item, 'None of its badges could be given');
        return;
    }
    await insertProfile(
        db,
        accountId,
        {
            acs_id: typeof p.acs_id === 'string' ? p.acs_id.slice(0, 100) : null,
            status: p.status === 'inactive' || p.status === 'enrollment' ? p.status : 'active',
            enabled: p.enabled !== false,
            expires_at: p.expires_at ? new Date(p.expires_at) : null,
        },
        groupIds(p.groups),
        cards,
    );
    created('profiles');
    if (cards.length) report.created.badges = (report.created.badges ?? 0) + cards.length;
};

/** The badges of a profile of the file the account may give it; those it may not are in the report. */
const profileBadges = async ({ db, accountId, skip }: ImportRun, p: ExportedProfile, item: string, formatOf: FormatOf) => {
    const cards: CheckedBadge[] = [];
    for (const b of array<ExportedBadge>(p.badges)) {
        const badgeItem = `${item} badge ${b.facility_code ?? ''}:${b.badge_number}`;
        try {
            const checked = checkBadgeWith(formatOf(b.format), accountId, {
                card_format_id: formatOf(b.format)?.id ?? 0,
                badge_number: b.badge_number,
                facility_code: b.facility_code,
            });
            const why =
                (await whyNotForProfile(db, accountId, checked)) ?? ((await badgeTaken(db, accountId, checked)) ? BADGE_TAKEN : null);
            if (why) skip('badges', badgeItem, why);
            else cards.push(checked);
        } catch (error) {
            skip('badges', badgeItem, error instanceof HttpError ? (Object.values(error.fields ?? {})[0] ?? error.message) : 'Not a badge');
        }
    }
    return cards;
};

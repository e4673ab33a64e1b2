import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DeviceRecord, DeviceStatus, DeviceUpdateInput, SipFields } from '../../../contract/devices';
import type { Db } from '../../db/database';
import type { GaugeSample } from '../../metrics';
import { outer, rows } from '../../db/database';
import { runAgainOnConflict } from '../../db/errors';
import { coalesced } from '../../db/coalesce';
import {
    accessGroups,
    accounts,
    auditLogs,
    deviceAccessGroups,
    deviceCommands,
    devices,
    events,
    readers,
    type StoredOnvif,
    type StoredSip,
} from '../../db/schema';
import { type AccountScope, allOf, countAll, idsOfAccount, inAccountScope, textMatch, orderBy, page } from '../../db/lists';
import type { DeviceCredential } from '../../http/deviceAuth';

export type DeviceRow = typeof devices.$inferSelect;

/** A device row with what its record shows besides its own columns. */
export interface DeviceListRow extends DeviceRow {
    account_name: string;
    reader_id: number | null;
    reader_description: string | null;
    access_group_ids: number[] | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The configuration's ETag: the console's parameter version and the account's access version (profiles, badges, groups). */
export const configEtag = (configVersion: number, accessVersion: number) => `"c${configVersion}-a${accessVersion}"`;

export const tempEnrollmentOn = (row: Pick<DeviceRow, 'temp_enrollment_until'>, now: Date) =>
    !!row.temp_enrollment_until && row.temp_enrollment_until > now;

/** The stored SIP line's fields, null when unset, without its password. */
export const sipFieldsOf = (sip: StoredSip): SipFields => ({
    enabled: sip.enabled,
    domain: sip.domain ?? null,
    transport: sip.transport ?? null,
    port: sip.port ?? null,
    number: sip.number ?? null,
    call_number: sip.call_number ?? null,
    polling_interval: sip.polling_interval ?? null,
    username: sip.username ?? null,
    display_name: sip.display_name ?? null,
    extension: sip.extension ?? null,
    url: sip.url ?? null,
});

/** The API's device record: secrets never leave, only whether they are set. */
export const toDevice = (row: DeviceListRow, now: Date): DeviceRecord => {
    const onvif: StoredOnvif = row.onvif;
    const sip: StoredSip = row.sip;
    return {
        id: row.id,
        account_id: row.account_id,
        account_name: row.account_name,
        description: row.description,
        hardware_id: row.hardware_id,
        status: row.status,
        auth_required: row.auth_required,
        board_type: row.board_type,
        release: row.release,
        ip_address: row.ip_address,
        mac_address: row.mac_address,
        device_mode: row.device_mode,
        reader_id: row.reader_id,
        reader: row.reader_id ? { id: row.reader_id, description: row.reader_description ?? '' } : null,
        role: row.role,
        security_level: row.security_level,
        led_option: row.led_option,
        communication: row.communication,
        communication_settings: row.communication_settings,
        onvif: {
            managed_by: onvif.managed_by,
            username: onvif.username ?? null,
            user_level: onvif.user_level ?? null,
            password_set: !!onvif.password,
        },
        sip: { ...sipFieldsOf(sip), password_set: !!sip.password },
        access_group_ids: (row.access_group_ids ?? []).slice().sort((a, b) => a - b),
        temp_enrollment: { on: tempEnrollmentOn(row, now), until: tempEnrollmentOn(row, now) ? iso(row.temp_enrollment_until) : null },
        config_version: row.config_version,
        applied_config_version: row.applied_config_version,
        last_seen_at: iso(row.last_seen_at),
        approved_at: iso(row.approved_at),
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
    };
};

const groupIds = sql<
    number[] | null
>`(select array_agg(${deviceAccessGroups.access_group_id}) from ${deviceAccessGroups} where ${deviceAccessGroups.device_id} = ${outer(devices.id)})`;

/** devices with their account name, linked reader (same hardware_id in the same account) and access groups */
const selectDevices = (db: Db) =>
    db
        .select({
            device: devices,
            account_name: accounts.name,
            reader_id: readers.id,
            reader_description: readers.description,
            access_group_ids: groupIds,
        })
        .from(devices)
        .innerJoin(accounts, eq(accounts.id, devices.account_id))
        .leftJoin(readers, and(eq(readers.account_id, devices.account_id), eq(readers.hardware_id, devices.hardware_id)));

type Joined = {
    device: DeviceRow;
    account_name: string;
    reader_id: number | null;
    reader_description: string | null;
    access_group_ids: number[] | null;
};
const flatten = (r: Joined): DeviceListRow => ({
    ...r.device,
    account_name: r.account_name,
    reader_id: r.reader_id,
    reader_description: r.reader_description,
    access_group_ids: r.access_group_ids,
});

export const findDevice = async (db: Db, id: number): Promise<DeviceListRow | undefined> => {
    const [row] = await selectDevices(db).where(eq(devices.id, id)).limit(1);
    return row ? flatten(row) : undefined;
};

export const findDeviceByHardwareId = async (db: Db, hardwareId: string): Promise<DeviceRow | undefined> =>
    (await db.select().from(devices).where(eq(devices.hardware_id, hardwareId)).limit(1))[0];

export interface DeviceFilters {
    /** the account's devices, or every account under this path (cross_account) */
    scope: AccountScope;
    q?: string;
    status?: DeviceStatus;
    device_mode?: string;
    role?: string;
    board_type?: string;
    release?: string;
    hardware_id?: string;
    ids?: number[];
    auth_required?: boolean;
    /** any of these board types (firmware compatibility) and statuses (approved readers) */
    board_types?: string[];
    statuses?: DeviceStatus[];
}

const SORTABLE = {
    id: devices.id,
    description: devices.description,
    hardware_id: devices.hardware_id,
    status: devices.status,
    board_type: devices.board_type,
    release: devices.release,
    role: devices.role,
    device_mode: devices.device_mode,
    ip_address: devices.ip_address,
    last_seen_at: devices.last_seen_at,
    created_at: devices.created_at,
    account: accounts.name,
};

const deviceWhere = (f: DeviceFilters): SQL | undefined =>
    allOf([
        inAccountScope(f.scope, devices.account_id),
        textMatch(f.q, devices.description, devices.hardware_id, devices.ip_address),
        f.status ? eq(devices.status, f.status) : undefined,
        f.device_mode ? eq(devices.device_mode, f.device_mode) : undefined,
        f.role ? eq(devices.role, f.role as DeviceRow['role']) : undefined,
        f.board_type ? eq(devices.board_type, f.board_type) : undefined,
        f.release ? eq(devices.release, f.release) : undefined,
        f.hardware_id ? eq(devices.hardware_id, f.hardware_id) : undefined,
        f.ids ? inArray(devices.id, f.ids) : undefined,
        f.auth_required !== undefined ? eq(devices.auth_required, f.auth_required) : undefined,
        f.board_types ? inArray(devices.board_type, f.board_types) : undefined,
        f.statuses ? inArray(devices.status, f.statuses) : undefined,
    ]);

export const listDevices = async (db: Db, f: DeviceFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = deviceWhere(f);
    const query = selectDevices(db)
        .where(where)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'description', order: 'ASC' }, devices.id));
    const counted = db.select({ n: countAll }).from(devices).innerJoin(accounts, eq(accounts.id, devices.account_id)).where(where);
    const { result, count } = await page<Joined>(query.$dynamic() as never, counted, params);
    return { result: result.map(flatten), count };
};

/** Every matching device, for bulk operations and exports. */
export const allDevices = async (db: Db, f: DeviceFilters): Promise<DeviceListRow[]> =>
    (await selectDevices(db).where(deviceWhere(f)).orderBy(asc(devices.id))).map(flatten);

export const devicesByState = (db: Db, f: DeviceFilters) =>
    db
        .select({ status: devices.status, count: countAll })
        .from(devices)
        .innerJoin(accounts, eq(accounts.id, devices.account_id))
        .where(deviceWhere(f))
        .groupBy(devices.status);

export const installedReleases = (db: Db, f: DeviceFilters) =>
    db
        .select({ release: sql<string>`coalesce(${devices.release}, 'unknown')`, board_type: devices.board_type, count: countAll })
        .from(devices)
        .innerJoin(accounts, eq(accounts.id, devices.account_id))
        .where(allOf([deviceWhere(f), sql`${devices.status} in ('online', 'offline')`]))
        .groupBy(sql`coalesce(${devices.release}, 'unknown')`, devices.board_type)
        .orderBy(sql`count(*) desc`);

/** The distinct values of a column among the devices in scope, for the list's filters. */
export const distinctValues = async (db: Db, column: 'board_type' | 'release' | 'device_mode', f: DeviceFilters) => {
    const col = devices[column];
    const found = await db
        .selectDistinct({ value: col })
        .from(devices)
        .innerJoin(accounts, eq(accounts.id, devices.account_id))
        .where(allOf([deviceWhere(f), sql`${col} is not null`]))
        .orderBy(col)
        .limit(500);
    return found.map(r => r.value!).filter(Boolean);
};

// ---- registration and credentials (device API) ----

export const insertPendingDevice = async (
    db: Db,
    values: {
        account_id: number;
        hardware_id: string;
        secret_hash: string;
        board_type: string;
        release: string;
        ip_address?: string;
        mac_address?: string;
    },
) =>
    (
        await db
            .insert(devices)
            .values({ ...values, status: 'pending', description: values.hardware_id })
            .onConflictDoNothing()
            .returning()
    )[0];

/** Readers of an account that wait for approval. */
export const pendingDeviceCount = async (db: Db, accountId: number) =>
    Number(
        (
            await db
                .select({ n: sql<number>`count(*)::int` })
                .from(devices)
                .where(and(eq(devices.account_id, accountId), eq(devices.status, 'pending')))
        )[0]?.n ?? 0,
    );

/** New readers registered from one address since a time (their audit entries hold the address; read by the time index). */
export const registrationsFrom = async (db: Db, ip: string, since: Date) =>
    Number(
        (
            await db
                .select({ n: sql<number>`count(*)::int` })
                .from(auditLogs)
                .where(and(gt(auditLogs.timestamp, since), eq(auditLogs.action, 'register'), eq(auditLogs.ip, ip)))
        )[0]?.n ?? 0,
    );

export const updateRegistrationInfo = (
    db: Db,
    id: number,
    info: { board_type: string; release: string; ip_address?: string; mac_address?: string },
) =>
    db
        .update(devices)
        .set({
            board_type: info.board_type,
            release: info.release,
            ip_address: info.ip_address ?? null,
            mac_address: info.mac_address ?? null,
            updated_at: sql`now()`,
        })
        .where(eq(devices.id, id));

/** Stores a new key for an approved device (the previous one stops working). */
export const setDeviceKey = (db: Db, id: number, keyHash: string) =>
    db.update(devices).set({ key_hash: keyHash }).where(eq(devices.id, id));

/**
 * A known reader came back with another secret (factory reset, new board):
 * hold the new secret until an administrator authenticates it with the
 * pairing code the reader shows. The current key keeps working meanwhile, so
 * someone who only knows a hardware_id cannot knock a reader offline.
 */
export const holdForAuthentication = (db: Db, id: number, pendingSecretHash: string, pairingCodeHash: string) =>
    db
        .update(devices)
        .set({ pending_secret_hash: pendingSecretHash, pairing_code_hash: pairingCodeHash, auth_required: true, updated_at: sql`now()` })
        .where(eq(devices.id, id));

/** The pairing code matched: the reader's new secret replaces the old one. */
export const completeAuthentication = async (db: Db, id: number) =>
    (
        await db
            .update(devices)
            .set({
                secret_hash: sql`${devices.pending_secret_hash}`,
                pending_secret_hash: null,
                pairing_code_hash: null,
                auth_required: false,
                updated_at: sql`now()`,
            })
            .where(and(eq(devices.id, id), eq(devices.auth_required, true)))
            .returning({ id: devices.id })
    ).length === 1;

export const approveDevice = async (db: Db, id: number, by: number, changes: { account_id?: number; description?: string }) =>
    (
        await db
            .update(devices)
            .set({
                status: 'offline',
                approved_at: sql`now()`,
                approved_by: by,
                status_changed_at: sql`now()`,
                updated_at: sql`now()`,
                ...(changes.account_id ? { account_id: changes.account_id } : {}),
                ...(changes.description !== undefined ? { description: changes.description } : {}),
            })
            .where(and(eq(devices.id, id), inArray(devices.status, ['pending', 'rejected'])))
            .returning({ id: devices.id })
    ).length === 1;

export const rejectDevice = async (db: Db, id: number) =>
    (
        await db
            .update(devices)
            .set({ status: 'rejected', key_hash: null, status_changed_at: sql`now()`, updated_at: sql`now()` })
            .where(and(eq(devices.id, id), eq(devices.status, 'pending')))
            .returning({ id: devices.id })
    ).length === 1;

/** The reader an `Authorization: Device <device_id>.<key>` header names, and the hash of its key: not yet checked. */
// ---- heartbeats and offline detection ----

export interface HeartbeatResult {
    previous_status: DeviceStatus;
    account_id: number;
    description: string;
    device_mode: string | null;
    config_version: number;
    access_version: number;
    pending_commands: number;
}

export interface HeartbeatReport {
    ip_address?: string;
    release?: string;
    device_mode?: string;
    applied_config_version?: number;
}

/**
 * One statement, for every heartbeat that arrives together: the key is checked, the reader is seen now (online), what
 * it reports is kept, and the reply's figures come back. The row lock orders it with the offline job, so an
 * offline->online change is seen exactly once. A reader whose key does not match, or that is not approved, gets
 * undefined and nothing is written.
 */
export const recordHeartbeat: (db: Db, heartbeat: DeviceCredential & { report: HeartbeatReport }) => Promise<HeartbeatResult | undefined> =
    coalesced(async (db, heartbeats: (DeviceCredential & { report: HeartbeatReport })[]) => {
        // the last report of a reader that sent two in one gathering wins (of those with the same key: a wrong one
        // sent meanwhile must not take the right one's place)
        const input = sql.join(
            heartbeats.map(
                ({ id, keyHash, report }, order) =>
                    sql`(${order}::int, ${id}::int, ${keyHash}::text, ${report.ip_address ?? null}::text, ${report.release ?? null}::text, ${report.device_mode ?? null}::text, ${report.applied_config_version ?? null}::int)`,
            ),
            sql`, `,
        );
        // A restore's ALTER TABLE, or a job's lock, may pick this statement as a deadlock's victim: it is run again.
        const seen = await runAgainOnConflict(() =>
            rows<HeartbeatResult & { id: number; key_hash: string }>(
                db,
                sql`with input(ord, id, key_hash, ip_address, release, device_mode, applied_config_version) as (values ${input}),
                latest as (select distinct on (id, key_hash) * from input order by id, key_hash, ord desc),
                -- rows locked in id order: two instances' gatherings never wait on each other in a cycle
                previous as (select d.id, d.status from devices d
                    where d.id in (select id from latest) and d.status in ('online', 'offline')
                        and d.key_hash in (select key_hash from latest where latest.id = d.id)
                    order by d.id for update)
                update devices d set
                    last_seen_at = now(),
                    status = 'online',
                    status_changed_at = case when previous.status = 'online' then d.status_changed_at else now() end,
                    ip_address = coalesce(latest.ip_address, d.ip_address),
                    release = coalesce(latest.release, d.release),
                    device_mode = coalesce(latest.device_mode, d.device_mode),
                    applied_config_version = coalesce(latest.applied_config_version, d.applied_config_version)
                from previous join latest on latest.id = previous.id where d.id = previous.id and latest.key_hash = d.key_hash
                returning d.id, d.key_hash, previous.status as previous_status, d.account_id, d.description, d.device_mode, d.config_version,
                    coalesce((select version from access_versions where account_id = d.account_id), 1)::int as access_version,
                    (select count(*) from device_commands c where c.device_id = d.id and c.status = 'queued')::int as pending_commands`,
            ),
        );
        const byId = new Map(seen.map(({ id, key_hash, ...result }) => [id, { key_hash, result }]));
        // a reader's second heartbeat of the gathering finds it online already, as it would have one after the other
        const answered = new Set<number>();
        return heartbeats.map(({ id, keyHash }) => {
            const found = byId.get(id);
            if (!found || found.key_hash !== keyHash) return undefined;
            const result = found.result;
            if (answered.has(id)) return { ...result, previous_status: 'online' as const };
            answered.add(id);
            return result;
        });
    });

/** The DeviceOnline / DeviceOffline security events of a state change. */
export const recordDeviceStateEvent = (
    db: Db,
    event: 'DeviceOnline' | 'DeviceOffline',
    device: { id: number; account_id: number; description: string; device_mode: string | null },
) =>
    db.insert(events).values({
        event,
        account_id: device.account_id,
        device_id: device.id,
        device_description: device.description,
        device_mode: device.device_mode,
        timestamp: sql`now()`,
    });

/**
 * Marks readers silent for longer than `silentSeconds` offline and records
 * their DeviceOffline events, in one statement. SKIP LOCKED lets several
 * server instances run it at once: each row is taken by one of them.
 */
export const markSilentDevicesOffline = async (db: Db, silentSeconds: number, limit = 1000) =>
    rows<{ id: number; account_id: number }>(
        db,
        sql`with silent as (
                select id from devices where status = 'online' and last_seen_at < now() - make_interval(secs => ${silentSeconds})
                order by last_seen_at limit ${limit} for update skip locked
            ), gone as (
                update devices d set status = 'offline', status_changed_at = now() from silent where d.id = silent.id
                returning d.id, d.account_id, d.description, d.device_mode
            ), recorded as (
                insert into events (event, account_id, device_id, device_description, device_mode, timestamp)
                select 'DeviceOffline', account_id, id, description, device_mode, now() from gone
            )
            select id, account_id from gone`,
    );

// ---- parameters set in the console ----

/** Stored ONVIF/SIP values from the form: an empty password keeps the stored one. */
export const storedOnvif = (input: DeviceUpdateInput['onvif'], previous: StoredOnvif): StoredOnvif =>
    input.managed_by === 'protocol'
        ? { managed_by: 'protocol' }
        : {
              managed_by: 'platform',
              username: input.username,
              user_level: input.user_level,
              password: input.password || previous.password || null,
          };

export const storedSip = (input: DeviceUpdateInput['sip'], previous: StoredSip): StoredSip =>
    input.enabled ? { ...input, password: input.password || previous.password || null } : { enabled: false };

/** New parameters and access groups; the version goes up so the reader pulls them. */
export const updateDeviceParameters = (
    db: Db,
    id: number,
    values: Partial<
        Pick<
            DeviceRow,
            'description' | 'role' | 'security_level' | 'led_option' | 'communication' | 'communication_settings' | 'onvif' | 'sip'
        >
    >,
    accessGroupIds?: number[],
) =>
    db.transaction(async tx => {
        await tx
            .update(devices)
            .set({ ...values, config_version: sql`${devices.config_version} + 1`, updated_at: sql`now()` })
            .where(eq(devices.id, id));
        if (accessGroupIds) {
            await tx.delete(deviceAccessGroups).where(eq(deviceAccessGroups.device_id, id));
            if (accessGroupIds.length)
                await tx.insert(deviceAccessGroups).values(accessGroupIds.map(g => ({ device_id: id, access_group_id: g })));
        }
    });

export const setTempEnrollment = (db: Db, id: number, until: Date | null) =>
    db
        .update(devices)
        .set({ temp_enrollment_until: until, config_version: sql`${devices.config_version} + 1`, updated_at: sql`now()` })
        .where(eq(devices.id, id));

export const deleteDevices = (db: Db, ids: number[]) => db.delete(devices).where(inArray(devices.id, ids));

/** Access groups of these ids that belong to the account; used to refuse foreign ids. */
export const accountAccessGroupIds = (db: Db, accountId: number, ids: number[]) => idsOfAccount(db, accessGroups, accountId, ids);

// ---- commands ----

export const queueCommand = async (
    db: Db,
    deviceIds: number[],
    type: 'reboot' | 'upload_logs',
    by: number,
    payload: Record<string, unknown> = {},
) =>
    deviceIds.length
        ? db
              .insert(deviceCommands)
              .values(deviceIds.map(device_id => ({ device_id, type, payload, created_by: by })))
              .returning()
        : [];

/** The reader's queued commands, marked sent as they are handed over. */
export const takeCommands = (db: Db, deviceId: number) =>
    db
        .update(deviceCommands)
        .set({ status: 'sent', sent_at: sql`now()` })
        .where(and(eq(deviceCommands.device_id, deviceId), inArray(deviceCommands.status, ['queued', 'sent'])))
        .returning();

export const ackCommand = async (db: Db, deviceId: number, commandId: number, status: 'done' | 'failed', message?: string) =>
    (
        await db
            .update(deviceCommands)
            .set({ status, completed_at: sql`now()`, result: message ?? null })
            .where(
                and(
                    eq(deviceCommands.id, commandId),
                    eq(deviceCommands.device_id, deviceId),
                    inArray(deviceCommands.status, ['queued', 'sent']),
                ),
            )
            .returning()
    )[0];

export const listCommands = (db: Db, deviceId: number, limit = 50) =>
    db
        .select()
        .from(deviceCommands)
        .where(eq(deviceCommands.device_id, deviceId))
        .orderBy(sql`${deviceCommands.id} desc`)
        .limit(limit);

// ---- registration codes ----

export const accountByRegistrationCode = async (db: Db, code: string) =>
    (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.device_registration_code, code.toUpperCase())).limit(1))[0];

export const mainAccountId = async (db: Db) =>
    (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.main, true)).limit(1))[0]?.id;

/** The account's registration code, made on first use. */
export const registrationCode = async (db: Db, accountId: number, make: () => string) => {
    const [row] = await db.select({ code: accounts.device_registration_code }).from(accounts).where(eq(accounts.id, accountId));
    if (row?.code) return row.code;
    const [set] = await db
        .update(accounts)
        .set({ device_registration_code: make() })
        .where(and(eq(accounts.id, accountId), isNull(accounts.device_registration_code)))
        .returning({ code: accounts.device_registration_code });
    return (
        set?.code ??
        (await db.select({ code: accounts.device_registration_code }).from(accounts).where(eq(accounts.id, accountId)))[0]!.code!
    );
};

export const resetRegistrationCode = async (db: Db, accountId: number, code: string) =>
    (
        await db
            .update(accounts)
            .set({ device_registration_code: code })
            .where(eq(accounts.id, accountId))
            .returning({ code: accounts.device_registration_code })
    )[0]!.code!;

/** The readers gauge of the platform's metrics (server/metrics): readers online, offline, and waiting for approval. */
export const readerCountsByState = async (db: Db): Promise<GaugeSample[]> => {
    const [counts] = await rows<{ online: number; offline: number; pending: number }>(
        db,
        sql`select count(*) filter (where status = 'online')::int as online,
                   count(*) filter (where status = 'offline')::int as offline,
                   count(*) filter (where status = 'pending')::int as pending
            from devices`,
    );
    return (['online', 'offline', 'pending'] as const).map(state => ({ labels: { state }, value: counts?.[state] ?? 0 }));
};

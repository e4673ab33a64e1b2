import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { DEVICE_COMMAND_STATUSES, DEVICE_COMMAND_TYPES, LOG_LEVELS } from '../../../contract/device-api';
import {
    approveInput,
    authenticateInput,
    bulkRebootReply,
    deviceBulkEditInput,
    deviceIdsInput,
    deviceRecord,
    deviceStateAggregate,
    deviceUpdateInput,
    DEVICE_ROLES,
    DEVICE_STATUSES,
    installedFirmware,
    tempEnrollmentInput,
    TEMP_ENROLLMENT_DEFAULT_MINUTES,
    type DeviceRecord,
    registrationCodeReply,
} from '../../../contract/devices';
import { MESSAGES } from '../../../contract/validation';
import { LIST_MAX_PAGE_SIZE, PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { requireAuth, type AuthContext } from '../../http/auth';
import { conflict, HttpError, notFound, validationError } from '../../http/errors';
import { idList, listParams } from '../../http/lists';
import { accountInScope, mayActIn, reachOf, rowInScope, scopeOf } from '../../http/scope';
import { sha256 } from '../../crypto/tokens';
import { auditTrail, recordAudit } from '../../http/audit';
import { findAccount } from '../accounts';
import { buildDeviceConfig } from './config';
import { exportDeviceLogs, listDeviceLogs } from './logs';
import {
    accountAccessGroupIds,
    allDevices,
    approveDevice,
    completeAuthentication,
    deleteDevices,
    devicesByState,
    distinctValues,
    findDevice,
    installedReleases,
    listCommands,
    listDevices,
    queueCommand,
    registrationCode,
    rejectDevice,
    resetRegistrationCode,
    setTempEnrollment,
    storedOnvif,
    storedSip,
    toDevice,
    updateDeviceParameters,
    type DeviceFilters,
    type DeviceListRow,
} from './queries';
import { defaultAccessGroupId } from '../access-groups';
import { bumpAccessVersion } from '../../db/accessVersions';
import { newRegistrationCode } from './registration';
import { attachment, stampedFileName } from '../../http/attachments';
import { csvText } from '../../http/csv';

const tags = ['devices'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply, 422: errorReply };

const deviceFilters = {
    status: z.enum(DEVICE_STATUSES).optional(),
    device_mode: z.string().max(32).optional(),
    role: z.enum(DEVICE_ROLES).optional(),
    board_type: z.string().max(64).optional(),
    release: z.string().max(64).optional(),
    hardware_id: z.string().max(64).optional(),
    auth_required: z.enum(['true', 'false']).optional(),
};
type DeviceQuery = { [K in keyof typeof deviceFilters]?: string } & { q?: string; id?: string };

const commandRecord = z.object({
    id: z.number().int(),
    type: z.enum(DEVICE_COMMAND_TYPES),
    status: z.enum(DEVICE_COMMAND_STATUSES),
    created_at: z.string(),
    sent_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    result: z.string().nullable(),
});
const toCommand = (c: {
    id: number;
    type: (typeof DEVICE_COMMAND_TYPES)[number];
    status: (typeof DEVICE_COMMAND_STATUSES)[number];
    created_at: Date;
    sent_at: Date | null;
    completed_at: Date | null;
    result: string | null;
}) => ({
    id: c.id,
    type: c.type,
    status: c.status,
    created_at: c.created_at.toISOString(),
    sent_at: c.sent_at?.toISOString() ?? null,
    completed_at: c.completed_at?.toISOString() ?? null,
    result: c.result,
});

/** SPEC 9 date format in the caller's time zone (minutes west of UTC, as the browser's getTimezoneOffset gives). */
const localTime = (date: Date | string | null, offsetMinutes: number) => {
    if (!date) return '';
    const shifted = new Date(new Date(date).getTime() - offsetMinutes * 60_000);
    return shifted.toISOString().replace('T', ' ').slice(0, 19);
};

/** The admin's copy of a reader's configuration: everything but its secrets. */
const withoutSecrets = <T extends { onvif: { password: string | null }; sip: { password: string | null } }>(config: T): T => ({
    ...config,
    onvif: { ...config.onvif, password: config.onvif.password ? '********' : null },
    sip: { ...config.sip, password: config.sip.password ? '********' : null },
});

export const deviceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const filtersOf = (request: FastifyRequest): DeviceFilters => {
        const q = request.query as DeviceQuery;
        return {
            scope: scopeOf(request).accounts,
            q: q.q,
            status: q.status as DeviceFilters['status'],
            device_mode: q.device_mode,
            role: q.role,
            board_type: q.board_type,
            release: q.release,
            hardware_id: q.hardware_id,
            ids: idList(q.id),
            auth_required: q.auth_required === undefined ? undefined : q.auth_required === 'true',
        };
    };
    /** A device the caller may act on; ids of other tenants do not exist for the caller (404). */
    const visible = (request: FastifyRequest, id: number): Promise<DeviceListRow> =>
        rowInScope(ctx.db, request, findDevice(ctx.db, id), 'device');
    /** Every one of these devices, or 404 and nothing done. */
    const allVisible = async (request: FastifyRequest, ids: number[]): Promise<DeviceListRow[]> => {
        const found = await allDevices(ctx.db, { scope: reachOf(requireAuth(request)), ids });
        if (found.length !== new Set(ids).size) throw notFound('device');
        return found;
    };
    const approved = (device: DeviceListRow) => {
        if (device.status === 'pending' || device.status === 'rejected') throw conflict('The device is not approved yet.');
    };
    const record = (row: DeviceListRow) => toDevice(row, ctx.now());
    const reload = async (id: number) => record((await findDevice(ctx.db, id))!);
    /** Access groups must be the device's account's own. */
    const checkGroups = async (accountId: number, ids: number[] | undefined, field = 'access_group_ids') => {
        if (!ids?.length) return;
        const own = await accountAccessGroupIds(ctx.db, accountId, ids);
        if (own.length !== new Set(ids).size) throw validationError({ [field]: "Choose access groups of the device's account" });
    };
    const audit = auditTrail(ctx.db, 'devices', 'Device');

    app.get(
        '/devices',
        {
            config: { access: ['devices', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'Devices of the current account (cross_account=true: of every account in scope), with filters',
                querystring: z.object({ ...listParams(PICKER_PAGE_SIZE), ...deviceFilters }),
                response: { 200: listReply(deviceRecord), ...errors },
            },
        },
        async request => {
            const { result, count } = await listDevices(ctx.db, filtersOf(request), request.query);
            return { result: result.map(record), count };
        },
    );

    app.get(
        '/devices/aggregate/state',
        {
            config: { access: ['devices', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'How many devices are in each state',
                querystring: z.object({ ...listParams(), ...deviceFilters }),
                response: { 200: deviceStateAggregate, ...errors },
            },
        },
        async request => {
            const counts = await devicesByState(ctx.db, filtersOf(request));
            const result = DEVICE_STATUSES.map(status => ({ status, count: counts.find(c => c.status === status)?.count ?? 0 }));
            return { result, total: result.reduce((n, r) => n + r.count, 0) };
        },
    );

    app.get(
        '/devices/installed_firmware',
        {
            config: { access: ['devices', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'How many approved devices run each firmware release',
                querystring: z.object({ ...listParams(), ...deviceFilters }),
                response: { 200: installedFirmware, ...errors },
            },
        },
        async request => ({ result: await installedReleases(ctx.db, filtersOf(request)) }),
    );

    app.get(
        '/devices/filter_values',
        {
            config: { access: ['devices', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'The board types, releases and modes present among the devices in scope, for the list filters',
                response: {
                    200: z.object({ board_type: z.array(z.string()), release: z.array(z.string()), device_mode: z.array(z.string()) }),
                    ...errors,
                },
            },
        },
        async request => {
            const scope = { scope: scopeOf(request).accounts };
            const [board_type, release, device_mode] = await Promise.all([
                distinctValues(ctx.db, 'board_type', scope),
                distinctValues(ctx.db, 'release', scope),
                distinctValues(ctx.db, 'device_mode', scope),
            ]);
            return { board_type, release, device_mode };
        },
    );

    app.get(
        '/devices/registration_code',
        {
            config: { access: ['devices', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'The code an installer enters on a reader so that it registers in the current account',
                response: {
                    200: registrationCodeReply,
                    ...errors,
                },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            return {
                account_id: account.id,
                account_name: account.name,
                code: await registrationCode(ctx.db, account.id, newRegistrationCode),
                url: ctx.config.publicUrl,
            };
        },
    );

    app.put(
        '/devices/registration_code',
        {
            config: { access: ['devices', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Replace the registration code of the current account (readers already registered are not affected)',
                body: z.object({}),
                response: {
                    200: registrationCodeReply,
                    ...errors,
                },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const code = await resetRegistrationCode(ctx.db, account.id, newRegistrationCode());
            await recordAudit(ctx.db, request, {
                action: 'update',
                resource: 'devices',
                entity: 'Device registration code',
                entity_id: account.id,
                account_id: account.id,
            });
            return { account_id: account.id, account_name: account.name, code, url: ctx.config.publicUrl };
        },
    );

    app.get(
        '/devices/bulk/config/export',
        {
            config: { access: ['devices', 'download_config'], scope: 'row' },
            schema: {
                tags,
                summary: "The configurations of the chosen devices as CSV (times in the caller's time zone)",
                querystring: z.object({
                    device_ids: z.string().regex(/^\d+(,\d+)*$/),
                    timezone_offset: z.coerce.number().int().min(-900).max(900).default(0),
                }),
            },
        },
        async (request, reply) => {
            const devices = await allVisible(request, idList(request.query.device_ids)!);
            const offset = request.query.timezone_offset;
            const csv = csvText(
                devices.map(record).map((d: DeviceRecord) => ({
                    id: d.id,
                    description: d.description,
                    account: d.account_name,
                    hardware_id: d.hardware_id,
                    status: d.status,
                    board_type: d.board_type ?? '',
                    release: d.release ?? '',
                    ip_address: d.ip_address ?? '',
                    mac_address: d.mac_address ?? '',
                    role: d.role,
                    security_level: d.security_level,
                    led_option: d.led_option,
                    communication: d.communication,
                    onvif: d.onvif.managed_by,
                    onvif_username: d.onvif.username ?? '',
                    sip: d.sip.enabled ? `${d.sip.username ?? ''}@${d.sip.domain ?? ''}` : 'off',
                    access_group_ids: d.access_group_ids.join(' '),
                    temporary_enrollment_until: d.temp_enrollment.until ? localTime(d.temp_enrollment.until, offset) : '',
                    config_version: d.config_version,
                    applied_config_version: d.applied_config_version ?? '',
                    last_seen: localTime(d.last_seen_at, offset),
                })),
            );
            return reply
                .type('text/csv; charset=utf-8')
                .header('Content-Disposition', attachment(stampedFileName('devices-configs', 'csv', ctx.now())))
                .send(csv);
        },
    );

    app.put(
        '/devices/bulk',
        {
            config: { access: ['devices', 'bulk_edit'], scope: 'row' },
            schema: {
                tags,
                summary: 'Set the same parameters on many devices (SPEC 2.2 Bulk Device Edit)',
                body: deviceBulkEditInput,
                response: { 200: z.object({ updated: z.number().int() }), ...errors },
            },
        },
        async request => {
            const { device_ids, changes } = request.body;
            const devices = await allVisible(request, device_ids);
            for (const accountId of new Set(devices.map(d => d.account_id)))
                await checkGroups(accountId, changes.access_group_ids, 'changes.access_group_ids');
            const { access_group_ids, ...parameters } = changes;
            for (const device of devices) {
                await updateDeviceParameters(ctx.db, device.id, parameters, access_group_ids);
                await audit(request, 'bulk_edit', device, record(device), await reload(device.id));
            }
            return { updated: devices.length };
        },
    );

    app.put(
        '/devices/bulk/reboot',
        {
            config: { access: ['devices', 'bulk_reboot'], scope: 'row' },
            schema: {
                tags,
                summary: 'Queue a reboot on many devices (SPEC 2.2 Bulk Device Reboot)',
                body: deviceIdsInput,
                response: { 200: bulkRebootReply, ...errors },
            },
        },
        async request => {
            const devices = await allVisible(request, request.body.device_ids);
            devices.forEach(approved);
            const commands = await queueCommand(
                ctx.db,
                devices.map(d => d.id),
                'reboot',
                requireAuth(request).user.id,
            );
            for (const device of devices) await audit(request, 'reboot', device);
            // Each device's command, so the console follows each reader's acknowledgement (GET /devices/{id}/commands).
            return { queued: devices.length, commands: commands.map(c => ({ device_id: c.device_id, command_id: c.id })) };
        },
    );

    app.delete(
        '/devices/bulk',
        {
            config: { access: ['devices', 'bulk_delete'], scope: 'row' },
            schema: {
                tags,
                summary: 'Delete many devices; their events stay, showing "Device deleted"',
                body: deviceIdsInput,
                response: { 200: z.object({ deleted: z.number().int() }), ...errors },
            },
        },
        async request => {
            const devices = await allVisible(request, request.body.device_ids);
            await deleteDevices(
                ctx.db,
                devices.map(d => d.id),
            );
            for (const device of devices) await audit(request, 'delete', device, record(device));
            return { deleted: devices.length };
        },
    );

    app.get(
        '/devices/:id',
        {
            config: { access: ['devices', 'read'], scope: 'row' },
            schema: { tags, summary: 'One device', params: idParam, response: { 200: deviceRecord, ...errors } },
        },
        async request => record(await visible(request, request.params.id)),
    );

    app.put(
        '/devices/:id',
        {
            config: { access: ['devices', 'edit'], scope: 'row' },
            schema: {
                tags,
                summary: 'Modify the device parameters (the reader pulls them at its next heartbeat)',
                params: idParam,
                body: deviceUpdateInput,
                response: { 200: deviceRecord, ...errors },
            },
        },
        async request => {
            const before = await visible(request, request.params.id);
            const body = request.body;
            await checkGroups(before.account_id, body.access_group_ids);
            const onvif = storedOnvif(body.onvif, before.onvif);
            const sip = storedSip(body.sip, before.sip);
            const missing: Record<string, string> = {};
            if (onvif.managed_by === 'platform' && !onvif.password) missing['onvif.password'] = 'Minimum 6 characters';
            if (sip.enabled && !sip.password) missing['sip.password'] = MESSAGES.required;
            if (Object.keys(missing).length) throw validationError(missing);
            await updateDeviceParameters(
                ctx.db,
                before.id,
                {
                    description: body.description,
                    role: body.role,
                    security_level: body.security_level,
                    led_option: body.led_option,
                    communication: body.communication,
                    communication_settings: body.communication_settings ?? before.communication_settings,
                    onvif,
                    sip,
                },
                body.access_group_ids,
            );
            const after = await reload(before.id);
            await audit(request, 'update', before, record(before), after);
            return after;
        },
    );

    app.delete(
        '/devices/:id',
        {
            config: { access: ['devices', 'delete'], scope: 'row' },
            schema: {
                tags,
                summary: 'Delete a device; its events stay, showing "Device deleted"',
                params: idParam,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const device = await visible(request, request.params.id);
            await deleteDevices(ctx.db, [device.id]);
            await audit(request, 'delete', device, record(device));
            return reply.status(204).send(null);
        },
    );

    app.put(
        '/devices/:id/approve',
        {
            config: { access: ['devices', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Approve a pending reader, optionally into another account in scope; it then fetches its key',
                params: idParam,
                body: approveInput,
                response: { 200: deviceRecord, ...errors },
            },
        },
        async request => {
            const auth = requireAuth(request);
            const before = await visible(request, request.params.id);
            const target = request.body.assign_account_id ? await accountInScope(ctx.db, auth, request.body.assign_account_id) : undefined;
            const done = await approveDevice(ctx.db, before.id, auth.user.id, {
                account_id: target?.id,
                description: request.body.description,
            });
            if (!done) throw conflict('Only a pending or rejected device can be approved.');
            // A new reader serves its account's default access group until told otherwise.
            const accountId = target?.id ?? before.account_id;
            const defaultGroup = await defaultAccessGroupId(ctx.db, accountId);
            if (defaultGroup && !(before.access_group_ids ?? []).length)
                await updateDeviceParameters(ctx.db, before.id, {}, [defaultGroup]);
            await bumpAccessVersion(ctx.db, accountId);
            const after = await reload(before.id);
            await audit(request, 'approve', after, record(before), after);
            return after;
        },
    );

    app.put(
        '/devices/:id/reject',
        {
            config: { access: ['devices', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Reject a pending reader: its calls get 401 until it is approved',
                params: idParam,
                response: { 200: deviceRecord, ...errors },
            },
        },
        async request => {
            const before = await visible(request, request.params.id);
            if (!(await rejectDevice(ctx.db, before.id))) throw conflict('Only a pending device can be rejected.');
            const after = await reload(before.id);
            await audit(request, 'reject', after, record(before), after);
            return after;
        },
    );

    app.put(
        '/devices/:id/authenticate',
        {
            config: { access: ['devices', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Accept a reader that came back with new credentials, with the pairing code it shows',
                params: idParam,
                body: authenticateInput,
                response: { 200: deviceRecord, ...errors },
            },
        },
        async request => {
            const device = await visible(request, request.params.id);
            if (!device.auth_required || !device.pairing_code_hash) throw conflict('This device does not wait for authentication.');
            if (sha256(request.body.pairing_code) !== device.pairing_code_hash)
                throw new HttpError(422, 'The pairing code does not match the one the reader shows.');
            if (!(await completeAuthentication(ctx.db, device.id))) throw conflict('This device does not wait for authentication.');
            const after = await reload(device.id);
            await audit(request, 'authenticate', after);
            return after;
        },
    );

    app.put(
        '/devices/:id/temp_enrollment',
        {
            config: { access: ['devices', 'edit'], scope: 'row' },
            schema: {
                tags,
                summary: 'Turn temporary enrollment on (for a while) or off',
                params: idParam,
                body: tempEnrollmentInput,
                response: { 200: deviceRecord, ...errors },
            },
        },
        async request => {
            const device = await visible(request, request.params.id);
            approved(device);
            const minutes = request.body.duration_minutes ?? TEMP_ENROLLMENT_DEFAULT_MINUTES;
            const until = request.body.toggle_on ? new Date(ctx.now().getTime() + minutes * 60_000) : null;
            await setTempEnrollment(ctx.db, device.id, until);
            const after = await reload(device.id);
            await audit(
                request,
                request.body.toggle_on ? 'temp_enrollment_on' : 'temp_enrollment_off',
                device,
                { temp_enrollment: record(device).temp_enrollment },
                { temp_enrollment: after.temp_enrollment },
            );
            return after;
        },
    );

    app.put(
        '/devices/:id/reboot',
        {
            config: { access: ['devices', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Queue a reboot; the reader acknowledges it',
                params: idParam,
                response: { 200: commandRecord, ...errors },
            },
        },
        async request => {
            const device = await visible(request, request.params.id);
            approved(device);
            const [command] = await queueCommand(ctx.db, [device.id], 'reboot', requireAuth(request).user.id);
            await audit(request, 'reboot', device);
            return toCommand(command!);
        },
    );

    app.put(
        '/devices/:id/logs/request',
        {
            config: { access: ['devices', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Ask the reader to upload its recent logs now',
                params: idParam,
                response: { 200: commandRecord, ...errors },
            },
        },
        async request => {
            const device = await visible(request, request.params.id);
            approved(device);
            const [command] = await queueCommand(ctx.db, [device.id], 'upload_logs', requireAuth(request).user.id);
            return toCommand(command!);
        },
    );

    app.get(
        '/devices/:id/commands',
        {
            config: { access: ['devices', 'read'], scope: 'row' },
            schema: {
                tags,
                summary: 'The latest commands sent to the device and their outcome',
                params: idParam,
                response: { 200: z.object({ result: z.array(commandRecord) }), ...errors },
            },
        },
        async request => {
            const device = await visible(request, request.params.id);
            return { result: (await listCommands(ctx.db, device.id)).map(toCommand) };
        },
    );

    const logQuery = z.object({
        page: z.coerce.number().int().min(1).default(1),
        per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(20),
        level: z.enum(LOG_LEVELS).optional(),
        from: z.iso.datetime({ offset: true }).optional(),
        to: z.iso.datetime({ offset: true }).optional(),
        q: z.string().max(200).optional(),
        timezone_offset: z.coerce.number().int().min(-900).max(900).default(0),
    });
    const logFilters = (q: z.infer<typeof logQuery>) => ({
        level: q.level,
        q: q.q,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
    });

    app.get(
        '/devices/:id/logs',
        {
            config: { access: ['deviceLogs', 'read'], scope: 'row' },
            schema: {
                tags,
                summary: 'Log lines the reader uploaded, newest first',
                params: idParam,
                querystring: logQuery,
                response: {
                    200: listReply(
                        z.object({ id: z.number().int(), timestamp: z.string(), level: z.enum(LOG_LEVELS), message: z.string() }),
                    ),
                    ...errors,
                },
            },
        },
        async request => {
            const device = await visible(request, request.params.id);
            const { result, count } = await listDeviceLogs(ctx.db, device.id, logFilters(request.query), request.query);
            return {
                result: result.map(l => ({ id: l.id, timestamp: l.timestamp.toISOString(), level: l.level, message: l.message })),
                count,
            };
        },
    );

    app.get(
        '/devices/:id/logs/export',
        {
            config: { access: ['deviceLogs', 'read'], scope: 'row' },
            schema: { tags, summary: "The reader's log lines as CSV, oldest first", params: idParam, querystring: logQuery },
        },
        async (request, reply) => {
            const device = await visible(request, request.params.id);
            const lines = await exportDeviceLogs(ctx.db, device.id, logFilters(request.query));
            const csv = csvText(
                lines.map(l => ({ timestamp: localTime(l.timestamp, request.query.timezone_offset), level: l.level, message: l.message })),
            );
            return reply
                .type('text/csv; charset=utf-8')
                .header('Content-Disposition', attachment(stampedFileName(`device-logs-${device.id}`, 'csv', ctx.now())))
                .send(csv);
        },
    );

    app.get(
        '/devices/:id/config',
        {
            config: { access: ['devices', 'download_config'], scope: 'row' },
            schema: { tags, summary: 'The configuration file the reader receives (secrets masked)', params: idParam },
        },
        async (request, reply) => {
            const device = await visible(request, request.params.id);
            const config = await buildDeviceConfig(ctx.db, device.id, ctx.config.deviceHeartbeatSeconds, ctx.now());
            if (!config) throw notFound('device');
            return reply
                .type('application/json; charset=utf-8')
                .header('Content-Disposition', attachment(`device-${device.id}-config.json`))
                .send(JSON.stringify(withoutSecrets(config), null, 2));
        },
    );
};

/** The account a device belongs to, for other features' scope checks. */
export const deviceInScope = async (ctx: AppContext, auth: AuthContext, id: number) => {
    const device = await findDevice(ctx.db, id);
    if (!device) return undefined;
    const account = await findAccount(ctx.db, device.account_id);
    return account && mayActIn(auth, account) ? device : undefined;
};

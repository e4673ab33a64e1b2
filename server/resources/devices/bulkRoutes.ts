import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkRebootReply, deviceBulkEditInput, deviceIdsInput, type DeviceRecord } from '../../../contract/devices';
import type { AppContext } from '../../context';
import { attachment, stampedFileName } from '../../http/attachments';
import { requireAuth } from '../../http/auth';
import { csvText } from '../../http/csv';
import { idList } from '../../http/lists';
import { deleteDevices, queueCommand, updateDeviceParameters } from './queries';
import { approved, deviceRouteKit, errors, localTime, tags } from './routeKit';

/** What the console does to many devices at once (SPEC 2.2 Bulk Device Edit, Reboot, Delete, Configuration download). */
export const deviceBulkRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { allVisible, audit, checkGroups, record, reload } = deviceRouteKit(ctx);

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
            const csv = csvText(devices.map(record).map((d: DeviceRecord) => configLine(d, offset)));
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
};

/** One device's line of the configurations CSV, its times in the caller's time zone. */
const configLine = (d: DeviceRecord, offset: number) => ({
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
});

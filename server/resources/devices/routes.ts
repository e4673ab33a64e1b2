import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../contract/api';
import { deviceRecord, deviceUpdateInput } from '../../../contract/devices';
import { MESSAGES } from '../../../contract/validation';
import type { AppContext } from '../../context';
import { validationError } from '../../http/errors';
import { rowRoutes } from '../../http/rowRoutes';
import { deleteDevices, storedOnvif, storedSip, updateDeviceParameters } from './queries';
import { deviceRouteKit, errors, tags } from './routeKit';

/**
 * One device: read, modify, delete. The other device routes are listed in feature.ts: the list (listRoutes.ts),
 * registration and approval, bulk changes, commands, logs and the configuration file.
 */
export const deviceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { audit, checkGroups, record, reload, visible } = deviceRouteKit(ctx);
    const rows = rowRoutes(app, { tags, errors, visible, reply: deviceRecord, record, audit });

    rows.get('/devices/:id', ['devices', 'read'], 'One device');

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

    rows.delete('/devices/:id', ['devices', 'delete'], 'Delete a device; its events stay, showing "Device deleted"', device =>
        deleteDevices(ctx.db, [device.id]),
    );
};

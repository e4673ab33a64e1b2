import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../contract/api';
import { deviceRecord, tempEnrollmentInput, TEMP_ENROLLMENT_DEFAULT_MINUTES } from '../../../contract/devices';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { listCommands, queueCommand, setTempEnrollment } from './queries';
import { approved, commandRecord, deviceRouteKit, errors, tags, toCommand } from './routeKit';

/** What an admin asks of one approved reader (temporary enrollment, reboot, a log upload) and the commands it was sent. */
export const deviceCommandRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { audit, record, reload, visible } = deviceRouteKit(ctx);

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
};

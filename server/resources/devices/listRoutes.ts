import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listReply } from '../../../contract/api';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import { deviceRecord, deviceStateAggregate, DEVICE_STATUSES, installedFirmware } from '../../../contract/devices';
import type { AppContext } from '../../context';
import { listParams } from '../../http/lists';
import { scopeOf } from '../../http/scope';
import { devicesByState, distinctValues, installedReleases, listDevices } from './queries';
import { deviceFilters, deviceRouteKit, errors, filtersOf, tags } from './routeKit';

/** The device list, its state counts, its firmware releases and the values of its filters. */
export const deviceListRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { record } = deviceRouteKit(ctx);

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
};

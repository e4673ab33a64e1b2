import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorReply } from '../../../contract/api';
import { DEVICE_COMMAND_STATUSES, DEVICE_COMMAND_TYPES } from '../../../contract/device-api';
import { DEVICE_ROLES, DEVICE_STATUSES } from '../../../contract/devices';
import type { AppContext } from '../../context';
import { requireAuth, type AuthContext } from '../../http/auth';
import { auditTrail } from '../../http/audit';
import { conflict, notFound, validationError } from '../../http/errors';
import { idList } from '../../http/lists';
import { mayActIn, reachOf, rowInScope, scopeOf } from '../../http/scope';
import { findAccount } from '../accounts';
import { accountAccessGroupIds, allDevices, findDevice, toDevice, type DeviceFilters, type DeviceListRow } from './queries';

/** What the device route modules (routes.ts, listRoutes.ts, bulkRoutes.ts ...) share. */
export const tags = ['devices'];
export const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply, 422: errorReply };

export const deviceFilters = {
    status: z.enum(DEVICE_STATUSES).optional(),
    device_mode: z.string().max(32).optional(),
    role: z.enum(DEVICE_ROLES).optional(),
    board_type: z.string().max(64).optional(),
    release: z.string().max(64).optional(),
    hardware_id: z.string().max(64).optional(),
    auth_required: z.enum(['true', 'false']).optional(),
};
type DeviceQuery = { [K in keyof typeof deviceFilters]?: string } & { q?: string; id?: string };

export const commandRecord = z.object({
    id: z.number().int(),
    type: z.enum(DEVICE_COMMAND_TYPES),
    status: z.enum(DEVICE_COMMAND_STATUSES),
    created_at: z.string(),
    sent_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    result: z.string().nullable(),
});
export const toCommand = (c: {
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
export const localTime = (date: Date | string | null, offsetMinutes: number) => {
    if (!date) return '';
    const shifted = new Date(new Date(date).getTime() - offsetMinutes * 60_000);
    return shifted.toISOString().replace('T', ' ').slice(0, 19);
};

/** The filters of the device lists, from the query and the caller's account scope. */
export const filtersOf = (request: FastifyRequest): DeviceFilters => {
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

/** A pending or rejected device takes no command. */
export const approved = (device: DeviceListRow) => {
    if (device.status === 'pending' || device.status === 'rejected') throw conflict('The device is not approved yet.');
};

/** How the device route modules find, check, show and audit the devices a caller may act on. */
export const deviceRouteKit = (ctx: AppContext) => {
    const record = (row: DeviceListRow) => toDevice(row, ctx.now());
    return {
        /** A device the caller may act on; ids of other tenants do not exist for the caller (404). */
        visible: (request: FastifyRequest, id: number): Promise<DeviceListRow> =>
            rowInScope(ctx.db, request, findDevice(ctx.db, id), 'device'),
        /** Every one of these devices, or 404 and nothing done. */
        allVisible: async (request: FastifyRequest, ids: number[]): Promise<DeviceListRow[]> => {
            const found = await allDevices(ctx.db, { scope: reachOf(requireAuth(request)), ids });
            if (found.length !== new Set(ids).size) throw notFound('device');
            return found;
        },
        record,
        reload: async (id: number) => record((await findDevice(ctx.db, id))!),
        /** Access groups must be the device's account's own. */
        checkGroups: async (accountId: number, ids: number[] | undefined, field = 'access_group_ids') => {
            if (!ids?.length) return;
            const own = await accountAccessGroupIds(ctx.db, accountId, ids);
            if (own.length !== new Set(ids).size) throw validationError({ [field]: "Choose access groups of the device's account" });
        },
        audit: auditTrail(ctx.db, 'devices', 'Device'),
    };
};

/** The account a device belongs to, for other features' scope checks. */
export const deviceInScope = async (ctx: AppContext, auth: AuthContext, id: number) => {
    const device = await findDevice(ctx.db, id);
    if (!device) return undefined;
    const account = await findAccount(ctx.db, device.account_id);
    return account && mayActIn(auth, account) ? device : undefined;
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountTimeZone } from '../../../contract/cards';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import { scheduleInput, scheduleRecord } from '../../../contract/schedules';
import type { AppContext } from '../../context';
import { foreignKeyViolation } from '../../db/errors';
import { conflict, conflictOnDuplicate } from '../../http/errors';
import { idList, listParams } from '../../http/lists';
import { rowRoutes } from '../../http/rowRoutes';
import { rowInScope, scopeOf } from '../../http/scope';
import { accountOptions } from '../accounts';
import { auditTrail } from '../../http/audit';
import {
    createSchedule,
    deleteSchedule,
    findSchedule,
    listSchedules,
    nameTaken,
    toSchedule,
    updateSchedule,
    type ScheduleListRow,
} from './queries';

const tags = ['schedules'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The 409 texts (SPEC 8.4: sentences the console shows as they are). */
export const SCHEDULE_CONFLICTS = {
    nameTaken: 'A schedule with this name already exists in this account.',
    inUse: (groups: number) =>
        `The schedule is still followed by ${plural(groups, 'access group')}. Choose another schedule for them, or none, first.`,
    inUseNow: 'The schedule is still followed by an access group. Choose another schedule for it, or none, first.',
};

/**
 * Access schedules (docs/decisions.md "Schedules"). Every role reads them (the access group
 * screens show them to whoever reads groups); staff who configure devices
 * create, change and delete them, as they do access groups.
 */
export const scheduleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    /** A schedule the caller may act on; other tenants' ids do not exist for the caller (404). */
    const visible = (request: FastifyRequest, id: number): Promise<ScheduleListRow> =>
        rowInScope(ctx.db, request, findSchedule(ctx.db, id), 'schedule');
    const reload = async (id: number) => toSchedule((await findSchedule(ctx.db, id))!);
    const saving = conflictOnDuplicate(SCHEDULE_CONFLICTS.nameTaken);
    const audit = auditTrail(ctx.db, 'schedules', 'Schedule');
    const rows = rowRoutes(app, { tags, errors, visible, reply: scheduleRecord, record: toSchedule, audit });
    /** Deletes a schedule no access group follows; 409 naming how many do. */
    const remove = async (schedule: ScheduleListRow) => {
        let outcome;
        try {
            outcome = await deleteSchedule(ctx.db, schedule);
        } catch (e) {
            if (foreignKeyViolation(e)) throw conflict(SCHEDULE_CONFLICTS.inUseNow);
            throw e;
        }
        if (!outcome.deleted) throw conflict(SCHEDULE_CONFLICTS.inUse(outcome.groups));
    };

    app.get(
        '/schedules',
        {
            config: { access: ['schedules', 'read'], scope: 'list' },
            schema: {
                tags,
                summary:
                    'Schedules of the current account (cross_account=true: of every account in scope), by name unless sorted otherwise',
                querystring: z.object(listParams(PICKER_PAGE_SIZE)),
                response: { 200: listReply(scheduleRecord), ...errors },
            },
        },
        async request => {
            const q = request.query;
            const { result, count } = await listSchedules(ctx.db, { scope: scopeOf(request).accounts, q: q.q, ids: idList(q.id) }, q);
            return { result: result.map(toSchedule), count };
        },
    );

    rows.get('/schedules/:id', ['schedules', 'read'], 'One schedule with how many access groups follow it');

    app.post(
        '/schedules',
        {
            config: { access: ['schedules', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: "Create a schedule; without time_zone it takes the account's (prp/timezone), else UTC",
                body: scheduleInput,
                response: { 201: scheduleRecord, ...errors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const { name, time_zone, windows, holidays, exceptions } = request.body;
            if (await nameTaken(ctx.db, account.id, name.trim())) throw conflict(SCHEDULE_CONFLICTS.nameTaken);
            const zone = time_zone ?? accountTimeZone(await accountOptions(ctx.db, account.id));
            const id = await saving(() => createSchedule(ctx.db, account.id, { name, time_zone: zone, windows, holidays, exceptions }));
            const created = await reload(id);
            await audit(request, 'create', created, undefined, created);
            return reply.status(201).send(created);
        },
    );

    app.put(
        '/schedules/:id',
        {
            config: { access: ['schedules', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Change a schedule; the readers serving groups that follow it pull the new rules at their next heartbeat',
                params: idParam,
                body: scheduleInput,
                response: { 200: scheduleRecord, ...errors },
            },
        },
        async request => {
            const before = await visible(request, request.params.id);
            const { name, time_zone, windows, holidays, exceptions } = request.body;
            if (await nameTaken(ctx.db, before.account_id, name.trim(), before.id)) throw conflict(SCHEDULE_CONFLICTS.nameTaken);
            await saving(() =>
                updateSchedule(ctx.db, before, { name, time_zone: time_zone ?? before.time_zone, windows, holidays, exceptions }),
            );
            const after = await reload(before.id);
            await audit(request, 'update', before, toSchedule(before), after);
            return after;
        },
    );

    rows.delete(
        '/schedules/:id',
        ['schedules', 'write'],
        'Delete a schedule that no access group follows (409 otherwise, naming how many do)',
        remove,
    );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { readerInput, readerRecord, type ReaderInput } from '../../../contract/readers';
import { ACCOUNT_OPTIONS, optionOn, type AccountOption } from '../../../contract/session';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { conflict, conflictOnDuplicate, forbidden, validationError } from '../../http/errors';
import { idList, listParams } from '../../http/lists';
import { rowRoutes } from '../../http/rowRoutes';
import { rowInScope, scopeOf } from '../../http/scope';
import { findAccount } from '../accounts';
import { auditTrail } from '../../http/audit';
import { findDeviceByHardwareId } from '../devices';
import { deleteReader, findReader, insertReader, listReaders, readerLinkedTo, toReader, updateReader, type ReaderListRow } from './queries';

const tags = ['readers'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

export const READER_DENIALS = {
    userRole: 'Readers are not available to the Account user role.',
    acsOff: 'Readers are not available: the ACS integration is off for this account.',
    linkedElsewhere: 'Another reader of this account is already linked to this device.',
} as const;

/**
 * Readers are ACS doors (SPEC 3 Reader). SPEC 6.2 has no row for them: they
 * are read with the devices read right and written with devices write, and
 * SPEC 6.3's denials are enforced here too: never to the user role, and only
 * in an account whose ACS integration is on.
 */
export const readerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const gate = (request: FastifyRequest, options: readonly AccountOption[]) => {
        if (requireAuth(request).user.role === 'user') throw forbidden(READER_DENIALS.userRole);
        if (!optionOn(options, ACCOUNT_OPTIONS.acsEnabled)) throw forbidden(READER_DENIALS.acsOff);
    };
    /** The account a list or create works in, once the caller may use readers there. */
    const workingAccount = async (request: FastifyRequest) => {
        if (requireAuth(request).user.role === 'user') throw forbidden(READER_DENIALS.userRole);
        const { account } = scopeOf(request);
        gate(request, (await findAccount(ctx.db, account.id))?.options ?? []);
        return account;
    };
    /** A reader the caller may act on; ids of other tenants do not exist for the caller (404). */
    const visible = async (request: FastifyRequest, id: number): Promise<ReaderListRow> => {
        if (requireAuth(request).user.role === 'user') throw forbidden(READER_DENIALS.userRole);
        const reader = await rowInScope(ctx.db, request, findReader(ctx.db, id), 'reader');
        gate(request, (await findAccount(ctx.db, reader.account_id))?.options ?? []);
        return reader;
    };
    /** The link asked for: a device of the reader's own account that no other reader of it links to. */
    const link = async (accountId: number, hardwareId: string | null | undefined, readerId?: number): Promise<string | null> => {
        if (!hardwareId) return null;
        const device = await findDeviceByHardwareId(ctx.db, hardwareId);
        if (!device || device.account_id !== accountId) throw validationError({ hardware_id: "Choose a device of the reader's account" });
        if (await readerLinkedTo(ctx.db, accountId, hardwareId, readerId)) throw conflict(READER_DENIALS.linkedElsewhere);
        return device.hardware_id;
    };
    // the unique index settles two requests at once: the loser gets the same 409
    const saving = conflictOnDuplicate(READER_DENIALS.linkedElsewhere);
    const audit = auditTrail(ctx.db, 'readers', 'Reader');
    const rows = rowRoutes(app, { tags, errors, visible, reply: readerRecord, record: toReader, audit });

    app.get(
        '/readers',
        {
            config: { access: ['devices', 'read'], scope: 'list' },
            schema: {
                tags,
                summary:
                    'Readers of the current account (SPEC 7.2), searched by description or hardware id; linked=true|false by whether a device serves them',
                querystring: z.object({ ...listParams(), linked: z.enum(['true', 'false']).optional() }),
                response: { 200: listReply(readerRecord), ...errors },
            },
        },
        async request => {
            const q = request.query;
            const { accounts, cross } = scopeOf(request);
            // Across accounts: the readers of each account in reach whose ACS integration is on; one account only when it is.
            if (cross) {
                if (requireAuth(request).user.role === 'user') throw forbidden(READER_DENIALS.userRole);
            } else await workingAccount(request);
            const { result, count } = await listReaders(
                ctx.db,
                {
                    scope: accounts,
                    acsOnly: cross,
                    q: q.q,
                    linked: q.linked === undefined ? undefined : q.linked === 'true',
                    ids: idList(q.id),
                },
                q,
            );
            return { result: result.map(toReader), count };
        },
    );

    rows.get('/readers/:id', ['devices', 'read'], 'One reader');

    app.post(
        '/readers',
        {
            config: { access: ['devices', 'write'], scope: 'account' },
            schema: {
                tags,
                summary:
                    'Create a reader (SPEC 7.2 POST /readers {description}), optionally linked to a device of the account by hardware_id',
                body: readerInput,
                response: { 201: readerRecord, ...errors },
            },
        },
        async (request, reply) => {
            const account = await workingAccount(request);
            const body: ReaderInput = request.body;
            const hardwareId = await link(account.id, body.hardware_id);
            const id = await saving(() => insertReader(ctx.db, account.id, { description: body.description, hardware_id: hardwareId }));
            const created = toReader((await findReader(ctx.db, id))!);
            await audit(request, 'create', created, undefined, created);
            return reply.status(201).send(created);
        },
    );

    app.put(
        '/readers/:id',
        {
            config: { access: ['devices', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Rename a reader, link it to a device of its account by hardware_id, or unlink it (hardware_id null)',
                params: idParam,
                body: readerInput,
                response: { 200: readerRecord, ...errors },
            },
        },
        async request => {
            const before = await visible(request, request.params.id);
            const body = request.body;
            const hardwareId =
                body.hardware_id === undefined ? before.hardware_id : await link(before.account_id, body.hardware_id, before.id);
            await saving(() => updateReader(ctx.db, before.id, { description: body.description, hardware_id: hardwareId }));
            const after = toReader((await findReader(ctx.db, before.id))!);
            await audit(request, 'update', before, toReader(before), after);
            return after;
        },
    );

    rows.delete('/readers/:id', ['devices', 'write'], 'Delete a reader; the device it was linked to stays', reader =>
        deleteReader(ctx.db, reader.id),
    );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { FIRMWARE_KEY_MESSAGES, firmwareKeyInput, firmwareKeyRecord } from '../../../contract/firmware';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { conflict, forbidden, notFound, validationError } from '../../http/errors';
import { mayActIn, scopeOf } from '../../http/scope';
import { KeyError, readPublicKey } from '../../firmware/signature';
import { recordAudit } from '../../http/audit';
import { findAccount } from '../accounts';
import { deleteKey, findKey, insertKey, keysOfAccounts, pathIds, toFirmwareKey } from './queries';

const tags = ['firmware'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/**
 * The public keys that verify firmware signatures, an account settings
 * section. A key applies to its account and every account below it: the
 * artifacts seen or deployed there are verified with it.
 */
export const firmwareKeyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/firmware_keys',
        {
            config: { access: ['artifacts', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: 'The keys that verify firmware in the current account: its own and those of the accounts above it',
                response: { 200: listReply(firmwareKeyRecord), ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const rows = await keysOfAccounts(ctx.db, pathIds(account.path));
            return { result: rows.map(r => toFirmwareKey(r, account.id)), count: rows.length };
        },
    );

    app.post(
        '/firmware_keys',
        {
            config: { access: ['artifacts', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Add a PEM public key (RSA or ECDSA) to the current account',
                body: firmwareKeyInput,
                response: { 201: firmwareKeyRecord, ...errors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            let key;
            try {
                key = readPublicKey(request.body.pem);
            } catch (error) {
                if (error instanceof KeyError) throw validationError({ pem: error.message });
                throw error;
            }
            const row = await insertKey(ctx.db, {
                account_id: account.id,
                name: request.body.name,
                algorithm: key.algorithm,
                details: key.details,
                pem: key.pem,
                fingerprint: key.fingerprint,
                created_by: requireAuth(request).user.id,
            });
            if (!row) throw conflict(FIRMWARE_KEY_MESSAGES.duplicate);
            const created = toFirmwareKey({ key: row, account_name: account.name }, account.id);
            await recordAudit(ctx.db, request, {
                action: 'create',
                resource: 'artifacts',
                entity: 'Firmware key',
                entity_id: row.id,
                account_id: account.id,
                after: created,
            });
            return reply.status(201).send(created);
        },
    );

    app.delete(
        '/firmware_keys/:id',
        {
            config: { access: ['artifacts', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Remove a key; firmware only it verified shows as unverified',
                params: idParam,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            const row = await findKey(ctx.db, request.params.id);
            const account = row && (await findAccount(ctx.db, row.account_id));
            if (!row || !account) throw notFound('firmware key');
            if (!mayActIn(auth, account)) {
                // A key of an account above the caller's applies to it, so it is known; it is changed there.
                if (auth.account.path.startsWith(account.path))
                    throw forbidden(`This key belongs to ${account.name}; it can only be removed there.`);
                throw notFound('firmware key');
            }
            await deleteKey(ctx.db, row.id);
            await recordAudit(ctx.db, request, {
                action: 'delete',
                resource: 'artifacts',
                entity: 'Firmware key',
                entity_id: row.id,
                account_id: account.id,
                before: toFirmwareKey({ key: row, account_name: account.name }, account.id),
            });
            return reply.status(204).send(null);
        },
    );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply, listReply } from '../../../contract/api';
import { API_KEY_MESSAGES, apiKeyInput, apiKeyRecord, createdApiKey } from '../../../contract/apiKeys';
import { assignableRoles } from '../../../contract/roles';
import type { AppContext } from '../../context';
import { newApiKey } from '../../http/apiKeys';
import { requireAuth } from '../../http/auth';
import { forbidden, notFound, validationError } from '../../http/errors';
import { listParams } from '../../http/lists';
import { scopeOf } from '../../http/scope';
import { recordAudit } from '../../http/audit';
import { findApiKey, insertApiKey, listApiKeys, revokeApiKey, toApiKey } from './queries';

const tags = ['API keys'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 429: errorReply };
const keyParams = z.object({ keyId: z.coerce.number().int().positive() });

/**
 * SPEC 3 "API keys" and 7.2 GET /accounts/{account_id}/api_keys: an account's
 * keys, a new one (its secret in this reply only) and revocation. The audit
 * log records each key's row, never its secret (only its hash exists after
 * the reply, and the hash is not in the row either).
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/accounts/:account_id/api_keys',
        {
            config: { access: ['apiKeys', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: "The account's API keys, newest first (never their secret)",
                querystring: z.object({ page: listParams().page, per_page: listParams().per_page }),
                response: { 200: listReply(apiKeyRecord), ...errors },
            },
        },
        async request => {
            const { result, count } = await listApiKeys(ctx.db, scopeOf(request).accounts, request.query);
            const now = ctx.now();
            return { result: result.map(r => toApiKey(r, now)), count };
        },
    );

    app.post(
        '/accounts/:account_id/api_keys',
        {
            config: { access: ['apiKeys', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Create an API key: the reply holds the key, which is never shown again',
                body: apiKeyInput,
                response: { 201: createdApiKey, ...errors },
            },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            // A leaked key must end when it is revoked: it may not mint its own successors.
            if (auth.apiKey) throw forbidden(API_KEY_MESSAGES.keyCannotCreate);
            const { account } = scopeOf(request);
            const { description, role, expires_at } = request.body;
            // A key acts as a user of its role: it gets no role its creator could not give a user.
            if (!assignableRoles(auth.user.role).includes(role)) throw forbidden(API_KEY_MESSAGES.roleNotAssignable);
            const now = ctx.now();
            const expires = expires_at ? new Date(expires_at) : null;
            if (expires && expires.getTime() <= now.getTime()) throw validationError({ expires_at: API_KEY_MESSAGES.expiryPast });
            const { key, prefix, secret_hash } = newApiKey();
            const row = await insertApiKey(ctx.db, {
                account_id: account.id,
                description,
                role,
                prefix,
                secret_hash,
                created_by: auth.user.id,
                created_by_name: auth.user.name,
                created_at: now,
                expires_at: expires,
            });
            const record = toApiKey(row, now);
            await recordAudit(ctx.db, request, {
                action: 'create',
                resource: 'apiKeys',
                entity: 'API key',
                entity_id: row.id,
                account_id: account.id,
                after: record,
            });
            return reply.status(201).send({ ...record, key });
        },
    );

    app.delete(
        '/accounts/:account_id/api_keys/:keyId',
        {
            config: { access: ['apiKeys', 'delete'], scope: 'account' },
            schema: {
                tags,
                summary: 'Revoke an API key: requests with it are refused from now on',
                params: keyParams,
                response: { 200: apiKeyRecord, ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const before = await findApiKey(ctx.db, account.id, request.params.keyId);
            if (!before) throw notFound('API key');
            const now = ctx.now();
            const revoked = await revokeApiKey(ctx.db, before.id, now);
            // Revoking a revoked key changes nothing and records nothing: the first revocation's time stands.
            if (!revoked) return toApiKey(before, now);
            const record = toApiKey(revoked, now);
            await recordAudit(ctx.db, request, {
                action: 'revoke',
                resource: 'apiKeys',
                entity: 'API key',
                entity_id: before.id,
                account_id: account.id,
                before: toApiKey(before, now),
                after: record,
            });
            return record;
        },
    );
};

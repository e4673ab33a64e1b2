import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
    ACS_MESSAGES,
    acsIntegrationInput,
    acsIntegrationRecord,
    acsTestInput,
    acsSyncReply,
    acsTestResult,
} from '../../../contract/acsIntegration';
import { idParam } from '../../../contract/api';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { HttpError, notFound, validationError } from '../../http/errors';
import { rowInScope, scopeOf } from '../../http/scope';
import { HTTP_PROTOCOLS, LDAP_PROTOCOLS, publicOnly, resolveTarget, TargetRefused } from '../../net/outboundTarget';
import { findCertificate } from './certificate';
import type { AcsTestResult } from './connector';
import { connectorFor } from './connectors';
import { AcsSyncError, syncAccount } from './run';
import { writeAcsLogs } from './logs';
import {
    deleteIntegration,
    findIntegration,
    findIntegrationById,
    setAcsOptions,
    storedPasswordFor,
    toAcsIntegration,
    upsertIntegration,
    type AcsIntegrationRow,
} from './queries';
import { acsAudit, errors, tags } from './routeKit';

const ENTITY = 'ACS integration';

/**
 * A cloud platform refuses an address that is, or resolves to, a non-public one (SSRF), as webhooks do;
 * each connection checks it again (a name may resolve elsewhere later). On premise every address goes.
 */
const checkAddress = async (ctx: AppContext, provider: 'genetec' | 'directory', address: string) => {
    if (!publicOnly(ctx.config)) return;
    try {
        await resolveTarget(address, true, provider === 'genetec' ? HTTP_PROTOCOLS : LDAP_PROTOCOLS);
    } catch (error) {
        if (error instanceof TargetRefused) throw validationError({ address: error.message });
        throw error;
    }
};

/** Connects with the unsaved form (an empty password: the stored one, for the saved server only) and says whether it works. */
const testConnection = async (
    ctx: AppContext,
    accountId: number,
    form: z.infer<typeof acsTestInput>,
    stored: AcsIntegrationRow | undefined,
    log: FastifyBaseLogger,
): Promise<AcsTestResult> => {
    const certificate = await findCertificate(ctx.db, accountId);
    const password = form.secrets?.password || storedPasswordFor(stored, form);
    if (!password) return { ok: false, error: stored?.secrets.password ? ACS_MESSAGES.passwordForNewAddress : ACS_MESSAGES.noPassword };
    // the connector checks the address (a cloud platform's rule) before it connects, and answers our own texts only
    const connector = connectorFor(
        { ...form, settings: form.settings as Record<string, unknown>, secrets: { password } },
        { certificatePem: certificate?.pem, publicOnly: publicOnly(ctx.config) },
    );
    try {
        return await connector.test();
    } catch (error) {
        log.warn({ err: error }, 'ACS connection test failed unexpectedly');
        return { ok: false, error: ACS_MESSAGES.testFailed };
    } finally {
        await connector.close?.();
    }
};

/**
 * The ACS integration of an account (SPEC 3, 7.2; docs/decisions.md "ACS integration"): its settings, the
 * connection test and the synchronisation on demand. Its CHUID settings (chuidRoutes.ts), its log (logRoutes.ts)
 * and the account's PEM certificate (certificateRoutes.ts) are modules of their own. Every route works in one
 * account the caller may act in, with the acsIntegration right; the password is written, never read.
 */
export const acsIntegrationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = acsAudit(ctx);

    app.get(
        '/acs-integration',
        {
            config: { access: ['acsIntegration', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: "The account's ACS integration (null when it has none); the password is shown as password_set",
                response: { 200: z.object({ integration: acsIntegrationRecord.nullable() }), ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const row = await findIntegration(ctx.db, account.id);
            return { integration: row ? toAcsIntegration(row) : null };
        },
    );

    app.put(
        '/acs-integration/update',
        {
            config: { access: ['acsIntegration', 'write'], scope: 'account' },
            schema: {
                tags,
                summary:
                    "Create or change the account's ACS integration; sets the account options acs/provider and acs/enabled. An empty password keeps the stored one while the server address stays the same",
                body: acsIntegrationInput,
                response: { 200: acsIntegrationRecord, ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            await checkAddress(ctx, request.body.provider, request.body.address);
            const before = await findIntegration(ctx.db, account.id);
            const kept = storedPasswordFor(before, request.body);
            if (!request.body.secrets?.password && !kept)
                throw new HttpError(400, 'Validation error', {
                    'secrets.password': before?.secrets.password ? ACS_MESSAGES.passwordForNewAddress : ACS_MESSAGES.noPassword,
                });
            const row = await upsertIntegration(ctx.db, account.id, request.body, kept);
            await setAcsOptions(ctx.db, account.id, row.enabled, row.provider);
            const after = toAcsIntegration(row);
            await audit(request, before ? 'update' : 'create', account.id, ENTITY, row.id, before ? toAcsIntegration(before) : null, after);
            await writeAcsLogs(ctx.db, account.id, row.id, [
                {
                    level: 'info',
                    action: 'update',
                    message: `${before ? 'Settings changed' : 'Integration created'} by ${requireAuth(request).user.name}: ${row.provider} at ${row.address}, ${row.enabled ? 'enabled' : 'disabled'}`,
                },
            ]);
            return after;
        },
    );

    app.delete(
        '/acs-integration/:id',
        {
            config: { access: ['acsIntegration', 'delete'], scope: 'row' },
            schema: {
                tags,
                summary: 'Remove the ACS integration (the profiles it made stay); acs/enabled becomes false',
                params: idParam,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const row = await findIntegrationById(ctx.db, request.params.id);
            if (!row) throw notFound('ACS integration');
            await rowInScope(ctx.db, request, Promise.resolve(row), 'ACS integration');
            await deleteIntegration(ctx.db, row.id);
            await setAcsOptions(ctx.db, row.account_id, false, null);
            await audit(request, 'delete', row.account_id, ENTITY, row.id, toAcsIntegration(row), null);
            await writeAcsLogs(ctx.db, row.account_id, null, [
                { level: 'warning', action: 'delete', message: `Integration removed by ${requireAuth(request).user.name}` },
            ]);
            return reply.status(204).send(null);
        },
    );

    app.post(
        '/acs-integration/test',
        {
            config: { access: ['acsIntegration', 'write'], scope: 'account' },
            schema: {
                tags,
                summary:
                    'Connect to the ACS with the unsaved form (an empty password uses the stored one, for the saved server only) and say whether it works',
                body: acsTestInput,
                response: { 200: acsTestResult, ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const stored = await findIntegration(ctx.db, account.id);
            const result = await testConnection(ctx, account.id, request.body, stored, request.log);
            await writeAcsLogs(ctx.db, account.id, stored?.id ?? null, [
                result.ok
                    ? { level: 'info', action: 'test', message: `Connection test: ${result.detail}` }
                    : { level: 'error', action: 'test', message: `Connection test failed: ${result.error}` },
            ]);
            return result;
        },
    );

    app.post(
        '/acs-integration/sync',
        {
            config: { access: ['acsIntegration', 'write'], scope: 'account' },
            schema: {
                tags,
                summary:
                    "Synchronise now: the ACS's cardholders applied to the account's profiles, badges and access groups, each change in the log",
                body: z.object({}),
                response: { 200: acsSyncReply, ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            try {
                return await syncAccount(ctx, account.id, 'manual');
            } catch (error) {
                // the ACS's own failure, in words the console shows (the log has it too)
                if (error instanceof AcsSyncError) throw new HttpError(502, error.message);
                throw error;
            }
        },
    );
};

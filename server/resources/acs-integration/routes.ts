import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import {
    ACS_LOG_LEVELS,
    ACS_MESSAGES,
    CERTIFICATE_MAX_BYTES,
    accountCertificateRecord,
    acsIntegrationInput,
    acsIntegrationRecord,
    acsLogRecord,
    acsTestInput,
    acsSyncReply,
    acsTestResult,
    chuidSettings,
} from '../../../contract/acsIntegration';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { attachment, stampedFileName } from '../../http/attachments';
import { requireAuth } from '../../http/auth';
import { csvStream } from '../../http/csv';
import { conflict, HttpError, notFound, validationError } from '../../http/errors';
import { listParams } from '../../http/lists';
import { rowInScope, scopeOf } from '../../http/scope';
import { HTTP_PROTOCOLS, LDAP_PROTOCOLS, publicOnly, resolveTarget, TargetRefused } from '../../net/outboundTarget';
import { recordAudit } from '../../http/audit';
import { deleteCertificate, findCertificate, parseCertificatePem, saveCertificate, toCertificate } from './certificate';
import type { AcsTestResult } from './connector';
import { connectorFor } from './connectors';
import { AcsSyncError, syncAccount } from './run';
import { acsLogRows, listAcsLogs, toAcsLog, writeAcsLogs, type AcsLogFilters } from './logs';
import {
    chuidOf,
    deleteIntegration,
    findIntegration,
    findIntegrationById,
    setAcsOptions,
    storedPasswordFor,
    toAcsIntegration,
    updateChuid,
    upsertIntegration,
} from './queries';

const tags = ['ACS integration'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const logFilters = {
    level: z.enum(ACS_LOG_LEVELS).optional(),
    action: z.string().max(50).optional(),
    acs_id: z.string().max(200).optional(),
    date_from: z.coerce.date().optional(),
    date_to: z.coerce.date().optional(),
};
const ENTITY = 'ACS integration';

/**
 * The ACS integration of an account (SPEC 3, 7.2; issue 12): its settings,
 * the connection test, its log, the CHUID settings and the account's PEM
 * certificate. Every route works in one account the caller may act in, with
 * the acsIntegration right; the password is written, never read.
 */
export const acsIntegrationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    await app.register(multipart, { limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3 } });

    const audit = (
        request: FastifyRequest,
        action: 'create' | 'update' | 'delete',
        accountId: number,
        entity: string,
        id: number,
        before?: unknown,
        after?: unknown,
    ) => recordAudit(ctx.db, request, { action, resource: 'acsIntegration', entity, entity_id: id, account_id: accountId, before, after });

    /**
     * A cloud platform refuses an address that is, or resolves to, a non-public one (SSRF), as webhooks do;
     * each connection checks it again (a name may resolve elsewhere later). On premise every address goes.
     */
    const checkAddress = async (provider: 'genetec' | 'directory', address: string) => {
        if (!publicOnly(ctx.config)) return;
        try {
            await resolveTarget(address, true, provider === 'genetec' ? HTTP_PROTOCOLS : LDAP_PROTOCOLS);
        } catch (error) {
            if (error instanceof TargetRefused) throw validationError({ address: error.message });
            throw error;
        }
    };

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
            await checkAddress(request.body.provider, request.body.address);
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
            const certificate = await findCertificate(ctx.db, account.id);
            const password = request.body.secrets?.password || storedPasswordFor(stored, request.body);
            let result: AcsTestResult;
            if (!password)
                result = { ok: false, error: stored?.secrets.password ? ACS_MESSAGES.passwordForNewAddress : ACS_MESSAGES.noPassword };
            else {
                // the connector checks the address (a cloud platform's rule) before it connects, and answers our own texts only
                const connector = connectorFor(
                    { ...request.body, settings: request.body.settings as Record<string, unknown>, secrets: { password } },
                    { certificatePem: certificate?.pem, publicOnly: publicOnly(ctx.config) },
                );
                try {
                    result = await connector.test();
                } catch (error) {
                    request.log.warn({ err: error }, 'ACS connection test failed unexpectedly');
                    result = { ok: false, error: ACS_MESSAGES.testFailed };
                } finally {
                    await connector.close?.();
                }
            }
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

    app.get(
        '/acs-integration/chuid',
        {
            config: { access: ['acsIntegration', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: "Which fields of a PIV card's CHUID identify the badge (docs/decisions.md)",
                response: { 200: chuidSettings, ...errors },
            },
        },
        async request => chuidOf(await findIntegration(ctx.db, scopeOf(request).account.id)),
    );

    app.put(
        '/acs-integration/chuid',
        {
            config: { access: ['acsIntegration', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Change the CHUID settings of the ACS integration',
                body: chuidSettings,
                response: { 200: chuidSettings, ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const row = await findIntegration(ctx.db, account.id);
            if (!row) throw conflict('Save the ACS integration first');
            const chuid = request.body;
            const after = chuidOf(await updateChuid(ctx.db, row.id, chuid));
            await audit(request, 'update', account.id, 'ACS CHUID settings', row.id, chuidOf(row), after);
            return after;
        },
    );

    const logScope = (request: FastifyRequest, query: Omit<AcsLogFilters, 'scope'>): AcsLogFilters => ({
        ...query,
        scope: scopeOf(request).accounts,
    });

    app.get(
        '/acs-integration/logs',
        {
            config: { access: ['acsIntegration', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'What the ACS integration did, newest first; filters level, action, acs_id, date_from, date_to, q',
                querystring: z.object({ ...listParams(LIST_MAX_PAGE_SIZE), ...logFilters }),
                response: { 200: listReply(acsLogRecord), ...errors },
            },
        },
        async request => {
            const { page, per_page, sort, q, level, action, acs_id, date_from, date_to } = request.query;
            const filters = logScope(request, { q, level, action, acs_id, date_from, date_to });
            const { result, count } = await listAcsLogs(ctx.db, filters, { page, per_page, sort });
            return { result: result.map(toAcsLog), count };
        },
    );

    app.get(
        '/acs-integration/logs/export',
        {
            config: { access: ['acsIntegration', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'The ACS integration log as CSV, with the list filters',
                querystring: z.object({ ...listParams(LIST_MAX_PAGE_SIZE), ...logFilters }),
                produces: ['text/csv'],
            },
        },
        async (request, reply) => {
            const { q, level, action, acs_id, date_from, date_to } = request.query;
            const rows = acsLogRows(ctx.db, logScope(request, { q, level, action, acs_id, date_from, date_to }));
            const csv = csvStream({ columns: ['at', 'level', 'action', 'acs_id', 'profile_id', 'message', 'details'] });
            Readable.from(rows).pipe(csv);
            return reply
                .type('text/csv; charset=utf-8')
                .header('Content-Disposition', attachment(stampedFileName('acs-integration-logs', 'csv', ctx.now())))
                .send(csv);
        },
    );

    app.get(
        '/accounts/:id/cert',
        {
            config: { access: ['acsIntegration', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: "The account's certificate (PEM), trusted for its ACS's https address; 404 when none",
                params: idParam,
                response: { 200: accountCertificateRecord, ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const row = await findCertificate(ctx.db, account.id);
            if (!row) throw notFound('certificate');
            return toCertificate(row, ctx.now());
        },
    );

    app.post(
        '/accounts/:id/cert',
        {
            config: { access: ['acsIntegration', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: `Upload the account's certificate: one PEM certificate, multipart field "file" or JSON {pem}; at most ${CERTIFICATE_MAX_BYTES / 1024} kB. An expired one is kept and flagged`,
                consumes: ['multipart/form-data', 'application/json'],
                params: idParam,
                response: { 200: accountCertificateRecord, ...errors, 413: errorReply },
            },
        },
        async request => {
            const auth = requireAuth(request);
            const { account } = scopeOf(request);
            let pem: Buffer | string | undefined;
            if (request.isMultipart()) {
                for await (const part of request.parts()) {
                    if (part.type === 'field') continue;
                    if (part.fieldname !== 'file' || pem !== undefined) {
                        part.file.resume();
                        throw new HttpError(400, 'Send one file, in the field "file".');
                    }
                    pem = await part.toBuffer();
                }
            } else {
                const body = z.object({ pem: z.string().max(CERTIFICATE_MAX_BYTES) }).safeParse(request.body);
                if (body.success) pem = body.data.pem;
            }
            if (pem === undefined || pem.length === 0) throw new HttpError(400, ACS_MESSAGES.notPem);
            const parsed = parseCertificatePem(pem);
            const before = await findCertificate(ctx.db, account.id);
            const row = await saveCertificate(ctx.db, account.id, parsed, auth.user.name);
            const after = toCertificate(row, ctx.now());
            await audit(
                request,
                before ? 'update' : 'create',
                account.id,
                'ACS certificate',
                account.id,
                before ? toCertificate(before, ctx.now()) : null,
                after,
            );
            const integration = await findIntegration(ctx.db, account.id);
            await writeAcsLogs(ctx.db, account.id, integration?.id ?? null, [
                {
                    level: after.expired ? 'warning' : 'info',
                    action: 'certificate',
                    message: `Certificate ${after.subject} uploaded by ${auth.user.name}, valid until ${after.not_after}${after.expired ? ' (expired)' : ''}`,
                },
            ]);
            return after;
        },
    );

    app.delete(
        '/accounts/:id/cert',
        {
            config: { access: ['acsIntegration', 'delete'], scope: 'account' },
            schema: { tags, summary: "Remove the account's certificate", params: idParam, response: { 204: z.null(), ...errors } },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const row = await deleteCertificate(ctx.db, account.id);
            if (!row) throw notFound('certificate');
            await audit(request, 'delete', account.id, 'ACS certificate', account.id, toCertificate(row, ctx.now()), null);
            return reply.status(204).send(null);
        },
    );
};

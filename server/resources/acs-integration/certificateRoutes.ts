import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACS_MESSAGES, CERTIFICATE_MAX_BYTES, accountCertificateRecord } from '../../../contract/acsIntegration';
import { errorReply, idParam } from '../../../contract/api';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import { scopeOf } from '../../http/scope';
import { deleteCertificate, findCertificate, parseCertificatePem, saveCertificate, toCertificate } from './certificate';
import { writeAcsLogs } from './logs';
import { findIntegration } from './queries';
import { acsAudit, errors, tags } from './routeKit';

/** The PEM of an upload: the one file of a multipart form, in the field "file", or the JSON body's pem. */
const uploadedPem = async (request: FastifyRequest) => {
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
    return pem;
};

/** The account's PEM certificate (certificate.ts), trusted for its ACS's https address. */
export const acsCertificateRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = acsAudit(ctx);

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
            const parsed = parseCertificatePem(await uploadedPem(request));
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

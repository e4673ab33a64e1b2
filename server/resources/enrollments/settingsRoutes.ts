import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply, idParam } from '../../../contract/api';
import { ENROLLMENT_MESSAGES } from '../../../contract/enrollments';
import type { AppContext } from '../../context';
import { attachment } from '../../http/attachments';
import { requireAuth } from '../../http/auth';
import { conflict, HttpError, notFound, validationError } from '../../http/errors';
import { scopeOf } from '../../http/scope';
import { readablePdf, sampleSignature, stampConsent } from './consentPdf';
import { sendTestMail } from './mails';
import { consentTemplateOf, setConsentTemplate } from './queries';
import { accountBrandName, accountInviteLocale, enrollmentAudit, errors, readBounded, tags, TEMPLATE_MAX_BYTES } from './routeHelpers';

/**
 * What an account sets up for web enrollment: the consent template people
 * sign (SPEC 3 consent type, SPEC 5 PDF only), and tests of the mail and of
 * the signing of consents (SPEC 7.2).
 */
export const enrollmentSettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = enrollmentAudit(ctx);

    app.post(
        '/accounts/test/email',
        {
            config: { access: ['accounts', 'edit'], scope: 'none', rateLimit: { max: 10, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary: 'Send a test message to an address, through the mail settings invitations use (SMTP_URL, or the outbox folder)',
                body: z.object({ email: z.email({ error: ENROLLMENT_MESSAGES.emailInvalid }).max(255) }),
                response: { 200: z.object({ sent: z.literal(true), via: z.enum(['smtp', 'outbox']) }), ...errors, 502: errorReply },
            },
        },
        async request => sendTestMail(ctx, request.body.email, requireAuth(request).user.name),
    );

    app.post(
        '/accounts/test/esignature',
        {
            config: { access: ['accounts', 'edit'], scope: 'account', rateLimit: { max: 10, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary:
                    "Test the signing of consents (SPEC 7.2 e-signature test): the account's template stamped as a person's would be, with a sample name and signature, as a PDF",
                body: z.object({}),
                produces: ['application/pdf'],
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const template = await consentTemplateOf(ctx.db, account.id);
            const file = template && (await ctx.storage.get(template.file_key));
            if (!template || !file) throw conflict(ENROLLMENT_MESSAGES.templateMissing);
            const chunks: Buffer[] = [];
            for await (const chunk of file) chunks.push(chunk as Buffer);
            const signed = await stampConsent(Buffer.concat(chunks), {
                name: 'Sample Signer',
                signedAt: ctx.now(),
                signaturePng: await sampleSignature(),
                reference: `${account.id}-test-${template.version}`,
                locale: await accountInviteLocale(ctx, account),
                brandName: await accountBrandName(ctx, account),
            });
            return reply.type('application/pdf').header('Content-Disposition', attachment('consent-test.pdf')).send(Buffer.from(signed));
        },
    );

    app.put(
        '/accounts/:id/consent_template',
        {
            config: { access: ['accounts', 'edit'], scope: 'account' },
            schema: {
                tags,
                summary: 'Upload the consent template people sign: multipart, field version first, then the PDF in the field "file"',
                consumes: ['multipart/form-data'],
                params: idParam,
                response: {
                    200: z.object({ file_name: z.string(), version: z.string(), uploaded_at: z.string() }),
                    ...errors,
                    413: errorReply,
                },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            if (!request.isMultipart()) throw validationError({ file: ENROLLMENT_MESSAGES.templatePdfOnly });
            const fields: Record<string, string> = {};
            let stored: { key: string; name: string } | undefined;
            for await (const part of request.parts()) {
                if (part.type === 'field') {
                    fields[part.fieldname] = String(part.value);
                    continue;
                }
                if (part.fieldname !== 'file' || stored) {
                    part.file.resume();
                    throw new HttpError(400, 'Send one file, in the field "file".');
                }
                const data = await readBounded(part.file, TEMPLATE_MAX_BYTES);
                if (!data) throw new HttpError(413, `The template is larger than ${TEMPLATE_MAX_BYTES / (1024 * 1024)} MB`);
                if (!(await readablePdf(data))) throw validationError({ file: ENROLLMENT_MESSAGES.templatePdfOnly });
                stored = {
                    key: `consent-templates/${account.id}/${randomUUID()}.pdf`,
                    name: (part.filename || 'consent.pdf').slice(0, 255),
                };
                await ctx.storage.put(stored.key, data);
            }
            if (!stored) throw validationError({ file: ENROLLMENT_MESSAGES.templatePdfOnly });
            const version = fields.version?.trim().slice(0, 100) || ctx.now().toISOString().slice(0, 10);
            const previous = await setConsentTemplate(ctx.db, {
                account_id: account.id,
                file_key: stored.key,
                file_name: stored.name,
                version,
                uploaded_by: requireAuth(request).user.name,
            });
            if (previous) await ctx.storage.delete(previous).catch(() => undefined);
            await audit(
                request,
                'update',
                { id: account.id, account_id: account.id },
                undefined,
                { consent_template: stored.name, version },
                'Consent template',
            );
            const row = (await consentTemplateOf(ctx.db, account.id))!;
            return { file_name: row.file_name, version: row.version, uploaded_at: row.uploaded_at.toISOString() };
        },
    );

    app.get(
        '/accounts/:id/consent_template',
        {
            config: { access: ['profiles', 'read'], scope: 'account' },
            schema: { tags, summary: "The account's consent template (PDF)", params: idParam, produces: ['application/pdf'] },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const template = await consentTemplateOf(ctx.db, account.id);
            const file = template && (await ctx.storage.get(template.file_key));
            if (!file) throw notFound('consent template');
            return reply.type('application/pdf').header('Content-Disposition', attachment(template.file_name)).send(file);
        },
    );
};

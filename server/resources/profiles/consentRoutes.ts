import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReply, idParam } from '../../../contract/api';
import { profileRecord } from '../../../contract/profiles';
import type { AppContext } from '../../context';
import { attachment } from '../../http/attachments';
import { requireAuth } from '../../http/auth';
import { HttpError, notFound, validationError } from '../../http/errors';
import { consentOfProfile, recordConsent } from './queries';
import { readBounded } from '../../http/readBounded';
import { CONSENT_MAX_BYTES, errors, profileAudit, profileRecordOf, tags, visibleProfile } from './routeHelpers';

const CONSENT_MESSAGES = {
    fileRequired: 'Attach the signed consent as a PDF file',
    oneFile: 'Send one file, in the field "file".',
    pdfOnly: 'Upload PDF, not Word files',
    tooLarge: `The consent document is larger than ${CONSENT_MAX_BYTES / (1024 * 1024)} MB`,
} as const;

/** A profile's consent (docs/decisions.md "Consent without web enrollment"): recorded from paper, and downloaded. */
export const profileConsentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = profileAudit(ctx);

    app.get(
        '/profiles/:id/download_consent',
        {
            config: { access: ['profiles', 'read'], scope: 'row' },
            schema: {
                tags,
                summary: "The profile's signed consent (consent.pdf), when one was recorded with a document",
                params: idParam,
                produces: ['application/pdf'],
            },
        },
        async (request, reply) => {
            const profile = await visibleProfile(ctx, request, request.params.id);
            const consent = await consentOfProfile(ctx.db, profile.id);
            const file = consent?.file_key ? await ctx.storage.get(consent.file_key) : undefined;
            if (!file) throw notFound('consent document');
            return reply.type('application/pdf').header('Content-Disposition', attachment('consent.pdf')).send(file);
        },
    );

    app.post(
        '/profiles/:id/consent',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            schema: {
                tags,
                summary:
                    'Record the consent a person signed on paper: multipart, the signed PDF in the field "file", and the fields accepted_at (ISO time, default now) and document_version first',
                consumes: ['multipart/form-data'],
                params: idParam,
                response: { 200: profileRecord, ...errors, 413: errorReply },
            },
        },
        async request => {
            const profile = await visibleProfile(ctx, request, request.params.id);
            if (!request.isMultipart()) throw new HttpError(400, CONSENT_MESSAGES.fileRequired, { file: CONSENT_MESSAGES.fileRequired });
            const fields: Record<string, string> = {};
            let key: string | undefined;
            for await (const part of request.parts()) {
                if (part.type === 'field') {
                    fields[part.fieldname] = String(part.value);
                    continue;
                }
                if (part.fieldname !== 'file' || key) {
                    part.file.resume();
                    throw new HttpError(400, CONSENT_MESSAGES.oneFile);
                }
                const data = await readBounded(part.file, CONSENT_MAX_BYTES);
                if (!data) throw new HttpError(413, CONSENT_MESSAGES.tooLarge);
                // SPEC 5: PDF, not Word files; the bytes say what a file is, not its name.
                if (!data.subarray(0, 5).equals(Buffer.from('%PDF-')))
                    throw new HttpError(400, CONSENT_MESSAGES.pdfOnly, { file: CONSENT_MESSAGES.pdfOnly });
                key = `consents/${profile.account_id}/${profile.id}-${randomUUID()}.pdf`;
                await ctx.storage.put(key, data);
            }
            if (!key) throw new HttpError(400, CONSENT_MESSAGES.fileRequired, { file: CONSENT_MESSAGES.fileRequired });
            const acceptedAt = fields.accepted_at ? new Date(fields.accepted_at) : ctx.now();
            if (Number.isNaN(acceptedAt.getTime()) || acceptedAt.getTime() > ctx.now().getTime() + 60_000) {
                await ctx.storage.delete(key);
                throw validationError({ accepted_at: 'Give the time the consent was signed, not later than now' });
            }
            const before = await profileRecordOf(ctx, profile.id);
            const previous = await recordConsent(ctx.db, profile.id, {
                accepted_at: acceptedAt,
                method: 'paper',
                document_version: fields.document_version?.trim().slice(0, 100) || null,
                file_key: key,
                recorded_by: requireAuth(request).user.name,
            });
            if (previous) await ctx.storage.delete(previous).catch(() => undefined);
            const after = await profileRecordOf(ctx, profile.id);
            await audit(request, 'consent', profile, before.consent, after.consent);
            return after;
        },
    );
};

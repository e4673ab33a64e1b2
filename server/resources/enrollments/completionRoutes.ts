import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
    consentSignature,
    ENROLLMENT_IMAGE_MAX_BYTES,
    ENROLLMENT_IMAGE_MIN_SIDE,
    ENROLLMENT_MESSAGES,
    enrollmentPage,
    type EnrollmentSettings,
} from '../../../contract/enrollments';
import type { AppContext } from '../../context';
import { HttpError, validationError } from '../../http/errors';
import { checkPicture } from '../../http/pictures';
import { completeEnrollment } from './complete';
import { stampConsent } from './consentPdf';
import { inviteLocale } from './mails';
import { publicErrors, opened, pageOf, PUBLIC_RATE, tokenParam } from './publicPage';
import { consentTemplateOf, moveInvite, type InviteRow } from './queries';
import { accountBrandName, readBounded, tags } from './routeHelpers';

/** A drawn signature (the page's canvas is 600×180): a PNG, decoded before pdf-lib embeds it, which would decode any size. */
const SIGNATURE_LIMITS = { formats: ['png'], minSide: 1, maxSide: 4000, maxPixels: 4_000_000 } as const;

const needCode = (invite: InviteRow, settings: EnrollmentSettings) => {
    if (settings.multiFactor && !invite.code_verified_at) throw new HttpError(409, ENROLLMENT_MESSAGES.codeRequired);
};

/** The steps of the public enrollment page that complete it: signing the consent, then the picture of the face. */
export const enrollmentCompletionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.post(
        '/enrollment/:token/consent',
        {
            config: { access: 'public', rateLimit: PUBLIC_RATE },
            schema: {
                tags,
                summary: "Sign the consent: the typed name and the drawn signature are stamped on the account's template",
                params: tokenParam,
                body: consentSignature,
                response: { 200: enrollmentPage, ...publicErrors },
            },
        },
        async request => {
            const { invite, account, settings } = await opened(ctx, request.params.token, { forWrite: true });
            needCode(invite, settings);
            const template = await consentTemplateOf(ctx.db, account.id);
            const file = template && (await ctx.storage.get(template.file_key));
            if (!template || !file) throw new HttpError(409, ENROLLMENT_MESSAGES.templateMissing);
            const png = Buffer.from(request.body.signature.slice('data:image/png;base64,'.length), 'base64');
            if ('problem' in (await checkPicture(png, SIGNATURE_LIMITS))) throw validationError({ signature: 'Draw your signature' });
            const signedAt = ctx.now();
            const chunks: Buffer[] = [];
            for await (const chunk of file) chunks.push(chunk as Buffer);
            const signed = await stampConsent(Buffer.concat(chunks), {
                name: request.body.signed_name,
                signedAt,
                signaturePng: png,
                reference: `${account.id}-${invite.id}-${template.version}`,
                locale: request.body.locale ?? inviteLocale(invite),
                brandName: await accountBrandName(ctx, account),
            }).catch(() => {
                throw validationError({ signature: 'Draw your signature' });
            });
            const key = `consents/${account.id}/enrollment-${invite.id}-${randomUUID()}.pdf`;
            await ctx.storage.put(key, Buffer.from(signed));
            const after = await moveInvite(ctx.db, invite.id, ['sent', 'opened', 'consented'], {
                status: 'consented',
                consented_at: signedAt,
                consent_file_key: key,
            });
            if (!after) {
                await ctx.storage.delete(key);
                throw new HttpError(410, ENROLLMENT_MESSAGES.linkUsed);
            }
            if (invite.consent_file_key) await ctx.storage.delete(invite.consent_file_key).catch(() => undefined);
            return pageOf(ctx, after, account.name, settings);
        },
    );

    app.post(
        '/enrollment/:token/face',
        {
            config: { access: 'public', rateLimit: PUBLIC_RATE },
            schema: {
                tags,
                summary: `The picture of the face (multipart, field "image", JPEG, PNG or WebP, at least ${ENROLLMENT_IMAGE_MIN_SIDE} pixels on each side): decoded whole, then completes the enrollment`,
                consumes: ['multipart/form-data'],
                params: tokenParam,
                response: { 200: enrollmentPage, ...publicErrors },
            },
        },
        async request => {
            const { invite, account, settings } = await opened(ctx, request.params.token, { forWrite: true });
            needCode(invite, settings);
            // Consent comes before any image is kept (docs/decisions.md "Web enrollment", Order of the steps).
            if (settings.consentType === 'template' && !invite.consented_at) throw new HttpError(409, ENROLLMENT_MESSAGES.consentFirst);
            if (!request.isMultipart()) throw validationError({ image: ENROLLMENT_MESSAGES.imageRequired });
            let image: Buffer | undefined;
            for await (const part of request.parts()) {
                if (part.type === 'field') continue;
                if (part.fieldname !== 'image' || image) {
                    part.file.resume();
                    throw validationError({ image: ENROLLMENT_MESSAGES.imageRequired });
                }
                image = await readBounded(part.file, ENROLLMENT_IMAGE_MAX_BYTES);
                if (!image) throw new HttpError(413, `The picture is larger than ${ENROLLMENT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`);
            }
            if (!image) throw validationError({ image: ENROLLMENT_MESSAGES.imageRequired });
            const done = await completeEnrollment(ctx, { invite, account, settings, image });
            return pageOf(ctx, done, account.name, settings);
        },
    );
};

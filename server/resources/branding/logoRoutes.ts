import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { errorReply } from '../../../contract/api';
import { accountBranding, BRANDING_MESSAGES } from '../../../contract/branding';
import type { AppContext } from '../../context';
import { conflict, HttpError, notFound } from '../../http/errors';
import { checkPicture } from '../../http/pictures';
import { readBounded } from '../../http/readBounded';
import { scopeOf } from '../../http/scope';
import { accountBranding as brandingOf, logoKeyOf, ownBranding, setLogo } from './queries';
import { brandAudit, errors, idParam, tags } from './routeParts';

/** An uploaded logo: at most this many bytes and pixels before it is decoded, then fit within LOGO_SIDE, as PNG. */
export const LOGO_MAX_BYTES = 10 * 1024 * 1024;
const LOGO_MAX_PIXELS = 40_000_000;
const LOGO_SIDE = 512;

/**
 * A brand's logo (docs/decisions.md "Brands per account"): decoded and drawn again before it is kept, and served to
 * anyone, since a sign-in page shows it before anyone signs in.
 */
export const logoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = brandAudit(ctx);

    app.post(
        '/accounts/:id/branding/logo',
        {
            config: { access: ['branding', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: `The brand's logo: multipart, field "file", PNG, JPEG or WebP; decoded and drawn again as a PNG within ${LOGO_SIDE} × ${LOGO_SIDE}. SVG and anything that does not decode are refused`,
                consumes: ['multipart/form-data'],
                params: idParam,
                response: { 200: accountBranding, ...errors, 413: errorReply },
            },
        },
        async request => {
            const account = scopeOf(request).account;
            if (!(await ownBranding(ctx.db, account.id))) throw conflict('Set the brand first, then its logo.');
            if (!request.isMultipart()) throw new HttpError(400, BRANDING_MESSAGES.sendLogo);
            let logo: Buffer | undefined;
            for await (const part of request.parts()) {
                if (part.type === 'field') continue;
                if (part.fieldname !== 'file' || logo) {
                    part.file.resume();
                    throw new HttpError(400, BRANDING_MESSAGES.sendLogo);
                }
                const data = await readBounded(part.file, LOGO_MAX_BYTES);
                if (!data) throw new HttpError(413, BRANDING_MESSAGES.logoTooLarge);
                const checked = await checkPicture(data, {
                    formats: ['png', 'jpeg', 'webp'],
                    minSide: 1,
                    maxSide: 20_000,
                    maxPixels: LOGO_MAX_PIXELS,
                });
                if ('problem' in checked)
                    throw new HttpError(
                        400,
                        checked.problem === 'too large' ? BRANDING_MESSAGES.logoTooLarge : BRANDING_MESSAGES.logoType,
                        {
                            file: checked.problem === 'too large' ? BRANDING_MESSAGES.logoTooLarge : BRANDING_MESSAGES.logoType,
                        },
                    );
                // drawn again: nothing of the upload but its pixels is kept (no metadata, no trailing bytes)
                logo = await sharp(data, { limitInputPixels: LOGO_MAX_PIXELS })
                    .rotate()
                    .resize(LOGO_SIDE, LOGO_SIDE, { fit: 'inside', withoutEnlargement: true })
                    .png()
                    .toBuffer();
            }
            if (!logo) throw new HttpError(400, BRANDING_MESSAGES.sendLogo);
            const key = `branding/${account.id}/logo-${randomUUID()}.png`;
            await ctx.storage.put(key, logo);
            const previous = await setLogo(ctx.db, account.id, key, ctx.now());
            if (previous) await ctx.storage.delete(previous);
            await audit(request, account, 'update', { logo: previous !== null }, { logo: true });
            return brandingOf(ctx.db, account);
        },
    );

    app.get(
        '/branding/logos/:id',
        {
            config: { access: 'public' },
            schema: {
                tags,
                summary: "An account's logo (a sign-in page shows it before anyone signs in), as stored: a PNG",
                params: idParam,
                response: { 200: z.any(), 404: errorReply },
            },
        },
        async (request, reply) => {
            const key = await logoKeyOf(ctx.db, request.params.id);
            const data = key ? await ctx.storage.get(key) : undefined;
            if (!data) throw notFound('logo');
            // the address changes with each logo (?v=), so a browser may keep it
            return reply.header('Content-Type', 'image/png').header('Cache-Control', 'public, max-age=86400').send(data);
        },
    );
};

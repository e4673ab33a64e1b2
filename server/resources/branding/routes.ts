import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountBranding, BRANDING_MESSAGES, brandingInput, publicBrand } from '../../../contract/branding';
import type { AppContext } from '../../context';
import { conflict } from '../../http/errors';
import { scopeOf } from '../../http/scope';
import { accountBranding as brandingOf, brandOfHost, hostTakenElsewhere, removeBranding, saveBranding } from './queries';
import { brandAudit, errors, idParam, tags } from './routeParts';

/**
 * Brands per account (docs/decisions.md "Brands per account"): an account's own brand and the one it wears, set by
 * the staff who may (contract/rights.ts `branding`) for their account and those below it; a logo decoded and drawn
 * again before it is kept; the brand of the host name a sign-in page is reached by, before anyone signs in.
 */
export const brandingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = brandAudit(ctx);

    app.get(
        '/accounts/:id/branding',
        {
            config: { access: ['branding', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: "The account's own brand (null: none) and the brand it wears: its own, the nearest above it, or the platform's",
                params: idParam,
                response: { 200: accountBranding, ...errors },
            },
        },
        async request => brandingOf(ctx.db, scopeOf(request).account),
    );

    app.put(
        '/accounts/:id/branding',
        {
            config: { access: ['branding', 'write'], scope: 'account' },
            schema: {
                tags,
                summary:
                    "Set the account's own brand. The primary colour needs a contrast of 4.5:1 with white text (400); a host name belongs to one brand (409)",
                params: idParam,
                body: brandingInput,
                response: { 200: accountBranding, ...errors },
            },
        },
        async request => {
            const account = scopeOf(request).account;
            const taken = await hostTakenElsewhere(ctx.db, account.id, request.body.domains);
            if (taken) throw conflict(BRANDING_MESSAGES.hostTaken(taken));
            const before = await brandingOf(ctx.db, account);
            await saveBranding(ctx.db, account.id, request.body, ctx.now()).catch(error => {
                // two accounts claiming one host at the same moment: the key decides
                if ((error as { code?: string }).code === '23505' || String(error).includes('account_brand_domains_pkey'))
                    throw conflict(BRANDING_MESSAGES.hostTaken(request.body.domains.join(', ')));
                throw error;
            });
            const after = await brandingOf(ctx.db, account);
            await audit(request, account, 'update', before.own, after.own);
            return after;
        },
    );

    app.delete(
        '/accounts/:id/branding',
        {
            config: { access: ['branding', 'delete'], scope: 'account' },
            schema: {
                tags,
                summary: "Remove the account's own brand, its logo and host names: it wears the brand above it again",
                params: idParam,
                response: { 200: accountBranding, ...errors },
            },
        },
        async request => {
            const account = scopeOf(request).account;
            const before = await brandingOf(ctx.db, account);
            const removed = await removeBranding(ctx.db, account.id);
            if (removed?.logo) await ctx.storage.delete(removed.logo);
            if (before.own) await audit(request, account, 'delete', before.own, null);
            return brandingOf(ctx.db, account);
        },
    );

    app.get(
        '/branding/host',
        {
            config: { access: 'public' },
            schema: {
                tags,
                summary: "The brand of the host name the request came by (behind TRUST_PROXY, the forwarded one), or the platform's own",
                response: { 200: publicBrand },
            },
        },
        async request => brandOfHost(ctx.db, request.hostname),
    );
};

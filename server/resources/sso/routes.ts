import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../contract/api';
import {
    identityProviderInput,
    identityProviderReply,
    loginPreferencesInput,
    loginPreferencesReply,
    serviceProviderValues,
    SSO_MESSAGES,
    type IdentityProviderReply,
    type ServiceProviderValues,
} from '../../../contract/sso';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { conflict, notFound, validationError } from '../../http/errors';
import {
    breakGlassCandidate,
    deleteProvider,
    mainLoginState,
    preferencesOf,
    providerOf,
    savePreferences,
    saveProvider,
    type IdentityProviderRow,
} from './queries';
import { errors, keytabOf, ssoLookups, tags } from './routeHelpers';

/** Secret fields of each kind, as the reply names the fact that they are set. */
const SECRET_FLAGS = { client_secret: 'client_secret_set', bind_password: 'bind_password_set' } as const;

/** What the administrator gives the identity provider: our callback addresses under the public URL. */
export const serviceProviderOf = (ctx: AppContext, entityId?: unknown): ServiceProviderValues => ({
    oidc_redirect_uri: `${ctx.config.publicUrl}/api/v2/sso/oidc/callback`,
    saml_acs_url: `${ctx.config.publicUrl}/api/v2/sso/saml/acs`,
    saml_entity_id: typeof entityId === 'string' && entityId ? entityId : ctx.config.publicUrl,
});

/** The provider as replies and the audit log show it: each secret only as "set". */
const publicProvider = (ctx: AppContext, row: IdentityProviderRow): IdentityProviderReply => ({
    kind: row.kind,
    settings: row.settings,
    secrets: Object.fromEntries(
        Object.entries(SECRET_FLAGS)
            .filter(([field]) => typeof row.secrets[field] === 'string' && row.secrets[field] !== '')
            .map(([, flag]) => [flag, true]),
    ),
    role_mapping: row.role_mapping,
    keytab: keytabOf(row),
    service_provider: serviceProviderOf(ctx, row.kind === 'saml' ? row.settings.entity_id : undefined),
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
});

/**
 * Single sign-on of the main account (SPEC 3 identity provider, login
 * preferences, SSO configuration; 6.1; 7.2): its identity provider with
 * write-only secrets, here; its keytab (keytabRoutes.ts) and the login
 * preferences (loginPreferenceRoutes). The protocols' own routes (GET
 * /sso/login, the OIDC callback, the SAML ACS) use ssoSettingsFor,
 * signInExternal and finishSsoRedirect.
 */
export const ssoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { audit, mainOnly } = ssoLookups(ctx);

    app.get(
        '/accounts/:id/identity_providers',
        {
            config: { access: ['sso', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: "The main account's identity provider ([] when none); secrets show only as set",
                params: idParam,
                response: { 200: z.array(identityProviderReply), ...errors },
            },
        },
        async request => {
            const account = await mainOnly(request);
            const row = await providerOf(ctx.db, account.id);
            return row ? [publicProvider(ctx, row)] : [];
        },
    );

    app.get(
        '/accounts/:id/identity_providers/service_provider',
        {
            config: { access: ['sso', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: 'What to give the identity provider: the OpenID Connect redirect URI, the SAML ACS URL and entity ID',
                params: idParam,
                response: { 200: serviceProviderValues, ...errors },
            },
        },
        async request => {
            const account = await mainOnly(request);
            const row = await providerOf(ctx.db, account.id);
            return serviceProviderOf(ctx, row?.kind === 'saml' ? row.settings.entity_id : undefined);
        },
    );

    app.put(
        '/accounts/:id/identity_providers',
        {
            config: { access: ['sso', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: "Set the main account's identity provider; secrets absent keep the stored ones, given replace them",
                params: idParam,
                body: identityProviderInput,
                response: { 200: identityProviderReply, ...errors },
            },
        },
        async request => {
            const account = await mainOnly(request);
            const body = request.body;
            const before = await providerOf(ctx.db, account.id);
            const sameKind = before?.kind === body.kind;
            // A secret of another kind means nothing to this one.
            const secrets: Record<string, string> = { ...(sameKind ? before.secrets : {}), ...(body.secrets ?? {}) };
            if (body.kind === 'saml' && !body.settings.metadata_url && !body.settings.metadata_xml?.trim())
                throw validationError({ 'settings.metadata_url': SSO_MESSAGES.samlMetadata });
            // The protocol modules need them: a confidential OIDC client, a directory's service account.
            if (body.kind === 'oidc' && !secrets.client_secret)
                throw validationError({ 'secrets.client_secret': SSO_MESSAGES.clientSecret });
            if (body.kind === 'directory' && !secrets.bind_password)
                throw validationError({ 'secrets.bind_password': SSO_MESSAGES.bindPassword });
            const row = await saveProvider(ctx.db, {
                account_id: account.id,
                kind: body.kind,
                settings: body.settings,
                secrets,
                role_mapping: body.role_mapping,
                updated_by: requireAuth(request).user.name,
                dropKeytab: body.kind !== 'directory',
            });
            if (before?.keytab_key && body.kind !== 'directory') await ctx.storage.delete(before.keytab_key).catch(() => undefined);
            const after = publicProvider(ctx, row);
            await audit(
                request,
                before ? 'update' : 'create',
                { id: account.id, account_id: account.id },
                before ? publicProvider(ctx, before) : undefined,
                after,
            );
            return after;
        },
    );

    app.delete(
        '/accounts/:id/identity_providers',
        {
            config: { access: ['sso', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: "Remove the main account's identity provider",
                params: idParam,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const account = await mainOnly(request);
            if ((await preferencesOf(ctx.db, account.id)).mode !== 'local') throw conflict(SSO_MESSAGES.providerInUse);
            const before = await deleteProvider(ctx.db, account.id);
            if (!before) throw notFound('identity provider');
            if (before.keytab_key) await ctx.storage.delete(before.keytab_key).catch(() => undefined);
            await audit(request, 'delete', { id: account.id, account_id: account.id }, publicProvider(ctx, before));
            return reply.status(204).send(null);
        },
    );
};

/** Which sign-in the login page offers, and the break-glass local user. */
export const loginPreferenceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { audit, mainOnly } = ssoLookups(ctx);

    app.get(
        '/accounts/:id/login_preferences',
        {
            config: { access: ['sso', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: 'Which sign-in the login page offers (local, sso, both) and the break-glass local user',
                params: idParam,
                response: { 200: loginPreferencesReply, ...errors },
            },
        },
        async request => preferencesOf(ctx.db, (await mainOnly(request)).id),
    );

    app.put(
        '/accounts/:id/login_preferences',
        {
            config: { access: ['sso', 'write'], scope: 'account' },
            schema: {
                tags,
                summary:
                    'Set the login preferences; sso (single sign-on only) needs an identity provider and a break-glass local administrator',
                params: idParam,
                body: loginPreferencesInput,
                response: { 200: loginPreferencesReply, ...errors },
            },
        },
        async request => {
            const account = await mainOnly(request);
            const { mode, break_glass_user_id } = request.body;
            if (mode !== 'local' && !(await providerOf(ctx.db, account.id))) throw validationError({ mode: SSO_MESSAGES.noProvider });
            if (mode === 'sso' && !break_glass_user_id) throw validationError({ break_glass_user_id: SSO_MESSAGES.breakGlassRequired });
            if (break_glass_user_id) {
                const candidate = await breakGlassCandidate(ctx.db, account.id, break_glass_user_id);
                const fit =
                    candidate &&
                    !candidate.external_user &&
                    !candidate.disabled &&
                    (candidate.role === 'admin' || candidate.role === 'moderator');
                if (!fit) throw validationError({ break_glass_user_id: SSO_MESSAGES.breakGlassInvalid });
            }
            const before = await preferencesOf(ctx.db, account.id);
            const after = { mode, break_glass_user_id };
            await savePreferences(ctx.db, account.id, after, requireAuth(request).user.name);
            await audit(request, 'update', { id: account.id, account_id: account.id }, before, after, 'Login preferences');
            return after;
        },
    );
};

/**
 * GET /login_provider's provider and alternateLogin (SPEC 3, 7.3): the
 * provider's kind when the main account offers single sign-on, else local;
 * alternateLogin when the password form shows beside the SSO button (mode
 * both). In mode sso the form is behind the "local account" link (/alternate).
 */
export const loginProviderInfo = async (ctx: AppContext): Promise<{ provider: string; alternateLogin: boolean }> => {
    const state = await mainLoginState(ctx.db);
    if (!state?.kind || !state.mode || state.mode === 'local') return { provider: 'local', alternateLogin: false };
    return { provider: state.kind, alternateLogin: state.mode === 'both' };
};

/**
 * Password sign-in under the login preferences (SPEC 3): in mode sso, a
 * local user of the main account signs in with a password only as the
 * break-glass user. Other accounts cannot use single sign-on (SPEC 6.1), so
 * their users keep their passwords.
 */
export const passwordSignInAllowed = async (ctx: AppContext, user: { id: number; account_id: number; external_user: boolean }) => {
    if (user.external_user) return false;
    const state = await mainLoginState(ctx.db);
    if (!state || state.account_id !== user.account_id || state.mode !== 'sso' || !state.kind) return true;
    return state.break_glass_user_id === user.id;
};

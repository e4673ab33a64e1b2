import type { FastifyReply, FastifyRequest } from 'fastify';
import {
    directorySecrets,
    directorySettings,
    oidcSecrets,
    oidcSettings,
    roleMapping,
    samlSettings,
    SSO_ERRORS,
    SSO_ROLE_ORDER,
    type DirectorySecrets,
    type DirectorySettings,
    type OidcSecrets,
    type OidcSettings,
    type RoleMapping,
    type SamlSettings,
    type SsoRole,
} from '../../../contract/sso';
import type { AppContext } from '../../context';
import { uniqueViolation } from '../../db/errors';
import { recordAudit } from '../../http/audit';
import { mainAccount } from '../accounts';
import { startSession, type TokenPair } from '../../http/sessions';
import type { ExternalIdentity } from './identity';
import { SsoError } from './identity';
import { insertExternalUser, linkUsername, providerOf, updateExternalUser, userOfEmail, userOfUsername } from './queries';

/** users.name and users.email are 60 characters at most (SPEC 5). */
const MAX = 60;

/** A group as compared: without case, and a DN without the spaces around its commas and equals signs (providers differ in both). */
const groupKey = (group: string) =>
    group
        .trim()
        .toLowerCase()
        .replace(/\s*([,=])\s*/g, '$1');

/** The highest role any of the person's groups is mapped to. */
export const mappedRole = (mapping: RoleMapping, groups: readonly string[]): SsoRole | undefined => {
    const held = new Set(groups.map(groupKey));
    const granted = new Set(mapping.filter(m => held.has(groupKey(m.group))).map(m => m.role));
    return SSO_ROLE_ORDER.find(r => granted.has(r));
};

/**
 * Signs in the person an identity provider vouched for (SPEC 3 external
 * users, 8.5): their role comes from the role mapping on every sign-in; the
 * first sign-in creates them in the main account, without a password. A
 * local user is never taken over, even with the same e-mail. No second
 * factor is asked: the provider is where it is proven (docs/decisions.md).
 */
export const signInExternal = async (ctx: AppContext, request: FastifyRequest | null, identity: ExternalIdentity): Promise<TokenPair> => {
    const { account, mapping } = await ssoSettingsFor(ctx);
    const role = mappedRole(mapping, identity.groups);
    if (!role) throw new SsoError(SSO_ERRORS.noRoleMatch, `groups ${JSON.stringify(identity.groups)} of ${identity.username}`);
    const username = identity.username.trim();
    if (!username) throw new SsoError(SSO_ERRORS.cannotCreate, 'the provider gave no username');
    const email = (identity.email && identity.email.trim().length <= MAX ? identity.email : username).trim().toLowerCase();
    const name = (identity.name?.trim() || username).slice(0, MAX);

    let user = await userOfUsername(ctx.db, username);
    if (!user) {
        const same = await userOfEmail(ctx.db, email);
        // A local user is someone else's account: SSO never signs in as it.
        if (same && !same.external_user) throw new SsoError(SSO_ERRORS.cannotCreate, `${email} is a local user`);
        if (same) {
            // An external user made by hand (users page) with this username as its e-mail: it is this person.
            await linkUsername(ctx.db, same.id, username);
            user = same;
        }
    }
    if (user?.disabled) throw new SsoError(SSO_ERRORS.cannotLogin, `${username} is disabled`);
    if (user && !user.external_user) throw new SsoError(SSO_ERRORS.cannotLogin, `${username} is linked to a local user`);

    if (!user) {
        if (email.length > MAX) throw new SsoError(SSO_ERRORS.cannotCreate, `username ${username} is longer than ${MAX}`);
        let created = false;
        try {
            user = await insertExternalUser(ctx.db, { account_id: account.id, name, email, role, username });
            created = true;
        } catch (error) {
            // Two first sign-ins at once: the other one made the user.
            const made = uniqueViolation(error) ? await userOfUsername(ctx.db, username) : undefined;
            if (!made) throw new SsoError(SSO_ERRORS.cannotCreate, (error as Error).message);
            user = made;
        }
        if (created) {
            await recordAudit(ctx.db, request, {
                action: 'create',
                resource: 'users',
                entity: 'User',
                entity_id: user.id,
                account_id: account.id,
                actor: { id: user.id, name: user.name },
                after: { name, email, role, external_user: true, account: { id: account.id } },
            });
        }
    } else if (user.role !== role || user.name !== name || user.account_id !== account.id) {
        await updateExternalUser(ctx.db, user.id, { name, role, account_id: account.id });
        await recordAudit(ctx.db, request, {
            action: 'update',
            resource: 'users',
            entity: 'User',
            entity_id: user.id,
            account_id: account.id,
            actor: { id: user.id, name },
            before: { name: user.name, role: user.role, account: { id: user.account_id } },
            after: { name, role, account: { id: account.id } },
        });
    }
    await recordAudit(ctx.db, request, {
        action: 'login',
        resource: 'users',
        entity: 'User',
        entity_id: user.id,
        account_id: account.id,
        actor: { id: user.id, name },
        after: { external_user: true },
    });
    return startSession(ctx, user.id);
};

export type SsoSettings =
    | { kind: 'oidc'; settings: OidcSettings; secrets: OidcSecrets }
    | { kind: 'saml'; settings: SamlSettings; secrets: Record<string, never> }
    | { kind: 'directory'; settings: DirectorySettings; secrets: DirectorySecrets };

/**
 * The main account's identity provider for the protocol modules: its kind,
 * settings and secrets (read again from the database on every sign-in, so a
 * change applies at once), its role mapping and keytab file.
 */
export const ssoSettingsFor = async (
    ctx: AppContext,
): Promise<SsoSettings & { account: { id: number; name: string }; mapping: RoleMapping; keytabKey: string | null }> => {
    const account = await mainAccount(ctx.db);
    const row = account && (await providerOf(ctx.db, account.id));
    if (!account || !row) throw new SsoError(SSO_ERRORS.invalidConfiguration, 'the main account has no identity provider');
    const mapping = roleMapping.safeParse(row.role_mapping);
    const parsed = parseProvider(row.kind, row.settings, row.secrets);
    if (!mapping.success || !parsed) throw new SsoError(SSO_ERRORS.invalidConfiguration, 'the stored identity provider does not parse');
    return { ...parsed, account: { id: account.id, name: account.name }, mapping: mapping.data, keytabKey: row.keytab_key };
};

const parseProvider = (kind: string, settings: unknown, secrets: unknown): SsoSettings | undefined => {
    if (kind === 'oidc') {
        const s = oidcSettings.safeParse(settings);
        const k = oidcSecrets.safeParse(secrets);
        return s.success && k.success ? { kind, settings: s.data, secrets: k.data } : undefined;
    }
    if (kind === 'saml') {
        const s = samlSettings.safeParse(settings);
        return s.success && (s.data.metadata_url || s.data.metadata_xml) ? { kind, settings: s.data, secrets: {} } : undefined;
    }
    if (kind === 'directory') {
        const s = directorySettings.safeParse(settings);
        const k = directorySecrets.safeParse(secrets);
        return s.success && k.success ? { kind, settings: s.data, secrets: k.data } : undefined;
    }
    return undefined;
};

/**
 * Where the browser lands after a protocol's sign-in: the console's login
 * page with the session's tokens in the query (SPEC 7.3, stored by the
 * console), or with the SPEC 8.5 text of what failed.
 */
export const finishSsoRedirect = (ctx: AppContext, reply: FastifyReply, result: TokenPair | SsoError) => {
    const login = new URL(`${ctx.config.publicUrl}/login`);
    if (result instanceof SsoError) {
        reply.log.warn({ detail: result.detail }, `single sign-on failed: ${result.text}`);
        login.searchParams.set('sso_error', result.text);
    } else {
        login.searchParams.set('token', result.token);
        login.searchParams.set('refresh_token', result.refresh_token);
    }
    // The tokens must not reach a third site through the Referer of the login page.
    return reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store').redirect(login.toString(), 303);
};

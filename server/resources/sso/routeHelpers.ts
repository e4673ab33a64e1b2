import type { FastifyRequest } from 'fastify';
import { errorReply } from '../../../contract/api';
import { KEYTAB_MAX_BYTES, SSO_MESSAGES, type KeytabInfo } from '../../../contract/sso';
import type { AppContext } from '../../context';
import { auditTrail } from '../../http/audit';
import { badRequest } from '../../http/errors';
import { scopeOf } from '../../http/scope';
import { findAccount } from '../accounts';
import type { IdentityProviderRow } from './queries';

/** What the route plugins of the main account's single sign-on share (routes.ts, keytabRoutes.ts). */
export const tags = ['single sign-on'];
export const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/**
 * @fastify/multipart's options for the single sign-on configuration routes (registered once for them,
 * feature.ts), new at each registration (it writes into them): they take a keytab's multipart body.
 */
export const keytabUploads = () => ({ limits: { fileSize: KEYTAB_MAX_BYTES + 1, files: 1, fields: 3, fieldSize: 100, parts: 4 } });

export const keytabOf = (row: IdentityProviderRow): KeytabInfo | null =>
    row.keytab_key && row.keytab_name && row.keytab_uploaded_at
        ? { name: row.keytab_name, size: row.keytab_size ?? 0, uploaded_at: row.keytab_uploaded_at.toISOString() }
        : null;

export const ssoLookups = (ctx: AppContext) => {
    const audit = auditTrail(ctx.db, 'accounts', 'Identity provider');

    /** SPEC 6.1: the account, in the caller's scope (404/403), and the main account (400 otherwise). */
    const mainOnly = async (request: FastifyRequest) => {
        const account = await findAccount(ctx.db, scopeOf(request).account.id);
        if (!account?.main) throw badRequest(SSO_MESSAGES.mainAccountOnly);
        return account;
    };
    return { audit, mainOnly };
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { account } from '../../../contract/accounts';
import { EMAIL_TAKEN_ANSWERS_PER_DAY, PICKER_PAGE_SIZE } from '../../../contract/constants';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { can } from '../../../contract/rights';
import { assignableRoles, canEditUser, roleReachesBelow, ROLES, type Role } from '../../../contract/roles';
import { EMAIL_CHANGE_MESSAGES, user, userCreateInput, userUpdateInput } from '../../../contract/users';
import { MESSAGES } from '../../../contract/validation';
import type { AppContext } from '../../context';
import { auditUserId, requireAuth, type AuthContext } from '../../http/auth';
import { conflict, forbidden, HttpError, notFound, tooMany, validationError } from '../../http/errors';
import { opaqueToken, sha256 } from '../../crypto/tokens';
import { idList, listParams } from '../../http/lists';
import { accountInScope, mayActIn, scopeOf } from '../../http/scope';
import { recordAudit } from '../../http/audit';
import { listAccounts, toAccount } from '../accounts';
import { hashPassword, verifyPassword } from '../../crypto/passwords';
import { revokeOtherSessions, revokeUserSessions } from '../../http/sessions';
import {
    deleteUser,
    emailTakenAnswers,
    findEmailChange,
    findUser,
    findUserByEmail,
    insertEmailChange,
    insertUser,
    listUsers,
    redeemEmailChange,
    toUser,
    updateUser,
} from './queries';

const tags = ['users'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply, 429: errorReply };

export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    /** A user the caller may see: in scope, else 404 (ids of other tenants do not exist for the caller). */
    const visibleUser = async (auth: AuthContext, id: number) => {
        const found = await findUser(ctx.db, id);
        if (!found || (found.user.id !== auth.user.id && !mayActIn(auth, found.account))) throw notFound('user');
        return found;
    };
    /** Reading or editing someone else needs the users right; oneself always works (the user menu's Settings). */
    const needRight = (auth: AuthContext, targetId: number, action: 'read' | 'write' | 'delete') => {
        if (targetId !== auth.user.id && !can(auth.user.role, 'users', action)) throw forbidden();
    };
    const assertAssignable = (auth: AuthContext, role: Role) => {
        if (!assignableRoles(auth.user.role).includes(role)) throw forbidden(`You cannot give the role ${role}.`);
    };
    /**
     * An e-mail address is the sign-in name of one user on the whole platform, so a taken one must be
     * refused. When its holder is out of the caller's reach (another tenant), the answer tells that the
     * address exists somewhere: such answers are recorded and capped a day per user, so that addresses
     * cannot be probed in bulk (docs/decisions.md).
     */
    const assertEmailFree = async (request: FastifyRequest, auth: AuthContext, email: string, exceptId?: number) => {
        const taken = await findUserByEmail(ctx.db, email);
        if (!taken || taken.id === exceptId) return;
        const holder = await findUser(ctx.db, taken.id);
        if (holder && holder.user.id !== auth.user.id && !mayActIn(auth, holder.account)) {
            const since = new Date(ctx.now().getTime() - 24 * 3600_000);
            if (
                (await emailTakenAnswers(ctx.db, { id: auditUserId(auth), account_id: auth.user.account_id }, since)) >=
                EMAIL_TAKEN_ANSWERS_PER_DAY
            ) {
                throw tooMany('Too many addresses already in use were tried today. Try again tomorrow, or ask your administrator.');
            }
            // Nothing of the address is kept: whoever reads this log must not learn it either.
            await recordAudit(ctx.db, request, {
                action: 'email_taken',
                resource: 'users',
                entity: 'User',
                account_id: auth.user.account_id,
            });
        }
        throw conflict('A user with this email already exists');
    };

    app.get(
        '/users',
        {
            config: { access: ['users', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'Users of the current account; with cross_account=true of every account the caller may act in',
                querystring: z.object({ ...listParams(), role: z.enum(ROLES).optional() }),
                response: { 200: listReply(user), ...errors },
            },
        },
        async request => {
            const q = request.query;
            const { result, count } = await listUsers(
                ctx.db,
                { scope: scopeOf(request).accounts, q: q.q, role: q.role, ids: idList(q.id) },
                q,
            );
            return { result: result.map(toUser), count };
        },
    );

    app.get(
        '/users/:id',
        {
            config: { access: 'signedIn', scope: 'row' },
            schema: { tags, summary: 'One user (oneself, or within the users right)', params: idParam, response: { 200: user, ...errors } },
        },
        async request => {
            const auth = requireAuth(request);
            needRight(auth, request.params.id, 'read');
            return toUser(await visibleUser(auth, request.params.id));
        },
    );

    app.post(
        '/users',
        {
            config: { access: ['users', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Create a user; they set their own password at first sign-in',
                body: userCreateInput,
                response: { 201: user, ...errors },
            },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            const body = request.body;
            assertAssignable(auth, body.role);
            const home = body.account.id === 0 ? scopeOf(request).account : await accountInScope(ctx.db, auth, body.account.id);
            const email = body.email.trim().toLowerCase();
            await assertEmailFree(request, auth, email);
            const id = await insertUser(ctx.db, {
                account_id: home.id,
                name: body.name.trim(),
                email,
                role: body.role,
                external_user: !!body.external_user,
                password_hash: body.external_user ? null : await hashPassword(body.password!),
                // Someone else chose this password: the user replaces it at first sign-in (SPEC 2.1).
                password_changed: !!body.external_user,
            });
            const created = toUser((await findUser(ctx.db, id))!);
            await recordAudit(ctx.db, request, {
                action: 'create',
                resource: 'users',
                entity: 'User',
                entity_id: id,
                account_id: home.id,
                after: created,
            });
            return reply.status(201).send(created);
        },
    );

    app.put(
        '/users/:id',
        {
            config: { access: 'signedIn', scope: 'row' },
            schema: {
                tags,
                summary: 'Update a user (oneself, or a strictly lower role)',
                params: idParam,
                body: userUpdateInput,
                response: { 200: user, ...errors },
            },
        },
        async request => {
            const auth = requireAuth(request);
            const body = request.body;
            needRight(auth, request.params.id, 'write');
            const target = await visibleUser(auth, request.params.id);
            const self = target.user.id === auth.user.id;
            if (!canEditUser({ id: auth.user.id, role: auth.user.role }, target.user))
                throw forbidden('You can only edit users of a lower role.');
            if (self && body.role !== target.user.role) throw forbidden('You cannot change your own role.');
            if (!self && body.role !== target.user.role) assertAssignable(auth, body.role);
            const accountId =
                body.account.id === 0 || body.account.id === target.account.id
                    ? target.account.id
                    : (await accountInScope(ctx.db, auth, body.account.id)).id;
            if (accountId !== target.account.id && self) throw forbidden('You cannot move your own user to another account.');
            const email = body.email.trim().toLowerCase();
            // One's own new address is applied once the link mailed to it is opened, and the reply is the same
            // whether another account holds it or not: a self edit tells nothing of other tenants (docs/decisions.md).
            const confirmByMail = self && !target.user.external_user && email !== target.user.email;
            if (!confirmByMail) await assertEmailFree(request, auth, email, target.user.id);

            // Whether a user signs in through the directory is set by others, not by the user.
            const external = self ? target.user.external_user : !!body.external_user;
            const changes: Parameters<typeof updateUser>[2] = {
                name: body.name.trim(),
                email: confirmByMail ? target.user.email : email,
                role: body.role,
                account_id: accountId,
                external_user: external,
            };
            const newPassword = body.password && !external ? body.password : undefined;
            // Changing one's own password or e-mail (where reset links go) proves the current password: a session
            // left open on another screen must not be enough to take the account over.
            if (self && !external && (newPassword || email !== target.user.email)) {
                if (!body.current_password) throw validationError({ current_password: MESSAGES.currentPasswordRequired });
                if (!(await verifyPassword(target.user.password_hash, body.current_password)))
                    throw validationError({ current_password: 'Current password is incorrect' });
            }
            if (newPassword) {
                changes.password_hash = await hashPassword(newPassword);
                // A password set by someone else is replaced by its owner at next sign-in.
                changes.password_changed = self;
            }
            await updateUser(ctx.db, target.user.id, changes);
            if (newPassword && !self) await revokeUserSessions(ctx, target.user.id, 'password changed by another user');
            // A changed password ends the user's other sessions (another browser, a stolen refresh token).
            if (newPassword && self) await revokeOtherSessions(ctx, target.user.id, auth.sessionId, 'password changed');
            const updated = toUser((await findUser(ctx.db, target.user.id))!);
            await recordAudit(ctx.db, request, {
                action: 'update',
                resource: 'users',
                entity: 'User',
                entity_id: target.user.id,
                account_id: accountId,
                before: toUser(target),
                after: { ...updated, password_changed_by_edit: !!newPassword },
            });
            if (!confirmByMail) return updated;
            const token = opaqueToken();
            const expires_at = new Date(ctx.now().getTime() + ctx.config.resetTokenTtlSeconds * 1000);
            await insertEmailChange(ctx.db, { token_hash: sha256(token), user_id: target.user.id, email, expires_at });
            app.afterReply(request, () => mailEmailChange(updated.name, email, token));
            return { ...updated, email_pending: email };
        },
    );

    /** The link to confirm a new address, or, when the address already has an account, a word that nothing changed. */
    const mailEmailChange = async (name: string, email: string, token: string) => {
        if (await findUserByEmail(ctx.db, email)) {
            await ctx.mailer.send({
                to: email,
                subject: 'Your address was given for another Access Console account',
                text: `Hello,\n\nSomeone signed in to Access Console asked to use this address for their account. It already belongs to an account, so nothing was changed.\n\nIf you did not ask for it, you need not do anything.\n`,
            });
            return;
        }
        const minutes = Math.round(ctx.config.resetTokenTtlSeconds / 60);
        await ctx.mailer.send({
            to: email,
            subject: 'Confirm your new Access Console e-mail address',
            text: `Hello ${name},\n\nTo use this address to sign in to Access Console, open this link within ${minutes} minutes:\n\n${ctx.config.publicUrl}/confirm_email?token=${token}\n\nUntil then you sign in with your current address. If you did not ask for it, ignore this message.\n`,
        });
    };

    app.post(
        '/confirm_email/:token',
        {
            config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary: 'Apply a new e-mail address a user gave for themselves, from the link mailed to it (once)',
                params: z.object({ token: z.string().min(10).max(100) }),
                response: { 204: z.null(), ...errors, 410: errorReply },
            },
        },
        async (request, reply) => {
            const change = await redeemEmailChange(ctx.db, sha256(request.params.token), ctx.now());
            if (!change) {
                const row = await findEmailChange(ctx.db, sha256(request.params.token));
                const expired = row && !row.used_at && row.expires_at <= ctx.now();
                throw new HttpError(410, expired ? EMAIL_CHANGE_MESSAGES.expired : EMAIL_CHANGE_MESSAGES.invalid);
            }
            const holder = await findUserByEmail(ctx.db, change.email);
            if (holder && holder.id !== change.user_id) throw conflict(EMAIL_CHANGE_MESSAGES.taken);
            const before = await findUser(ctx.db, change.user_id);
            if (!before) throw new HttpError(410, EMAIL_CHANGE_MESSAGES.invalid);
            await updateUser(ctx.db, change.user_id, { email: change.email });
            await recordAudit(ctx.db, request, {
                action: 'update',
                resource: 'users',
                entity: 'User',
                entity_id: change.user_id,
                account_id: before.account.id,
                actor: { id: before.user.id, name: before.user.name },
                before: { email: before.user.email },
                after: { email: change.email },
            });
            return reply.status(204).send(null);
        },
    );

    app.delete(
        '/users/:id',
        {
            config: { access: ['users', 'delete'], scope: 'row' },
            schema: { tags, summary: 'Delete a user of a lower role', params: idParam, response: { 204: z.null(), ...errors } },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            const target = await visibleUser(auth, request.params.id);
            if (target.user.id === auth.user.id) throw conflict('You cannot delete your own user.');
            if (!canEditUser({ id: auth.user.id, role: auth.user.role }, target.user))
                throw forbidden('You can only delete users of a lower role.');
            await deleteUser(ctx.db, target.user.id);
            await recordAudit(ctx.db, request, {
                action: 'delete',
                resource: 'users',
                entity: 'User',
                entity_id: target.user.id,
                account_id: target.account.id,
                before: toUser(target),
            });
            return reply.status(204).send(null);
        },
    );

    app.get(
        '/users/:id/accounts',
        {
            config: { access: 'signedIn', scope: 'row' },
            schema: {
                tags,
                summary: 'Accounts a user may work in (the Switch Account list)',
                params: idParam,
                querystring: z.object(listParams(PICKER_PAGE_SIZE)),
                response: { 200: listReply(account), ...errors },
            },
        },
        async request => {
            const auth = requireAuth(request);
            needRight(auth, request.params.id, 'read');
            const target = await visibleUser(auth, request.params.id);
            const role = target.user.role;
            // The user's own reach (admin: all, dealer/installer: their subtree, others: their account), within the caller's.
            const prefix = role === 'admin' ? '/' : target.account.path;
            const { result, count } = await listAccounts(
                ctx.db,
                { pathPrefix: prefix, ids: roleReachesBelow(role) ? idList(request.query.id) : [target.account.id], q: request.query.q },
                request.query,
            );
            return { result: result.filter(r => mayActIn(auth, r)).map(r => toAccount(r, auth.user.role)), count };
        },
    );
};

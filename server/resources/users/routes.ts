import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { account } from '../../../contract/accounts';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { canEditUser, roleReachesBelow, ROLES } from '../../../contract/roles';
import { EMAIL_CHANGE_MESSAGES, user, userCreateInput, userUpdateInput } from '../../../contract/users';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { conflict, forbidden, HttpError } from '../../http/errors';
import { sha256 } from '../../crypto/tokens';
import { idList, listParams } from '../../http/lists';
import { accountInScope, mayActIn, scopeOf } from '../../http/scope';
import { recordAudit } from '../../http/audit';
import { listAccounts, toAccount } from '../accounts';
import { hashPassword } from '../../crypto/passwords';
import { revokeOtherSessions, revokeUserSessions } from '../../http/sessions';
import { assertCurrentPassword, userChecks } from './checks';
import { startEmailChange } from './emailChange';
import {
    deleteUser,
    findEmailChange,
    findUser,
    findUserByEmail,
    insertUser,
    listUsers,
    redeemEmailChange,
    toUser,
    updateUser,
} from './queries';

const tags = ['users'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply, 429: errorReply };

/** The users of the caller's reach, and one user (oneself, or within the users right). */
export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visibleUser, needRight } = userChecks(ctx);

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
};

/** The link mailed to a new address a user gave for themselves (emailChange.ts): opening it applies the address. */
export const emailConfirmRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
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
};

/** The accounts a user may work in: the Switch Account list. */
export const userAccountsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visibleUser, needRight } = userChecks(ctx);

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

/** Creating, changing and deleting users: one gives only roles below one's own, and edits oneself or users of a lower role. */
export const userWriteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visibleUser, needRight, assertAssignable, assertEmailFree } = userChecks(ctx);

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
            if (self && !external && (newPassword || email !== target.user.email))
                await assertCurrentPassword(target.user.password_hash, body.current_password);
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
            await startEmailChange(app, ctx, request, updated, email);
            return { ...updated, email_pending: email };
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
};

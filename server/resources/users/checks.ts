import type { FastifyRequest } from 'fastify';
import { EMAIL_TAKEN_ANSWERS_PER_DAY } from '../../../contract/constants';
import { can } from '../../../contract/rights';
import { assignableRoles, type Role } from '../../../contract/roles';
import { MESSAGES } from '../../../contract/validation';
import type { AppContext } from '../../context';
import { verifyPassword } from '../../crypto/passwords';
import { recordAudit } from '../../http/audit';
import { auditUserId, type AuthContext } from '../../http/auth';
import { conflict, forbidden, notFound, tooMany, validationError } from '../../http/errors';
import { mayActIn } from '../../http/scope';
import { emailTakenAnswers, findUser, findUserByEmail } from './queries';

/** What the user routes check before they read or change a user (routes.ts, emailChange.ts). */
export const userChecks = (ctx: AppContext) => {
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
    return { visibleUser, needRight, assertAssignable, assertEmailFree };
};

/**
 * Changing one's own password or e-mail (where reset links go) proves the current password: a session left open
 * on another screen must not be enough to take the account over.
 */
export const assertCurrentPassword = async (passwordHash: string | null, currentPassword: string | undefined) => {
    if (!currentPassword) throw validationError({ current_password: MESSAGES.currentPasswordRequired });
    if (!(await verifyPassword(passwordHash, currentPassword)))
        throw validationError({ current_password: 'Current password is incorrect' });
};

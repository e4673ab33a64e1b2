import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReply, listReply } from '../../../contract/api';
import { RESOURCES, RIGHTS, type Action, type Resource } from '../../../contract/rights';
import { assignableRoles, ROLE_LABELS, ROLES, roleRank } from '../../../contract/roles';
import { roleInfo } from '../../../contract/rolesInfo';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';

export const roleRoutes: FastifyPluginAsyncZod<AppContext> = async app => {
    app.get(
        '/roles',
        {
            // SPEC 6.3: /roles is denied to user, as /users is.
            config: { access: ['users', 'read'], scope: 'none' },
            schema: {
                tags: ['users'],
                summary: 'Every role with its label, its rights, and whether the caller may assign it',
                response: { 200: listReply(roleInfo), 401: errorReply, 403: errorReply },
            },
        },
        async request => {
            const assignable = assignableRoles(requireAuth(request).user.role);
            const result = ROLES.map(role => ({
                id: role,
                label: ROLE_LABELS[role],
                rank: roleRank(role),
                assignable: assignable.includes(role),
                rights: Object.fromEntries(RESOURCES.map(resource => [resource, [...(RIGHTS[resource][role] ?? [])]])) as Record<
                    Resource,
                    Action[]
                >,
            }));
            return { result, count: result.length };
        },
    );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReply } from '../../../contract/api';
import { can, type Resource } from '../../../contract/rights';
import { isAtLeast, type Role } from '../../../contract/roles';
import { SEARCH_HITS_PER_KIND, SEARCH_KINDS, searchQuery, searchReply, type SearchGroup, type SearchKind } from '../../../contract/search';
import type { AppContext } from '../../context';
import { requireAuth, type AuthContext } from '../../http/auth';
import { scopeOf, type RequestScope } from '../../http/scope';
import { pathIds } from '../artifacts';
import { searchKinds, type SearchInput } from './queries';

/** The right that reads each kind (SPEC 6.2). */
const RIGHT_OF: Record<SearchKind, Resource> = {
    accounts: 'accounts',
    users: 'users',
    devices: 'devices',
    readers: 'devices',
    access_groups: 'profiles',
    profiles: 'profiles',
    badges: 'profiles',
    deployments: 'deployments',
    firmware: 'artifacts',
};

/** The kinds a role searches: those it may read; readers never for the Account User role (SPEC 6.3). */
export const readableKinds = (role: Role): SearchKind[] =>
    SEARCH_KINDS.filter(k => can(role, RIGHT_OF[k], 'read') && !(k === 'readers' && role === 'user'));

/** The request's list scope (the account, or with cross_account every account in reach), and the accounts above the one it acts in. */
export const searchInput = (auth: AuthContext, scope: RequestScope, q: string): SearchInput => ({
    scope: scope.accounts,
    q,
    aboveIds: pathIds((scope.cross ? auth.account : scope.account).path),
    seesRefNumber: isAtLeast(auth.user.role, 'dealer'),
});

/** GET /search: one text looked up across every kind the caller may read, within its scope, in one statement. */
export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/search',
        {
            config: { access: 'signedIn', scope: 'list' },
            schema: {
                tags: ['search'],
                summary: 'Accounts, users, devices, readers, access groups, profiles, badges, deployments and firmware matching a text',
                querystring: searchQuery,
                response: { 200: searchReply, 400: errorReply, 401: errorReply },
            },
        },
        async request => {
            const auth = requireAuth(request);
            const { q } = request.query;
            const rows = await searchKinds(ctx.db, readableKinds(auth.user.role), searchInput(auth, scopeOf(request), q));
            const groups: SearchGroup[] = [];
            for (const row of rows) {
                let group = groups.at(-1);
                if (group?.kind !== row.kind) groups.push((group = { kind: row.kind, result: [], more: false }));
                if (group.result.length === SEARCH_HITS_PER_KIND) group.more = true;
                else
                    group.result.push({
                        id: row.id,
                        label: row.label,
                        detail: row.detail,
                        account_id: row.account_id,
                        account_name: row.account_name,
                        ...(row.profile_id === null ? {} : { profile_id: row.profile_id }),
                    });
            }
            return { q, groups };
        },
    );
};

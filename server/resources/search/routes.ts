import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReply } from '../../../contract/api';
import { can, type Resource } from '../../../contract/rights';
import {
    searchQuery,
    searchReply,
    type SearchGroup,
    type SearchHit,
    type SearchKind,
    SEARCH_HITS_PER_KIND,
} from '../../../contract/search';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { requireAuth } from '../../http/auth';
import { reachesDescendants, scopePath } from '../../http/scope';
import { pathIds } from '../artifacts/queries';
import {
    searchAccessGroups,
    searchAccounts,
    searchBadges,
    searchDeployments,
    searchDevices,
    searchFirmware,
    searchProfiles,
    searchReaders,
    searchUsers,
    type SearchScope,
} from './queries';

type Finder = (db: Db, scope: SearchScope, q: string, aboveIds: number[]) => Promise<SearchHit[]>;

/** Each kind, the right that reads it (SPEC 6.2) and how it is found. */
const KINDS: { kind: SearchKind; right: Resource; find: Finder; deniedTo?: string }[] = [
    { kind: 'accounts', right: 'accounts', find: searchAccounts },
    { kind: 'users', right: 'users', find: searchUsers },
    { kind: 'devices', right: 'devices', find: searchDevices },
    // SPEC 6.3: readers are never shown to the Account User role.
    { kind: 'readers', right: 'devices', find: searchReaders, deniedTo: 'user' },
    { kind: 'access_groups', right: 'profiles', find: searchAccessGroups },
    { kind: 'profiles', right: 'profiles', find: searchProfiles },
    { kind: 'badges', right: 'profiles', find: searchBadges },
    { kind: 'deployments', right: 'deployments', find: searchDeployments },
    { kind: 'firmware', right: 'artifacts', find: (db, scope, q, aboveIds) => searchFirmware(db, scope, aboveIds, q) },
];

/** GET /search: one text looked up across every kind the caller may read, within its scope. */
export const searchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/search',
        {
            config: { access: 'signedIn' },
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
            const scope: SearchScope =
                auth.user.role === 'admin'
                    ? { all: true }
                    : reachesDescendants(auth)
                      ? { pathPrefix: scopePath(auth) }
                      : { accountId: auth.account.id };
            const aboveIds = pathIds(auth.account.path);
            const readable = KINDS.filter(k => can(auth.user.role, k.right, 'read') && k.deniedTo !== auth.user.role);
            const found = await Promise.all(readable.map(k => k.find(ctx.db, scope, q, aboveIds)));
            const groups: SearchGroup[] = readable
                .map((k, i) => ({
                    kind: k.kind,
                    result: found[i].slice(0, SEARCH_HITS_PER_KIND),
                    more: found[i].length > SEARCH_HITS_PER_KIND,
                }))
                .filter(g => g.result.length > 0);
            return { q, groups };
        },
    );
};

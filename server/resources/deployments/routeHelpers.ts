import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { mayActIn, reachesDescendants, type ScopedAccount } from '../../http/scope';
import { findArtifact, pathIds } from '../artifacts';
import type { DeviceFilters } from '../devices';
import { findDeployment, toDeployments } from './queries';

/** What the deployment route plugins of routes.ts look up: the deployment, its firmware and the readers it may target. */
export const deploymentLookups = (ctx: AppContext) => {
    /** The readers a deployment made in this account may target: its own, and for roles that reach below, those of the accounts below it. */
    const deviceScope = (request: FastifyRequest, account: ScopedAccount): DeviceFilters => ({
        scope: reachesDescendants(requireAuth(request)) ? { pathPrefix: account.path } : { accountId: account.id },
    });

    /** The firmware, if it is usable in the account (uploaded there or above). */
    const usableArtifact = async (account: ScopedAccount, id: number) => {
        const artifact = await findArtifact(ctx.db, id);
        if (!artifact || !pathIds(account.path).includes(artifact.account_id)) throw notFound('artifact');
        return artifact;
    };

    const visible = async (request: FastifyRequest, id: number) => {
        const row = await findDeployment(ctx.db, id);
        if (!row || !mayActIn(requireAuth(request), { id: row.account_id, path: row.account_path })) throw notFound('deployment');
        return row;
    };
    const recordOf = async (id: number) => (await toDeployments(ctx.db, [(await findDeployment(ctx.db, id))!], ctx.now()))[0]!;

    return { deviceScope, usableArtifact, visible, recordOf };
};

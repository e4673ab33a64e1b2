import { APPROVED_DEVICE_STATUSES } from '../../../contract/devices';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply, idParam, listReply } from '../../../contract/api';
import {
    DEPLOYMENT_GROUPS,
    DEPLOYMENT_MESSAGES,
    deploymentCandidate,
    deploymentCandidateCount,
    deploymentDeviceFilter,
    deploymentDeviceRecord,
    deploymentInput,
    deploymentLogLine,
    deploymentRecord,
    DEVICE_DEPLOYMENT_STATUSES,
    type DeploymentDeviceFilter,
} from '../../../contract/firmware';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { conflict, notFound, validationError } from '../../http/errors';
import { idList, listParams } from '../../http/lists';
import { scopeOf } from '../../http/scope';
import { recordAudit } from '../../http/audit';
import { applicableKeys, pathIds, verificationOf } from '../artifacts';
import { allDevices, listDevices } from '../devices';
import {
    abortDeployment,
    candidateCounts,
    deploymentDeviceLog,
    insertDeployment,
    listDeploymentDevices,
    listDeployments,
    toDeployments,
} from './queries';
import { deploymentLookups } from './routeHelpers';

const tags = ['firmware'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Deployments (SPEC 2.2 /firmware-updates, /firmware-updates/new,
 * /firmware-updates/status/:id; 7.2): schedule an update in phases, follow
 * it by phase and by reader, abort it. The list, the readers a new one may
 * target, and one deployment.
 */
export const deploymentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { deviceScope, usableArtifact, visible, recordOf } = deploymentLookups(ctx);

    app.get(
        '/deployments',
        {
            config: { access: ['deployments', 'read'], scope: 'list' },
            schema: {
                tags,
                summary:
                    'Deployments of the current account (cross_account=true: of every account in scope); group: active, scheduled or finished',
                querystring: z.object({ ...listParams(), group: z.enum(DEPLOYMENT_GROUPS).optional() }),
                response: { 200: listReply(deploymentRecord), ...errors },
            },
        },
        async request => {
            const now = ctx.now();
            const { result, count } = await listDeployments(
                ctx.db,
                { scope: scopeOf(request).accounts, group: request.query.group, q: request.query.q, ids: idList(request.query.id) },
                request.query,
                now,
            );
            return { result: await toDeployments(ctx.db, result, now), count };
        },
    );

    app.get(
        '/deployments/candidates',
        {
            config: { access: ['deployments', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: 'The approved readers a deployment of this firmware may target (compatible device types), with search and filters',
                querystring: z.object({
                    ...listParams(PICKER_PAGE_SIZE),
                    artifact_id: z.coerce.number().int().positive(),
                    ...deploymentDeviceFilter.shape,
                }),
                response: { 200: listReply(deploymentCandidate), ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const artifact = await usableArtifact(account, request.query.artifact_id);
            const q = request.query;
            const { result, count } = await listDevices(
                ctx.db,
                {
                    ...deviceScope(request, account),
                    board_types: artifact.device_types,
                    statuses: q.status ? [q.status] : [...APPROVED_DEVICE_STATUSES],
                    q: q.q,
                    board_type: q.board_type,
                    release: q.release,
                    ids: idList(q.id),
                },
                { page: q.page, per_page: q.per_page, sort: q.sort },
            );
            return {
                result: result.map(d => ({
                    id: d.id,
                    account_id: d.account_id,
                    account_name: d.account_name,
                    description: d.description,
                    hardware_id: d.hardware_id,
                    board_type: d.board_type,
                    release: d.release,
                    status: d.status,
                })),
                count,
            };
        },
    );

    app.get(
        '/deployments/candidates/counts',
        {
            config: { access: ['deployments', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: 'For each firmware usable in the account, how many readers a deployment of it may target',
                response: { 200: z.object({ result: z.array(deploymentCandidateCount) }), ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const { scope } = deviceScope(request, account);
            return { result: await candidateCounts(ctx.db, pathIds(account.path), scope) };
        },
    );

    app.get(
        '/deployments/:id',
        {
            config: { access: ['deployments', 'read'], scope: 'row' },
            schema: {
                tags,
                summary: 'One deployment with its progress by phase',
                params: idParam,
                response: { 200: deploymentRecord, ...errors },
            },
        },
        async request => recordOf((await visible(request, request.params.id)).id),
    );
};

/** Scheduling a deployment and aborting one. */
export const deploymentWriteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { deviceScope, usableArtifact, visible, recordOf } = deploymentLookups(ctx);

    app.post(
        '/deployments',
        {
            config: { access: ['deployments', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Schedule an update: a firmware, readers (by id or by filter), phases and retries',
                body: deploymentInput,
                response: { 201: deploymentRecord, ...errors },
            },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            const { account } = scopeOf(request);
            const body = request.body;
            const artifact = await usableArtifact(account, body.artifact_id);
            // Where keys are configured, only firmware they verify is deployed.
            if (verificationOf(artifact, await applicableKeys(ctx.db, account.path)).verification === 'unverified')
                throw conflict(DEPLOYMENT_MESSAGES.unverified);
            const scope = deviceScope(request, account);
            let targets;
            let filter: DeploymentDeviceFilter | null = null;
            if (body.device_ids?.length) {
                const ids = [...new Set(body.device_ids)];
                const found = await allDevices(ctx.db, { ...scope, ids, statuses: [...APPROVED_DEVICE_STATUSES] });
                if (found.length !== ids.length) throw validationError({ device_ids: DEPLOYMENT_MESSAGES.notFound });
                if (found.some(d => !d.board_type || !artifact.device_types.includes(d.board_type)))
                    throw validationError({ device_ids: DEPLOYMENT_MESSAGES.incompatible });
                targets = found;
            } else {
                filter = body.filter!;
                targets = await allDevices(ctx.db, {
                    ...scope,
                    q: filter.q,
                    board_type: filter.board_type,
                    release: filter.release,
                    board_types: artifact.device_types,
                    statuses: filter.status ? [filter.status] : [...APPROVED_DEVICE_STATUSES],
                });
                if (!targets.length) throw validationError({ filter: DEPLOYMENT_MESSAGES.noDevices });
            }
            // A phase without a time, or with one already past, starts now; none starts before the one before it.
            const now = ctx.now();
            let previous = now;
            const phases = body.phases.map(p => {
                const wanted = p.start_at ? new Date(p.start_at) : now;
                previous = new Date(Math.max(previous.getTime(), wanted.getTime()));
                return { share: p.share ?? null, start_at: previous };
            });
            const id = await insertDeployment(
                ctx.db,
                {
                    account_id: account.id,
                    name: body.name,
                    artifact: { id: artifact.id, name: artifact.name },
                    retries: body.retries ?? 0,
                    filter,
                    phases,
                    devices: targets.map(d => ({
                        id: d.id,
                        hardware_id: d.hardware_id,
                        description: d.description,
                        board_type: d.board_type,
                    })),
                    created_by: auth.user.id,
                    created_by_name: auth.user.name,
                },
                now,
            );
            const created = await recordOf(id);
            await recordAudit(ctx.db, request, {
                action: 'create',
                resource: 'deployments',
                entity: 'Deployment',
                entity_id: id,
                account_id: account.id,
                after: { ...created, device_ids: targets.map(d => d.id) },
            });
            return reply.status(201).send(created);
        },
    );

    app.put(
        '/deployments/:id/abort',
        {
            config: { access: ['deployments', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Abort a deployment: readers that have not finished stop and are marked aborted',
                params: idParam,
                response: { 200: deploymentRecord, ...errors },
            },
        },
        async request => {
            const row = await visible(request, request.params.id);
            if (!(await abortDeployment(ctx.db, row.id, ctx.now()))) throw conflict(DEPLOYMENT_MESSAGES.notAbortable);
            const after = await recordOf(row.id);
            await recordAudit(ctx.db, request, {
                action: 'abort',
                resource: 'deployments',
                entity: 'Deployment',
                entity_id: row.id,
                account_id: row.account_id,
                after,
            });
            return after;
        },
    );
};

/** The readers of a deployment: where each stands, and the log each sent. */
export const deploymentDeviceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible } = deploymentLookups(ctx);

    app.get(
        '/deployments/:id/devices',
        {
            config: { access: ['deployments', 'read'], scope: 'row' },
            schema: {
                tags,
                summary: 'The readers of a deployment with the status each reported',
                params: idParam,
                querystring: z.object({
                    ...listParams(),
                    status: z.enum(DEVICE_DEPLOYMENT_STATUSES).optional(),
                    phase: z.coerce.number().int().min(0).optional(),
                }),
                response: { 200: listReply(deploymentDeviceRecord), ...errors },
            },
        },
        async request => {
            const row = await visible(request, request.params.id);
            const q = request.query;
            const { result, count } = await listDeploymentDevices(ctx.db, row.id, { status: q.status, phase: q.phase, q: q.q }, q);
            return {
                result: result.map(d => ({
                    id: d.id,
                    device_id: d.device_id,
                    hardware_id: d.hardware_id,
                    description: d.description,
                    board_type: d.board_type,
                    phase: d.phase,
                    status: d.status,
                    failures: d.failures,
                    failure_reason: d.failure_reason,
                    started_at: iso(d.started_at),
                    finished_at: iso(d.finished_at),
                    updated_at: d.updated_at.toISOString(),
                })),
                count,
            };
        },
    );

    app.get(
        '/deployments/:id/logs/:entry_id',
        {
            config: { access: ['deployments', 'read'], scope: 'row' },
            schema: {
                tags,
                summary: 'The log one reader sent while it took part in the deployment, oldest line first',
                params: z.object({ id: z.coerce.number().int().positive(), entry_id: z.coerce.number().int().positive() }),
                response: { 200: z.object({ result: z.array(deploymentLogLine) }), ...errors },
            },
        },
        async request => {
            const row = await visible(request, request.params.id);
            const lines = await deploymentDeviceLog(ctx.db, row.id, request.params.entry_id);
            if (!lines) throw notFound('deployment device');
            return { result: lines.map(l => ({ timestamp: l.timestamp.toISOString(), level: l.level, message: l.message })) };
        },
    );
};

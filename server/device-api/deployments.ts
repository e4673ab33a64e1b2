import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../contract/api';
import { API_BASE } from '../../contract/constants';
import { deploymentInstructions, deploymentStatusInput } from '../../contract/firmware';
import type { AppContext } from '../context';
import { requireDevice } from '../http/deviceAuth';
import { conflict, notFound } from '../http/errors';
import { findDevice } from '../resources/devices';
import { artifactForReader, openDeploymentsOf, recordDeviceStatus } from '../resources/deployments';
import { deviceErrors, deviceSecurity, deviceTags } from './shared';
import { attachment } from '../http/attachments';

const line = (level: 'info' | 'warning' | 'error', message: string, now: Date) => ({ timestamp: now.toISOString(), level, message });

/**
 * Firmware updates as a reader sees them: poll for the next deployment
 * whose phase has started, download its artifact (with the reader's own
 * credential, only while the deployment is under way for it), report each
 * step with its log.
 */
export const deploymentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/deployments/next',
        {
            config: { access: 'device' },
            schema: {
                tags: deviceTags,
                security: deviceSecurity,
                summary: 'The next update to install (204: none). The reader says which release and device type it runs.',
                querystring: z.object({ artifact_name: z.string().max(256).optional(), device_type: z.string().max(64).optional() }),
                response: { 200: deploymentInstructions, 204: z.null(), ...deviceErrors },
            },
        },
        async (request, reply) => {
            const reader = requireDevice(request);
            let { artifact_name: release, device_type: type } = request.query;
            if (release === undefined || type === undefined) {
                const row = await findDevice(ctx.db, reader.id);
                release ??= row?.release ?? undefined;
                type ??= row?.board_type ?? undefined;
            }
            const now = ctx.now();
            for (const open of await openDeploymentsOf(ctx.db, reader.id, now)) {
                // Nothing to install: settled here, and the next deployment is looked at.
                if (open.artifact_id === null || !type || !open.device_types!.includes(type)) {
                    const why =
                        open.artifact_id === null
                            ? 'The firmware of this deployment was deleted.'
                            : `No firmware of this deployment fits device type ${type ?? 'unknown'}.`;
                    await recordDeviceStatus(ctx.db, open.deployment_id, reader.id, 'noartifact', [line('warning', why, now)], now);
                    continue;
                }
                if (open.status === 'pending' && release === open.artifact_name) {
                    await recordDeviceStatus(
                        ctx.db,
                        open.deployment_id,
                        reader.id,
                        'already-installed',
                        [line('info', `The reader already runs ${release}.`, now)],
                        now,
                    );
                    continue;
                }
                return {
                    id: open.deployment_id,
                    artifact: {
                        id: open.artifact_id,
                        name: open.artifact_name!,
                        size: open.size!,
                        checksum: open.checksum!,
                        device_types: open.device_types!,
                        uri: `${request.protocol}://${request.host}${API_BASE}/device/artifacts/${open.artifact_id}/download`,
                    },
                    attempt: open.failures + 1,
                };
            }
            return reply.status(204).send(null);
        },
    );

    app.put(
        '/deployments/:id/status',
        {
            config: { access: 'device' },
            schema: {
                tags: deviceTags,
                security: deviceSecurity,
                summary:
                    'The reader reports a step (downloading, installing, rebooting) or the outcome, with log lines; a failure is retried while retries are left',
                params: idParam,
                body: deploymentStatusInput,
                response: { 204: z.null(), ...deviceErrors },
            },
        },
        async (request, reply) => {
            const reader = requireDevice(request);
            const outcome = await recordDeviceStatus(
                ctx.db,
                request.params.id,
                reader.id,
                request.body.status,
                request.body.log ?? [],
                ctx.now(),
            );
            if (!outcome.ok) {
                if (outcome.reason === 'not-found') throw notFound('deployment');
                throw conflict(
                    outcome.reason === 'closed'
                        ? 'This deployment has ended for this reader (finished or aborted).'
                        : 'This reader’s phase of the deployment has not started yet.',
                );
            }
            return reply.status(204).send(null);
        },
    );

    app.get(
        '/artifacts/:id/download',
        {
            config: { access: 'device' },
            schema: {
                tags: deviceTags,
                security: deviceSecurity,
                summary: 'The artifact file of a deployment under way for this reader; any other reader gets 404',
                params: idParam,
            },
        },
        async (request, reply) => {
            const reader = requireDevice(request);
            const artifact = await artifactForReader(ctx.db, reader.id, request.params.id, ctx.now());
            const file = artifact && (await ctx.storage.get(artifact.storage_key));
            if (!artifact || !file) throw notFound('artifact');
            return reply
                .type('application/octet-stream')
                .header('Content-Length', String(artifact.size))
                .header('Content-Disposition', attachment(`${artifact.name.replace(/[^A-Za-z0-9._-]/g, '_')}.mender`))
                .send(file);
        },
    );
};

import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { ARTIFACT_FIELD, artifactFileProblem, artifactRecord, FIRMWARE_MESSAGES } from '../../../contract/firmware';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { conflict, forbidden, HttpError } from '../../http/errors';
import { idList, listParams } from '../../http/lists';
import { formAccount, mayActIn, scopeOf } from '../../http/scope';
import { ArtifactError } from '../../firmware/errors';
import { receiveArtifact } from '../../firmware/upload';
import { recordAudit } from '../../http/audit';
import {
    applicableKeys,
    deleteArtifact,
    duplicateArtifact,
    findArtifact,
    insertArtifact,
    listArtifacts,
    openDeploymentUsing,
    pathIds,
    toArtifact,
} from './queries';
import { visibleArtifact } from './routeHelpers';

const tags = ['firmware'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply, 413: errorReply };

const readAccountId = (value: unknown) => {
    const n = Number(value ?? 0);
    return Number.isInteger(n) && n >= 0 ? n : 0;
};

/**
 * Firmware artifacts (SPEC 2.2 /firmware-updates/versions, 7.2): the list
 * and one artifact here; the upload (multipart field `artifact`, parsed
 * while it is stored) and delete in artifactWriteRoutes. An artifact
 * uploaded in an account is usable there and in the accounts below it.
 */
export const artifactRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const visible = (request: FastifyRequest, id: number) => visibleArtifact(ctx, request, id);

    app.get(
        '/artifacts',
        {
            config: { access: ['artifacts', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'Firmware usable in the current account: uploaded there or in an account above it',
                querystring: z.object({ ...listParams(PICKER_PAGE_SIZE), device_type: z.string().max(64).optional() }),
                response: { 200: listReply(artifactRecord), ...errors },
            },
        },
        async request => {
            const { account, accounts, cross } = scopeOf(request);
            // Across accounts: what the caller's own account may use, and what every account in its reach uploaded.
            const from = cross ? requireAuth(request).account : account;
            const [{ result, count }, keys] = await Promise.all([
                listArtifacts(
                    ctx.db,
                    {
                        accountIds: pathIds(from.path),
                        ...(cross ? { scope: accounts } : {}),
                        q: request.query.q,
                        device_type: request.query.device_type,
                        ids: idList(request.query.id),
                    },
                    request.query,
                ),
                applicableKeys(ctx.db, from.path),
            ]);
            return { result: result.map(row => toArtifact(row, keys)), count };
        },
    );

    app.get(
        '/artifacts/:id',
        {
            config: { access: ['artifacts', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: 'One firmware artifact, verified with the keys of the current account',
                params: idParam,
                response: { 200: artifactRecord, ...errors },
            },
        },
        async request => {
            const row = await visible(request, request.params.id);
            const { account } = scopeOf(request);
            // Seen from an account that does not see it (a dealer looking at a customer's), the artifact's own account's keys apply.
            const where = pathIds(account.path).includes(row.account_id) ? account.path : row.account_path;
            return toArtifact(row, await applicableKeys(ctx.db, where));
        },
    );
};

/** Uploading a firmware artifact and deleting one. */
export const artifactWriteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const visible = (request: FastifyRequest, id: number) => visibleArtifact(ctx, request, id);

    app.post(
        '/artifacts',
        {
            config: { access: ['artifacts', 'write'], scope: 'account' },
            schema: {
                tags,
                summary:
                    'Upload a Mender artifact (version 3): multipart/form-data with account_id and description fields first, then the file in the field "artifact"',
                consumes: ['multipart/form-data'],
                response: { 201: artifactRecord, ...errors },
            },
        },
        async (request, reply) => {
            if (!request.isMultipart())
                throw new HttpError(400, FIRMWARE_MESSAGES.fileRequired, { [ARTIFACT_FIELD]: FIRMWARE_MESSAGES.fileRequired });
            const auth = requireAuth(request);
            const fields: Record<string, string> = {};
            let created: { id: number; key: string; accountId: number } | undefined;
            try {
                for await (const part of request.parts()) {
                    if (part.type === 'field') {
                        fields[part.fieldname] = String(part.value);
                        continue;
                    }
                    if (part.fieldname !== ARTIFACT_FIELD || created) {
                        part.file.resume();
                        throw new HttpError(400, `Send one file, in the field "${ARTIFACT_FIELD}".`);
                    }
                    const problem = artifactFileProblem(part.filename ?? '');
                    if (problem) {
                        part.file.resume();
                        throw new HttpError(400, problem, { [ARTIFACT_FIELD]: problem });
                    }
                    const account = await formAccount(ctx.db, request, fields.account_id);
                    const accountIds = pathIds(account.path);
                    const received = await receiveArtifact(part.file, ctx.storage, {
                        key: `artifacts/${account.id}/${randomUUID()}.mender`,
                        maxBytes: ctx.config.firmwareMaxBytes,
                        maxUnpackedBytes: ctx.config.firmwareMaxUnpackedBytes,
                        maxUnpackRatio: ctx.config.firmwareMaxUnpackRatio,
                        onHeader: async header => {
                            if (await duplicateArtifact(ctx.db, accountIds, header.name, header.deviceTypes))
                                throw new ArtifactError(FIRMWARE_MESSAGES.duplicate, 409);
                        },
                    });
                    const { parsed } = received;
                    const id = await insertArtifact(ctx.db, accountIds, {
                        account_id: account.id,
                        name: parsed.name,
                        device_types: parsed.deviceTypes,
                        size: received.size,
                        checksum: received.checksum,
                        storage_key: received.key,
                        file_name: part.filename.slice(0, 255),
                        description: (fields.description ?? '').trim().slice(0, 255),
                        payload_type: parsed.payloadType,
                        provides: parsed.provides,
                        depends: parsed.depends,
                        manifest: parsed.manifest,
                        signature: parsed.signature,
                        uploaded_by: auth.user.id,
                    });
                    if (id === undefined) {
                        await ctx.storage.delete(received.key);
                        throw conflict(FIRMWARE_MESSAGES.duplicate);
                    }
                    created = { id, key: received.key, accountId: account.id };
                }
            } catch (error) {
                if (created) {
                    await deleteArtifact(ctx.db, created.id);
                    await ctx.storage.delete(created.key);
                }
                if (error instanceof ArtifactError)
                    throw new HttpError(error.statusCode, error.message, { [ARTIFACT_FIELD]: error.message });
                if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
                    throw new HttpError(413, FIRMWARE_MESSAGES.tooLarge(ctx.config.firmwareMaxBytes));
                throw error;
            }
            if (!created) throw new HttpError(400, FIRMWARE_MESSAGES.fileRequired, { [ARTIFACT_FIELD]: FIRMWARE_MESSAGES.fileRequired });
            // An account_id sent after the file cannot move it: the file went where the first one said.
            if (
                fields.account_id !== undefined &&
                readAccountId(fields.account_id) !== 0 &&
                readAccountId(fields.account_id) !== created.accountId
            ) {
                await deleteArtifact(ctx.db, created.id);
                await ctx.storage.delete(created.key);
                throw new HttpError(400, 'Send account_id before the file.');
            }
            const row = (await findArtifact(ctx.db, created.id))!;
            const after = toArtifact(row, await applicableKeys(ctx.db, row.account_path));
            await recordAudit(ctx.db, request, {
                action: 'create',
                resource: 'artifacts',
                entity: 'Firmware',
                entity_id: row.id,
                account_id: row.account_id,
                after,
            });
            return reply.status(201).send(after);
        },
    );

    // SPEC 6.2 gives artifacts a write right only: deleting is writing.
    app.delete(
        '/artifacts/:id',
        {
            config: { access: ['artifacts', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Delete a firmware artifact and its file (not while a deployment that has not finished uses it)',
                params: idParam,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const row = await visible(request, request.params.id);
            if (!mayActIn(requireAuth(request), { id: row.account_id, path: row.account_path }))
                throw forbidden(`This firmware belongs to ${row.account_name}; it can only be deleted there.`);
            if (await openDeploymentUsing(ctx.db, row.id)) throw conflict(FIRMWARE_MESSAGES.inUse);
            await deleteArtifact(ctx.db, row.id);
            await ctx.storage.delete(row.storage_key);
            await recordAudit(ctx.db, request, {
                action: 'delete',
                resource: 'artifacts',
                entity: 'Firmware',
                entity_id: row.id,
                account_id: row.account_id,
                before: toArtifact(row, []),
            });
            return reply.status(204).send(null);
        },
    );
};

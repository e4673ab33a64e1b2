import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { mayActIn } from '../../http/scope';
import { findArtifact } from './queries';

/**
 * @fastify/multipart's options for the artifact routes (registered once for them, feature.ts), new at each
 * registration (it writes into them): the upload streams, it is never held in memory.
 */
export const artifactUploads = (ctx: AppContext) => ({
    limits: { fileSize: ctx.config.firmwareMaxBytes + 1, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
});

/** An artifact the caller sees: of an account it may act in, or of an account above its own. */
export const visibleArtifact = async (ctx: AppContext, request: FastifyRequest, id: number) => {
    const auth = requireAuth(request);
    const row = await findArtifact(ctx.db, id);
    if (!row) throw notFound('artifact');
    const account = { id: row.account_id, path: row.account_path };
    if (!mayActIn(auth, account) && !auth.account.path.startsWith(row.account_path)) throw notFound('artifact');
    return row;
};

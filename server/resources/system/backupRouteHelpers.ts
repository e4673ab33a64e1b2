import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { recordAudit } from '../../http/audit';
import { requireAuth } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { scopePath } from '../../http/scope';

/**
 * @fastify/multipart's options for the backup and restore routes (registered once for them, feature.ts), new at
 * each registration (it writes into them). A backup is as large as the platform: the file streams to disk, never
 * into memory.
 */
export const backupUploads = () => ({ limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1, fields: 5, fieldSize: 100, parts: 6 } });

export const requirePlatform = (request: FastifyRequest) => {
    const auth = requireAuth(request);
    if (scopePath(auth) !== '/')
        throw forbidden(
            "A backup holds every account's data: it is for the platform's administrators. Export your account's data instead.",
        );
    return auth;
};

/** In the main account's trail (the administrator's own), where the Backup and Restore screen reads it. */
export const backupAudit = (ctx: AppContext) => (request: FastifyRequest, action: 'backup' | 'restore', after: object) =>
    recordAudit(ctx.db, request, {
        action,
        resource: 'system',
        entity: 'System Manager',
        entity_id: null,
        account_id: requireAuth(request).account.id,
        after,
    });

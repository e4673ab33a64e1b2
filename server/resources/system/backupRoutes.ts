import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { PassThrough, pipeline as pipelineCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { errorReply } from '../../../contract/api';
import { BACKUP_MESSAGES, backupInfo, diskUsage, restoreReport, storedBackup } from '../../../contract/system';
import type { AppContext } from '../../context';
import { attachment } from '../../http/attachments';
import { HttpError, notFound } from '../../http/errors';
import { hold } from '../../storage/leases';
import { backupAudit, requirePlatform } from './backupRouteHelpers';
import { restoreBackup, verifyBackup, writeBackup } from './backup/archive';
import { encryptor } from './backup/encryption';
import { FILE_MODE, incomingPath, prepareBackupFolder } from './backup/files';
import { assertBackupFits, BackupSpaceError, estimateBackup, noRoomForUpload, watchBackupVolume } from './backup/space';
import { diskUsage as measureDiskUsage } from './diskUsage';
import { SETTINGS_CHANNEL } from './settings';
import { createStoredBackup, keptBackupsLocation, listStoredBackups, nextScheduledBackup, openStoredBackup } from './backup/store';

const tags = ['system'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply, 413: errorReply, 507: errorReply };

/**
 * Backup and restore of the whole platform (SPEC 2.2 /backup_and_restore,
 * 7.2 /system/*; docs/ops.md "Backup and restore"). The backup right is the
 * staff's (SPEC 6.2), but a platform backup holds every account's data: only
 * a user who sees the whole platform (admin) takes or restores one; the
 * others move their account's data with import/export (docs/decisions.md).
 * Taking, listing and downloading backups here; restoring in restoreRoutes.
 */
export const backupRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = backupAudit(ctx);

    app.get(
        '/system/backup',
        {
            config: { access: ['backup', 'write'], scope: 'none' },
            schema: {
                tags,
                summary: 'A backup of the whole platform, streamed as it is read (tar: files, tables, manifest with SHA-256 of each part)',
                response: { 200: z.any(), ...errors },
            },
        },
        async (request, reply) => {
            requirePlatform(request);
            // The rows are spooled in the backup folder before they are sent: refused (507) when they would not fit there.
            await prepareBackupFolder(ctx.config.backupDir);
            assertBackupFits(ctx, (await estimateBackup(ctx, { spoolOnly: true })).bytes);
            const stamp = ctx.now().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
            const body = new PassThrough();
            const tar = ctx.config.backupKey ? await encryptor(ctx.config.backupKey) : body;
            // A client that goes away ends the encryptor too, and with it the backup.
            if (tar !== body) pipelineCallback(tar, body, () => undefined);
            // Once the reply has begun a failure can only cut it short: the manifest is missing and a restore refuses it.
            writeBackup(ctx, tar)
                .then(manifest => audit(request, 'backup', { download: true, tables: manifest.tables, files: manifest.files }))
                .catch(error => {
                    request.log.error({ err: error }, 'backup download failed');
                    body.destroy(error as Error);
                });
            return reply
                .header('Content-Type', 'application/x-tar')
                .header('Content-Disposition', attachment(`backup-${stamp}.tar`))
                .header('Cache-Control', 'no-store')
                .send(body);
        },
    );

    app.get(
        '/system/backup/info',
        {
            config: { access: ['backup', 'read'], scope: 'none' },
            schema: { tags, summary: 'The backups kept in the backup folder, and the schedule', response: { 200: backupInfo, ...errors } },
        },
        async request => {
            requirePlatform(request);
            const next = await nextScheduledBackup(ctx);
            return {
                directory: keptBackupsLocation(ctx),
                every_hours: ctx.config.backupEveryHours,
                keep: ctx.config.backupKeep,
                next_at: next ? next.toISOString() : null,
                backups: await listStoredBackups(ctx),
            };
        },
    );

    app.get(
        '/system/disk/usage',
        {
            config: { access: ['backup', 'read'], scope: 'none' },
            schema: {
                tags,
                summary:
                    'What uses the data volume: database, event images, firmware, consents, backups (measured at most every 5 minutes unless fresh=true)',
                querystring: z.object({ fresh: z.enum(['true', 'false']).optional() }),
                response: { 200: diskUsage, ...errors },
            },
        },
        async request => {
            requirePlatform(request);
            return measureDiskUsage(ctx, request.query.fresh === 'true');
        },
    );

    app.post(
        '/system/backups',
        {
            config: { access: ['backup', 'write'], scope: 'none' },
            schema: {
                tags,
                summary: 'Writes a backup into the backup folder; answers once it is written and read back against its manifest',
                response: { 201: storedBackup, ...errors },
            },
        },
        async (request, reply) => {
            requirePlatform(request);
            const { record, shortOfRoom } = await createStoredBackup(ctx, { scheduled: false });
            await audit(request, 'backup', { name: record.name, state: record.state, bytes: record.bytes, failure: record.failure });
            // For want of room: what was needed and what is free, as the operator can act on it.
            if (shortOfRoom) throw new BackupSpaceError(record.failure!);
            if (record.state === 'failed') throw new HttpError(500, `The backup failed: ${record.failure}`);
            return reply.status(201).send(record);
        },
    );

    app.get(
        '/system/backups/:name',
        {
            config: { access: ['backup', 'read'], scope: 'none' },
            schema: {
                tags,
                summary: 'Downloads a kept backup',
                params: z.object({ name: z.string().max(100) }),
                response: { 200: z.any(), ...errors },
            },
        },
        async (request, reply) => {
            requirePlatform(request);
            const kept = await openStoredBackup(ctx, request.params.name);
            if (!kept) throw notFound('backup');
            return reply
                .header('Content-Type', 'application/x-tar')
                .header('Content-Length', kept.size)
                .header('Content-Disposition', attachment(request.params.name))
                .send(kept.data);
        },
    );
};

/** Restoring a backup: one at a time. */
export const restoreRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = backupAudit(ctx);
    let restoring = false;

    app.post(
        '/system/restore',
        {
            config: { access: ['backup', 'write'], scope: 'none' },
            schema: {
                tags,
                summary:
                    'Restores a backup (multipart, field "file"; field other_platform=true to take another platform\'s). The whole file is checked first: a damaged, foreign or newer one changes nothing. Every session ends.',
                response: { 200: restoreReport, ...errors },
            },
        },
        async request => {
            requirePlatform(request);
            if (restoring) throw new HttpError(409, 'A restore is already under way.');
            restoring = true;
            const incoming = incomingPath(ctx.config.backupDir);
            // In use until the restore ends: the sweep leaves it (server/storage/leases.ts).
            const release = hold(incoming);
            try {
                await prepareBackupFolder(ctx.config.backupDir);
                let otherPlatform = false;
                let received = false;
                for await (const part of request.parts()) {
                    if (part.type === 'field') {
                        if (part.fieldname === 'other_platform') otherPlatform = String(part.value) === 'true';
                        continue;
                    }
                    if (part.fieldname !== 'file' || received) {
                        part.file.resume();
                        throw new HttpError(400, BACKUP_MESSAGES.sendFile);
                    }
                    ctx.disk.assertRoom(0, true);
                    await pipeline(part.file, watchBackupVolume(ctx, noRoomForUpload), createWriteStream(incoming, { mode: FILE_MODE }));
                    received = true;
                }
                if (!received) throw new HttpError(400, BACKUP_MESSAGES.sendFile);
                const manifest = await verifyBackup(ctx, incoming, { otherPlatform });
                const restored = await restoreBackup(ctx, incoming);
                const report = {
                    restored_from: {
                        platform_version: manifest.platform_version,
                        created_at: manifest.created_at,
                        database: manifest.database,
                    },
                    ...restored,
                };
                // Written into the restored data, so the trail of the platform as it is now says where it came from.
                await audit(request, 'restore', report);
                // The restored platform's settings apply, in every instance.
                await ctx.realtime.publish(SETTINGS_CHANNEL, 'restored');
                return report;
            } finally {
                restoring = false;
                await fs.rm(incoming, { force: true });
                release();
            }
        },
    );
};

import { z } from 'zod';

/**
 * GET /system/disk: room on the volume the server writes to that has the
 * least of it above its reserve (DISK_RESERVE_PERCENT). `low`: writes are
 * refused (507) until space is freed; `images_paused`: events are stored
 * without their images (SPEC 2.7 'full disk').
 */
export const diskStatus = z.object({
    low: z.boolean(),
    images_paused: z.boolean(),
    total_bytes: z.number(),
    free_bytes: z.number(),
    reserve_bytes: z.number(),
});
export type DiskStatus = z.infer<typeof diskStatus>;

/** The manifest of a platform backup (docs/decisions.md "Backup and restore", server/resources/system/backup/archive.ts). */
export const backupManifest = z.object({
    format: z.string(),
    format_version: z.number(),
    platform_id: z.string(),
    platform_version: z.string(),
    migrations: z.object({ count: z.number(), last: z.string() }),
    database: z.enum(['pglite', 'postgres']),
    created_at: z.string(),
    parts: z.array(z.object({ name: z.string(), bytes: z.number(), sha256: z.string(), rows: z.number().optional() })),
    tables: z.record(z.string(), z.number()),
    files: z.object({ count: z.number(), bytes: z.number() }),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** A backup kept in the backup folder (GET /system/backup/info). */
export const storedBackup = z.object({
    name: z.string(),
    /** bytes so far while it is being written */
    bytes: z.number(),
    created_at: z.string(),
    state: z.enum(['writing', 'verified', 'failed']),
    /** SHA-256 of the whole file, once written */
    sha256: z.string().nullable(),
    scheduled: z.boolean(),
    tables: z.record(z.string(), z.number()).nullable(),
    files: z.object({ count: z.number(), bytes: z.number() }).nullable(),
    failure: z.string().nullable(),
});
export type StoredBackup = z.infer<typeof storedBackup>;

export const backupInfo = z.object({
    directory: z.string(),
    every_hours: z.number(),
    keep: z.number(),
    next_at: z.string().nullable(),
    backups: z.array(storedBackup),
});
export type BackupInfo = z.infer<typeof backupInfo>;

export const restoreReport = z.object({
    restored_from: z.object({ platform_version: z.string(), created_at: z.string(), database: z.enum(['pglite', 'postgres']) }),
    tables: z.record(z.string(), z.number()),
    files: z.number(),
});
export type RestoreReport = z.infer<typeof restoreReport>;

/** The texts of a refused restore; the console shows them as they are. */
export const BACKUP_MESSAGES = {
    notABackup: 'This file is not a backup of this platform.',
    damaged: 'This backup is damaged: nothing was changed',
    newerFormat: 'This backup was written in a newer format: upgrade this server first. Nothing was changed.',
    newerVersion: (version: string) =>
        `This backup was made by a newer version of the platform (${version}): upgrade this server first. Nothing was changed.`,
    olderVersion: (version: string) =>
        `This backup was made by an older version of the platform (${version}): restore it on that version, then upgrade. Nothing was changed.`,
    otherPlatform:
        'This backup is of another platform. Restoring it replaces this platform with that one: confirm it to go on. Nothing was changed.',
    sendFile: 'Send the backup file in the multipart field "file".',
    encryptedWithoutKey:
        'This backup is encrypted: this server needs the key it was made with (BACKUP_KEY) to restore it. Nothing was changed.',
    wrongKey: "This backup is encrypted with another key than this server's (BACKUP_KEY). Nothing was changed.",
    /** a backup refused before it is written (HTTP 507); sizes in MiB */
    notEnoughSpace: (needed: string, free: string, reserve: string) =>
        `There is not enough disk space for this backup: it needs about ${needed}; the backup folder's volume has ${free} free, of which ${reserve} is kept in reserve. Free some space (older backups, BACKUP_KEEP) or move BACKUP_DIR to a larger volume. Nothing was written.`,
    /** a backup stopped while it was written (HTTP 507) */
    diskFilled: (free: string, reserve: string) =>
        `The disk filled up while the backup was written (${free} free, ${reserve} kept in reserve): the backup was stopped and its partial file deleted. Free some space and try again.`,
    /** an uploaded backup stopped while it was received (HTTP 507) */
    noRoomForUpload: (free: string, reserve: string) =>
        `There is not enough disk space to receive this backup (${free} free in the backup folder, ${reserve} kept in reserve). Nothing was changed.`,
} as const;

/** GET /migrations (SPEC 2.2 /migrations): the schema migrations and the platform's data migrations. */
export const migrationsReport = z.object({
    schema: z.array(
        z.object({
            index: z.number(),
            tag: z.string(),
            /** when the migration was written */
            created_at: z.string(),
            /** when a server of this platform first found it applied */
            applied_at: z.string().nullable(),
            applied_by_version: z.string().nullable(),
            state: z.enum(['applied', 'pending']),
        }),
    ),
    /** migrations the database has that this server does not know (a newer instance ran them) */
    database_ahead: z.number(),
    data: z.array(
        z.object({
            key: z.string(),
            description: z.string(),
            state: z.enum(['done', 'pending']),
            detail: z.string(),
        }),
    ),
});
export type MigrationsReport = z.infer<typeof migrationsReport>;

/** GET /system/disk/usage: what takes the room, for the Backup and Restore screen. */
export const DISK_USAGE_PARTS = ['database', 'event_images', 'firmware', 'consents', 'other_files', 'backups'] as const;
export const diskUsage = z.object({
    total_bytes: z.number(),
    free_bytes: z.number(),
    reserve_bytes: z.number(),
    low: z.boolean(),
    parts: z.array(
        z.object({
            part: z.enum(DISK_USAGE_PARTS),
            bytes: z.number(),
            files: z.number().nullable(),
            /** kept in the bucket (below), taking no room on the volume */
            in_bucket: z.boolean(),
        }),
    ),
    /** the bucket that holds the stored files and kept backups (FILES_URL `s3://BUCKET/PREFIX`); null: all on the volume */
    bucket: z.string().nullable(),
    measured_at: z.string(),
});
export type DiskUsage = z.infer<typeof diskUsage>;

import type { LogLevel } from 'fastify';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
    port: number;
    host: string;
    /** PGlite folder, outbox, uploaded files */
    dataDir: string;
    /** where the files are stored (FILES_URL): a local folder, or an S3 bucket (docs/ops.md, Files in object storage) */
    files: FilesLocation;
    /** PostgreSQL instead of PGlite when set */
    databaseUrl?: string;
    adminEmail?: string;
    adminPassword?: string;
    demo: boolean;
    demoPassword?: string;
    /** nodemailer transport URL; without it mail goes to DATA_DIR/outbox */
    smtpUrl?: string;
    mailFrom: string;
    /** where the console is reached, for links in e-mails */
    publicUrl: string;
    platformInstallation: 'cloud' | 'on-premise';
    singleTenant: boolean;
    enrollmentEnabled: boolean;
    accessTokenTtlSeconds: number;
    refreshTokenTtlSeconds: number;
    /** a session ends this long after sign-in, however often it is refreshed */
    sessionMaxSeconds: number;
    resetTokenTtlSeconds: number;
    /** failed sign-ins in the window before a temporary lockout */
    maxFailedLogins: number;
    lockoutSeconds: number;
    /** the built console; served when present */
    staticDir: string;
    /** serve the console's source maps (*.map) to anyone who asks; off, they answer 404 */
    serveSourceMaps: boolean;
    logLevel: string;
    /** the device API's request log: its routine heartbeats would drown the rest at info */
    deviceLogLevel: LogLevel;
    /** how often readers heartbeat; a reader silent for deviceOfflineSeconds is marked offline */
    deviceHeartbeatSeconds: number;
    deviceOfflineSeconds: number;
    /** run the scheduled jobs (offline detection, retention...) in this process */
    jobs: boolean;
    /** in-process simulated readers that the demo platform starts with (0: none) */
    demoFleet: number;
    /** security events per second the demo's readers post between them */
    demoEventRate: number;
    /** per demo reader and hour, the chance of an outage (silent for minutes, offline, then back) */
    demoOutagesPerHour: number;
    /** largest firmware (.mender) file accepted */
    firmwareMaxBytes: number;
    /** most bytes a firmware file's payloads may unpack to, and at most this many times their compressed size */
    firmwareMaxUnpackedBytes: number;
    firmwareMaxUnpackRatio: number;
    /**
     * a reader taking part in a deployment that reports nothing for this long
     * (since its last report, or since its phase started) counts as a failed
     * attempt, so the deployment can finish; 0: wait for it forever
     */
    deploymentReaderTimeoutSeconds: number;
    /** new readers one address may register in 10 minutes; readers waiting for approval per account, and in the main account (no code) */
    deviceRegistrationsPerAddress: number;
    devicePendingMax: number;
    devicePendingWithoutCodeMax: number;
    /** open connections the server holds at most (readers keep one each); past it new ones are refused */
    maxConnections: number;
    /** a client must send a request's headers within this many seconds */
    headersTimeoutSeconds: number;
    /** share of each volume kept free (percent, at least 8 MiB): below it writes answer 507; below twice it event images are not stored */
    diskReservePercent: number;
    /** the storage sweep removes files no row refers to once they are this old (uploads and ingestion under way are younger) */
    storageSweepGraceMinutes: number;
    /** days an account keeps event images, and events, when it set nothing (SPEC 3 retention policies) */
    eventImagesDefaultDays: number;
    eventsDefaultDays: number;
    /** where backups are written, by hand or on schedule (BACKUP_DIR, default DATA_DIR/backups) */
    backupDir: string;
    /** hours between scheduled backups; 0: none */
    backupEveryHours: number;
    /** how many backups the folder keeps; older ones are removed after each new one */
    backupKeep: number;
    /** when set, every backup is encrypted with a key derived from it, and a restore of an encrypted one needs it (BACKUP_KEY) */
    backupKey: string | undefined;
    /** a webhook's receiver must answer within this long, or the try counts as failed */
    webhookTimeoutMs: number;
    /** the first retry of a failed delivery waits this long, each next one twice as long, at most webhookRetryMaxMs */
    webhookRetryBaseMs: number;
    webhookRetryMaxMs: number;
    /** a delivery is tried for this long; a webhook failing this long is paused */
    webhookRetryWindowMs: number;
    /** days delivered and failed deliveries stay listed */
    webhookDeliveriesDays: number;
    /** a mail the mail server did not take for a temporary reason waits this long before its first retry, each next wait twice the last, at most mailRetryMaxMs */
    mailRetryBaseMs: number;
    mailRetryMaxMs: number;
    /** a mail is tried for this long before it counts as failed (server/mail/failures.ts) */
    mailRetryWindowMs: number;
    /** web enrollment invitations (and resends) one account may send a calendar day (UTC); a System setting too */
    enrollmentInvitesPerDay: number;
    /** requests one user or API key may make a minute to the routes that send invitations (invites, CSV upload, resend), together */
    enrollmentInviteRequestsPerMinute: number;
    /** when set, GET /metrics answers a scraper that sends it as a bearer token; unset, /metrics does not exist (METRICS_TOKEN) */
    metricsToken: string | undefined;
}

export type FilesLocation =
    | { kind: 'folder'; dir: string }
    | { kind: 's3'; bucket: string; prefix: string; endpoint?: string; region: string; forcePathStyle: boolean };

/** FILES_URL: unset, DATA_DIR/files; `file:///srv/files`, that folder; `s3://BUCKET/PREFIX`, that bucket (S3_*). */
export const filesLocation = (env: NodeJS.ProcessEnv, dataDir: string): FilesLocation => {
    if (!env.FILES_URL) return { kind: 'folder', dir: path.join(dataDir, 'files') };
    const url = new URL(env.FILES_URL);
    if (url.protocol === 'file:') return { kind: 'folder', dir: fileURLToPath(url) };
    if (url.protocol !== 's3:' || !url.hostname)
        throw new Error(`FILES_URL must be a file: URL or s3://BUCKET/PREFIX, not ${env.FILES_URL}`);
    const prefix = decodeURIComponent(url.pathname.replace(/^\/+/, ''));
    return {
        kind: 's3',
        bucket: url.hostname,
        prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
        endpoint: env.S3_ENDPOINT || undefined,
        region: env.S3_REGION || 'us-east-1',
        forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false),
    };
};

const bool = (value: string | undefined, fallback: boolean) =>
    value === undefined || value === '' ? fallback : !['0', 'false', 'no', 'off'].includes(value.toLowerCase());

const LEVELS: LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
/** the quieter of two pino levels (an unknown one counts as info) */
const quieterLevel = (a: string, b: LogLevel): LogLevel => (LEVELS.indexOf(a as LogLevel) > LEVELS.indexOf(b) ? (a as LogLevel) : b);

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
    const port = Number(env.PORT ?? 8080);
    return {
        port,
        host: env.HOST ?? '0.0.0.0',
        dataDir: path.resolve(env.DATA_DIR ?? 'data'),
        files: filesLocation(env, path.resolve(env.DATA_DIR ?? 'data')),
        databaseUrl: env.DATABASE_URL || undefined,
        adminEmail: env.ADMIN_EMAIL || undefined,
        adminPassword: env.ADMIN_PASSWORD || undefined,
        demo: bool(env.DEMO, true),
        demoPassword: env.DEMO_PASSWORD || undefined,
        smtpUrl: env.SMTP_URL || undefined,
        mailFrom: env.MAIL_FROM ?? 'Access Console <no-reply@localhost>',
        publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
        platformInstallation: env.PLATFORM_INSTALLATION === 'cloud' ? 'cloud' : 'on-premise',
        singleTenant: bool(env.SINGLE_TENANT, false),
        enrollmentEnabled: bool(env.ENROLLMENT_ENABLED, true),
        accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL ?? 900),
        refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL ?? 30 * 24 * 3600),
        sessionMaxSeconds: Number(env.SESSION_MAX_AGE ?? 30 * 24 * 3600),
        resetTokenTtlSeconds: Number(env.RESET_TOKEN_TTL ?? 3600),
        maxFailedLogins: Number(env.MAX_FAILED_LOGINS ?? 5),
        lockoutSeconds: Number(env.LOCKOUT_SECONDS ?? 900),
        staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
        serveSourceMaps: bool(env.SERVE_SOURCE_MAPS, false),
        logLevel: env.LOG_LEVEL ?? 'info',
        deviceLogLevel:
            env.DEVICE_LOG_LEVEL && LEVELS.includes(env.DEVICE_LOG_LEVEL as LogLevel)
                ? (env.DEVICE_LOG_LEVEL as LogLevel)
                : quieterLevel(env.LOG_LEVEL ?? 'info', 'warn'),
        deviceHeartbeatSeconds: Number(env.DEVICE_HEARTBEAT_SECONDS ?? 10),
        deviceOfflineSeconds: Number(env.DEVICE_OFFLINE_SECONDS ?? 35),
        jobs: bool(env.JOBS, true),
        demoFleet: Number(env.DEMO_FLEET ?? 12),
        demoEventRate: Number(env.DEMO_EVENT_RATE ?? 0.2),
        demoOutagesPerHour: Number(env.DEMO_OUTAGES_PER_HOUR ?? 0.2),
        firmwareMaxBytes: Number(env.FIRMWARE_MAX_BYTES ?? 4 * 1024 ** 3),
        firmwareMaxUnpackedBytes: Number(env.FIRMWARE_MAX_UNPACKED_BYTES ?? 16 * 1024 ** 3),
        firmwareMaxUnpackRatio: Number(env.FIRMWARE_MAX_UNPACK_RATIO ?? 100),
        deploymentReaderTimeoutSeconds: Number(env.DEPLOYMENT_READER_TIMEOUT || 24 * 3600),
        deviceRegistrationsPerAddress: Number(env.DEVICE_REGISTRATIONS_PER_ADDRESS ?? 500),
        devicePendingMax: Number(env.DEVICE_PENDING_MAX ?? 200),
        devicePendingWithoutCodeMax: Number(env.DEVICE_PENDING_WITHOUT_CODE_MAX ?? 20),
        maxConnections: Number(env.MAX_CONNECTIONS ?? 10_000),
        headersTimeoutSeconds: Number(env.HEADERS_TIMEOUT ?? 20),
        diskReservePercent: Number(env.DISK_RESERVE_PERCENT ?? 2),
        storageSweepGraceMinutes: Number(env.STORAGE_SWEEP_GRACE_MINUTES ?? 60),
        eventImagesDefaultDays: Number(env.EVENT_IMAGES_DAYS ?? 90),
        eventsDefaultDays: Number(env.EVENTS_DAYS ?? 365),
        backupDir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR ?? 'data', 'backups')),
        backupEveryHours: Number(env.BACKUP_EVERY_HOURS ?? 24),
        backupKeep: Math.max(1, Number(env.BACKUP_KEEP ?? 7)),
        backupKey: env.BACKUP_KEY || undefined,
        webhookTimeoutMs: Number(env.WEBHOOK_TIMEOUT_SECONDS ?? 5) * 1000,
        webhookRetryBaseMs: Number(env.WEBHOOK_RETRY_BASE_SECONDS ?? 10) * 1000,
        webhookRetryMaxMs: Number(env.WEBHOOK_RETRY_MAX_SECONDS ?? 3600) * 1000,
        webhookRetryWindowMs: Number(env.WEBHOOK_RETRY_HOURS ?? 24) * 3600_000,
        webhookDeliveriesDays: Number(env.WEBHOOK_DELIVERIES_DAYS ?? 30),
        mailRetryBaseMs: Number(env.MAIL_RETRY_BASE_SECONDS ?? 60) * 1000,
        mailRetryMaxMs: Number(env.MAIL_RETRY_MAX_SECONDS ?? 3600) * 1000,
        mailRetryWindowMs: Number(env.MAIL_RETRY_HOURS ?? 48) * 3600_000,
        enrollmentInvitesPerDay: Number(env.ENROLLMENT_INVITES_PER_DAY ?? 1000),
        enrollmentInviteRequestsPerMinute: Number(env.INVITE_REQUESTS_PER_MINUTE ?? 30),
        metricsToken: env.METRICS_TOKEN || undefined,
    };
};

/** A config for tests: in-memory database, no console files. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
    ...loadConfig({
        DATA_DIR: path.join('/tmp', `ac-test-${process.pid}`),
        DEMO: '0',
        LOG_LEVEL: 'silent',
        JOBS: '0',
        DEMO_FLEET: '0',
        // Tests register many readers from loopback; the flood limits have their own test.
        DEVICE_REGISTRATIONS_PER_ADDRESS: '1000000',
        DEVICE_PENDING_MAX: '1000000',
        DEVICE_PENDING_WITHOUT_CODE_MAX: '1000000',
        // Tests share the machine's /tmp, whatever its free space; the reserve has its own tests.
        DISK_RESERVE_PERCENT: '0',
        // Tests upload files of 10,000 invitations, and invite once per cell of the role matrix; the daily cap and the
        // rate limit have their own tests.
        ENROLLMENT_INVITES_PER_DAY: '1000000',
        INVITE_REQUESTS_PER_MINUTE: '1000000',
    }),
    ...overrides,
});

import { sql } from 'drizzle-orm';
import {
    bigint,
    bigserial,
    index,
    integer,
    jsonb,
    pgTable,
    primaryKey,
    serial,
    text,
    timestamp,
    uniqueIndex,
    varchar,
} from 'drizzle-orm/pg-core';
import {
    DEPLOYMENT_LOG_LEVELS,
    DEPLOYMENT_STATUSES,
    DEVICE_DEPLOYMENT_STATUSES,
    KEY_ALGORITHMS,
    type DeploymentDeviceFilter,
} from '../../../contract/firmware';
import { devices } from './devices';
import { accounts } from './platform';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Public keys that verify firmware signatures (PEM, RSA or ECDSA). A key
 * applies to its account and every account below it.
 */
export const firmwareKeys = pgTable(
    'firmware_keys',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        name: varchar('name', { length: 100 }).notNull(),
        algorithm: text('algorithm', { enum: KEY_ALGORITHMS }).notNull(),
        details: varchar('details', { length: 32 }).notNull(),
        pem: text('pem').notNull(),
        /** SHA-256 of the DER encoding */
        fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
        created_by: integer('created_by'),
        created_at: tz('created_at').notNull().defaultNow(),
    },
    t => [uniqueIndex('firmware_keys_account_fingerprint_idx').on(t.account_id, t.fingerprint)],
);

/**
 * Uploaded Mender artifacts (SPEC 3 Firmware). The file is in storage under
 * `storage_key`; what its headers say is kept here. An artifact uploaded in
 * an account is usable there and in every account below it.
 */
export const firmwareArtifacts = pgTable(
    'firmware_artifacts',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        name: varchar('name', { length: 256 }).notNull(),
        /** compatible device types */
        device_types: text('device_types').array().notNull(),
        size: bigint('size', { mode: 'number' }).notNull(),
        /** SHA-256 of the whole file, hex */
        checksum: varchar('checksum', { length: 64 }).notNull(),
        storage_key: text('storage_key').notNull(),
        file_name: varchar('file_name', { length: 255 }).notNull(),
        description: varchar('description', { length: 255 }).notNull().default(''),
        payload_type: varchar('payload_type', { length: 128 }),
        provides: jsonb('provides').$type<Record<string, string>>().notNull().default({}),
        depends: jsonb('depends').$type<Record<string, unknown>>().notNull().default({}),
        /** the manifest and its signature: verified with the keys of the account where the artifact is seen or used */
        manifest: text('manifest').notNull(),
        signature: text('signature'),
        uploaded_by: integer('uploaded_by'),
        created_at: tz('created_at').notNull().defaultNow(),
        updated_at: tz('updated_at').notNull().defaultNow(),
    },
    t => [
        index('firmware_artifacts_account_name_idx').on(t.account_id, t.name),
        index('firmware_artifacts_account_updated_idx').on(t.account_id, t.updated_at.desc(), t.id.desc()),
    ],
);

/**
 * A roll-out of an artifact to readers in phases (SPEC 3 Deployment). The
 * artifact's name is copied so the history reads the same after it is deleted.
 */
export const deployments = pgTable(
    'deployments',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        name: varchar('name', { length: 100 }).notNull(),
        artifact_id: integer('artifact_id').references(() => firmwareArtifacts.id, { onDelete: 'set null' }),
        artifact_name: varchar('artifact_name', { length: 256 }).notNull(),
        status: text('status', { enum: DEPLOYMENT_STATUSES }).notNull(),
        retries: integer('retries').notNull().default(0),
        filter: jsonb('filter').$type<DeploymentDeviceFilter | null>(),
        device_count: integer('device_count').notNull(),
        /** when the first phase starts */
        start_at: tz('start_at').notNull(),
        created_by: integer('created_by'),
        created_by_name: varchar('created_by_name', { length: 60 }),
        created_at: tz('created_at').notNull().defaultNow(),
        finished_at: tz('finished_at'),
    },
    t => [
        index('deployments_account_created_idx').on(t.account_id, t.created_at.desc(), t.id.desc()),
        // The phase job's scan: deployments that have not finished.
        index('deployments_open_idx')
            .on(t.status)
            .where(sql`${t.status} in ('pending', 'scheduled', 'in_progress')`),
    ],
);

export const deploymentPhases = pgTable(
    'deployment_phases',
    {
        deployment_id: integer('deployment_id')
            .notNull()
            .references(() => deployments.id, { onDelete: 'cascade' }),
        number: integer('number').notNull(),
        /** percent of the devices; null for the last phase, which takes the rest */
        share: integer('share'),
        start_at: tz('start_at').notNull(),
        device_count: integer('device_count').notNull(),
    },
    t => [primaryKey({ columns: [t.deployment_id, t.number] })],
);

/** One reader in a deployment, with what it last reported. Its identity is copied so it reads the same after the device is deleted. */
export const deploymentDevices = pgTable(
    'deployment_devices',
    {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        deployment_id: integer('deployment_id')
            .notNull()
            .references(() => deployments.id, { onDelete: 'cascade' }),
        device_id: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
        hardware_id: varchar('hardware_id', { length: 64 }).notNull(),
        description: varchar('description', { length: 255 }).notNull(),
        board_type: varchar('board_type', { length: 64 }),
        phase: integer('phase').notNull(),
        status: text('status', { enum: DEVICE_DEPLOYMENT_STATUSES }).notNull().default('pending'),
        failures: integer('failures').notNull().default(0),
        /** why its last attempt failed: the reader's own words (its last error line, else its last line), or the timeout */
        failure_reason: text('failure_reason'),
        started_at: tz('started_at'),
        finished_at: tz('finished_at'),
        updated_at: tz('updated_at').notNull().defaultNow(),
    },
    t => [
        uniqueIndex('deployment_devices_deployment_device_idx').on(t.deployment_id, t.device_id),
        index('deployment_devices_list_idx').on(t.deployment_id, t.phase, t.id),
        // A reader's poll: its deployments still under way.
        index('deployment_devices_open_idx')
            .on(t.device_id)
            .where(sql`${t.status} in ('pending', 'downloading', 'installing', 'rebooting')`),
    ],
);

/** The log lines a reader sent with its reports. */
export const deploymentLogs = pgTable(
    'deployment_logs',
    {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        deployment_device_id: bigint('deployment_device_id', { mode: 'number' })
            .notNull()
            .references(() => deploymentDevices.id, { onDelete: 'cascade' }),
        timestamp: tz('timestamp').notNull(),
        level: text('level', { enum: DEPLOYMENT_LOG_LEVELS }).notNull(),
        message: text('message').notNull(),
    },
    t => [index('deployment_logs_device_idx').on(t.deployment_device_id, t.id)],
);

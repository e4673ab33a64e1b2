import { z } from 'zod';
import {
    COMMUNICATION_OPTIONS,
    DEVICE_ROLES,
    LED_OPTIONS,
    ONVIF_MANAGERS,
    ONVIF_USER_LEVELS,
    SECURITY_LEVELS,
    communicationSettings,
    sipFields,
} from './devices';
import { deviceSchedule } from './schedules';

/**
 * What a reader sends and receives under /api/v2/device/ (DESIGN.md
 * "Readers and the device API"). A physical reader and the simulated fleet
 * speak exactly this.
 *
 * Credentials: at its first registration a reader presents a secret of its
 * own (kept in its secure storage) and a 6-digit pairing code it shows on its
 * screen. It stays pending until an administrator approves it; its next
 * registration call then receives a device key, which authenticates every
 * other call: `Authorization: Device <device_id>.<device_key>`. Registering
 * again with the same secret re-issues the key (the old one stops working).
 * A reader that comes back with another secret (factory reset, replaced
 * board) is held until an administrator authenticates it with the pairing
 * code it shows.
 */
export const DEVICE_AUTH_SCHEME = 'Device';
export const deviceAuthorization = (deviceId: number, key: string) => `${DEVICE_AUTH_SCHEME} ${deviceId}.${key}`;

export const HARDWARE_ID = /^[A-Za-z0-9][A-Za-z0-9:._-]{0,63}$/;

export const registerInput = z.object({
    hardware_id: z.string().regex(HARDWARE_ID, { error: 'hardware_id: 1 to 64 letters, digits, ":", ".", "_" or "-"' }),
    /** the reader's own secret, at least 128 bits of randomness */
    secret: z.string().min(32).max(256),
    pairing_code: z.string().regex(/^\d{6}$/),
    board_type: z.string().trim().min(1).max(64),
    release: z.string().trim().min(1).max(64),
    ip_address: z.union([z.ipv4(), z.ipv6()]).optional(),
    mac_address: z
        .string()
        .regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/)
        .optional(),
    /** an account's device registration code: the reader waits for approval in that account (else in the platform's main account) */
    registration_code: z.string().trim().max(64).optional(),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const registerReply = z.object({
    device_id: z.number().int(),
    status: z.enum(['pending', 'approved', 'authentication_required']),
    /** only with status approved: the key for every other call */
    device_key: z.string().optional(),
    heartbeat_interval_seconds: z.number().int(),
});
export type RegisterReply = z.infer<typeof registerReply>;

export const heartbeatInput = z.object({
    ip_address: z.union([z.ipv4(), z.ipv6()]).optional(),
    release: z.string().trim().min(1).max(64).optional(),
    device_mode: z.string().trim().min(1).max(32).optional(),
    /** the configuration version the reader runs with */
    applied_config_version: z.number().int().min(0).optional(),
    uptime_seconds: z.number().int().min(0).optional(),
});
export type HeartbeatInput = z.infer<typeof heartbeatInput>;

export const heartbeatReply = z.object({
    /** the current configuration's ETag: pull GET /device/config when it differs from the one held */
    config_etag: z.string(),
    /** commands waiting at GET /device/commands */
    pending_commands: z.number().int(),
    heartbeat_interval_seconds: z.number().int(),
    server_time: z.string(),
});
export type HeartbeatReply = z.infer<typeof heartbeatReply>;

/** One badge of the access list, with the bits the reader sees on its card input (contract/card-formats.ts encodeCard). */
export const accessListBadge = z.object({
    id: z.number().int(),
    badge_number: z.number().int(),
    facility_code: z.number().int().nullable(),
    card_format_id: z.number().int(),
    card_length: z.number().int(),
    status: z.enum(['active', 'enrollment']),
    enabled: z.boolean(),
    /** first bit sent first, parity included; null when the number does not fit the format */
    bits: z.string().nullable(),
    /** adaptive two-factor: the reader asks for the face and this badge together */
    two_factor: z.boolean(),
});

/**
 * A badge of the account's bio opt-out list: its holder refused biometric
 * enrollment. The reader deletes any face it keeps for this badge, never
 * enrolls one, and reports the badge's passes as BiometricOptOut events.
 */
export const optOutBadge = z.object({
    card_format_id: z.number().int(),
    facility_code: z.number().int().nullable(),
    badge_number: z.number().int(),
    bits: z.string().nullable(),
});
export type OptOutBadge = z.infer<typeof optOutBadge>;

/** A profile that may pass at this reader: it is in one of the reader's access groups, enabled and not expired. */
export const accessListEntry = z.object({
    profile_id: z.number().int(),
    acs_id: z.string().nullable(),
    status: z.string(),
    enabled: z.boolean(),
    expires_at: z.string().nullable(),
    access_group_ids: z.array(z.number().int()),
    badges: z.array(accessListBadge),
});
export type AccessListEntry = z.infer<typeof accessListEntry>;

/** GET /device/config: everything the reader applies, with an ETag; If-None-Match answers 304 when nothing changed. */
export const deviceConfig = z.object({
    etag: z.string(),
    config_version: z.number().int(),
    device: z.object({ id: z.number().int(), hardware_id: z.string(), description: z.string() }),
    account: z.object({ id: z.number().int(), name: z.string() }),
    role: z.enum(DEVICE_ROLES),
    security_level: z.enum(SECURITY_LEVELS),
    led_option: z.enum(LED_OPTIONS),
    communication: z.enum(COMMUNICATION_OPTIONS),
    communication_settings: communicationSettings,
    onvif: z.object({
        managed_by: z.enum(ONVIF_MANAGERS),
        username: z.string().nullable(),
        password: z.string().nullable(),
        user_level: z.enum(ONVIF_USER_LEVELS).nullable(),
    }),
    sip: sipFields.extend({ password: z.string().nullable() }),
    temp_enrollment: z.object({ on: z.boolean(), until: z.string().nullable() }),
    heartbeat_interval_seconds: z.number().int(),
    /** the formats of the badges in the access list, and the Wiegand output format */
    card_formats: z.array(z.object({ id: z.number().int(), key: z.string().nullable(), name: z.string(), bits: z.number().int() })),
    /** schedule_id (docs/decisions.md "Schedules"): the group's members pass only inside that schedule's windows; null: always */
    access_groups: z.array(z.object({ id: z.number().int(), description: z.string(), schedule_id: z.number().int().nullable() })),
    /** the schedules of the reader's groups; the reader decides with contract/schedules.ts insideSchedule, offline */
    schedules: z.array(deviceSchedule),
    access_list: z.array(accessListEntry),
    opt_out: z.array(optOutBadge),
});
export type DeviceConfig = z.infer<typeof deviceConfig>;

export const DEVICE_COMMAND_TYPES = ['reboot', 'upload_logs'] as const;
export type DeviceCommandType = (typeof DEVICE_COMMAND_TYPES)[number];
export const DEVICE_COMMAND_STATUSES = ['queued', 'sent', 'done', 'failed', 'expired'] as const;

export const deviceCommand = z.object({
    id: z.number().int(),
    type: z.enum(DEVICE_COMMAND_TYPES),
    payload: z.record(z.string(), z.unknown()),
    created_at: z.string(),
});
export type DeviceCommand = z.infer<typeof deviceCommand>;

export const commandAckInput = z.object({
    status: z.enum(['done', 'failed']),
    message: z.string().max(1000).optional(),
});

export const LOG_LEVELS = ['debug', 'info', 'warning', 'error'] as const;
export const deviceLogsInput = z.object({
    entries: z
        .array(z.object({ timestamp: z.iso.datetime({ offset: true }), level: z.enum(LOG_LEVELS), message: z.string().max(4000) }))
        .min(1)
        .max(1000),
});
export type DeviceLogsInput = z.infer<typeof deviceLogsInput>;

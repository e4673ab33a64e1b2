import { z } from 'zod';
import { ONVIF_PASSWORD_MIN, ONVIF_USERNAME_MAX, ONVIF_USERNAME_MIN } from './constants';
import { MESSAGES } from './validation';
import {
    DEVICE_STATUSES,
    DEVICE_ROLES,
    SECURITY_LEVELS,
    LED_OPTIONS,
    COMMUNICATION_OPTIONS,
    ONVIF_MANAGERS,
    ONVIF_USER_LEVELS,
    SIP_TRANSPORTS,
    TEMP_ENROLLMENT_MAX_MINUTES,
} from './deviceValues';

/**
 * Devices (readers, "rocks") as the console and the server see them
 * (SPEC 3 Device, 4.6, 5). What a reader itself sends and receives is in
 * contract/device-api.ts.
 */

export const DEVICE_MESSAGES = {
    minimum6: 'Minimum 6 characters',
    maximum15: 'Maximum 15 characters',
    printableAscii: 'Only printable ASCII characters',
    userLevelRequired: 'User level must be picked',
    descriptionMax: 'Maximum 255 characters',
    port: 'Port must be a number from 1 to 65535',
    pollingInterval: 'Polling interval must be a number of seconds from 1 to 3600',
    osdpAddress: 'OSDP address must be a number from 0 to 126',
} as const;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** ONVIF username: printable ASCII, 6 to 15 characters (SPEC 5). */
export const onvifUsername = z
    .string({ error: MESSAGES.required })
    .min(ONVIF_USERNAME_MIN, { error: DEVICE_MESSAGES.minimum6 })
    .max(ONVIF_USERNAME_MAX, { error: DEVICE_MESSAGES.maximum15 })
    .regex(PRINTABLE_ASCII, { error: DEVICE_MESSAGES.printableAscii });

/** ONVIF password: at least 6 printable ASCII characters (SPEC 5). */
export const onvifPassword = z
    .string()
    .min(ONVIF_PASSWORD_MIN, { error: DEVICE_MESSAGES.minimum6 })
    .max(64, { error: MESSAGES.max(64) })
    .regex(PRINTABLE_ASCII, { error: DEVICE_MESSAGES.printableAscii });

/**
 * ONVIF credentials (SPEC 4.6): managed by the platform (it sets username,
 * password and user level on the reader) or by the ONVIF protocol (the
 * platform leaves them alone). A password left empty keeps the stored one.
 */
export const onvifInput = z.discriminatedUnion('managed_by', [
    z.object({ managed_by: z.literal('protocol') }),
    z.object({
        managed_by: z.literal('platform'),
        username: onvifUsername,
        password: z.union([z.literal(''), onvifPassword]).optional(),
        user_level: z.enum(ONVIF_USER_LEVELS, { error: DEVICE_MESSAGES.userLevelRequired }),
    }),
]);
export type OnvifInput = z.infer<typeof onvifInput>;

const sipText = (max: number) =>
    z
        .string({ error: MESSAGES.required })
        .trim()
        .min(1, { error: MESSAGES.required })
        .max(max, { error: MESSAGES.max(max) });

/** SIP line settings: when the line is on, every field is required (SPEC 5). A password left empty keeps the stored one. */
export const sipInput = z.discriminatedUnion('enabled', [
    z.object({ enabled: z.literal(false) }),
    z.object({
        enabled: z.literal(true),
        domain: sipText(255),
        transport: z.enum(SIP_TRANSPORTS, { error: MESSAGES.required }),
        port: z
            .number({ error: MESSAGES.required })
            .int({ error: DEVICE_MESSAGES.port })
            .min(1, { error: DEVICE_MESSAGES.port })
            .max(65535, { error: DEVICE_MESSAGES.port }),
        number: sipText(64),
        call_number: sipText(64),
        polling_interval: z
            .number({ error: MESSAGES.required })
            .int({ error: DEVICE_MESSAGES.pollingInterval })
            .min(1, { error: DEVICE_MESSAGES.pollingInterval })
            .max(3600, { error: DEVICE_MESSAGES.pollingInterval }),
        username: sipText(64),
        display_name: sipText(64),
        password: z
            .string()
            .max(128, { error: MESSAGES.max(128) })
            .optional(),
        extension: sipText(32),
        url: sipText(255),
    }),
]);
export type SipInput = z.infer<typeof sipInput>;

/** Settings of the reader's ACS output: the Wiegand card format it sends, or its OSDP address and speed. */
export const communicationSettings = z.object({
    wiegand_card_format_id: z.number().int().positive().nullish(),
    osdp_address: z
        .number()
        .int({ error: DEVICE_MESSAGES.osdpAddress })
        .min(0, { error: DEVICE_MESSAGES.osdpAddress })
        .max(126, { error: DEVICE_MESSAGES.osdpAddress })
        .nullish(),
    osdp_baud_rate: z.union([z.literal(9600), z.literal(19200), z.literal(38400), z.literal(57600), z.literal(115200)]).nullish(),
});
export type CommunicationSettings = z.infer<typeof communicationSettings>;

/** The Modify Device Parameters form (SPEC 2.2 /devices/:id/edit), body of PUT /devices/{id}. */
export const deviceUpdateInput = z.object({
    description: z.string().trim().max(255, { error: DEVICE_MESSAGES.descriptionMax }),
    role: z.enum(DEVICE_ROLES, { error: MESSAGES.required }),
    security_level: z.enum(SECURITY_LEVELS, { error: MESSAGES.required }),
    led_option: z.enum(LED_OPTIONS, { error: MESSAGES.required }),
    communication: z.enum(COMMUNICATION_OPTIONS, { error: MESSAGES.required }),
    communication_settings: communicationSettings.optional(),
    onvif: onvifInput,
    sip: sipInput,
    access_group_ids: z.array(z.number().int().positive()).max(500).optional(),
});
export type DeviceUpdateInput = z.infer<typeof deviceUpdateInput>;

/** Bulk Device Edit (SPEC 2.2 /devices/bulk/edit): the fields to set on every chosen device; absent fields stay. */
export const deviceBulkEditInput = z.object({
    device_ids: z.array(z.number().int().positive()).min(1, { error: 'Choose at least one device' }).max(10_000),
    changes: z
        .object({
            role: z.enum(DEVICE_ROLES),
            security_level: z.enum(SECURITY_LEVELS),
            led_option: z.enum(LED_OPTIONS),
            communication: z.enum(COMMUNICATION_OPTIONS),
            access_group_ids: z.array(z.number().int().positive()).max(500),
        })
        .partial()
        .refine(c => Object.values(c).some(v => v !== undefined), { error: 'Choose at least one parameter to change' }),
});
export type DeviceBulkEditInput = z.infer<typeof deviceBulkEditInput>;

export const deviceIdsInput = z.object({
    device_ids: z.array(z.number().int().positive()).min(1, { error: 'Choose at least one device' }).max(10_000),
});

/** PUT /devices/bulk/reboot: the reboot command queued for each device. */
export const bulkRebootReply = z.object({
    queued: z.number().int(),
    commands: z.array(z.object({ device_id: z.number().int(), command_id: z.number().int() })),
});
export type BulkRebootReply = z.infer<typeof bulkRebootReply>;

export const tempEnrollmentInput = z.object({
    toggle_on: z.boolean(),
    /** how long it stays on; the reader turns it off by itself afterwards */
    duration_minutes: z.number().int().min(1).max(TEMP_ENROLLMENT_MAX_MINUTES).optional(),
});

export const approveInput = z.object({
    /** move the reader into this account (in the approver's scope) as it is approved; default: where it registered */
    assign_account_id: z.number().int().positive().optional(),
    description: z.string().trim().max(255, { error: DEVICE_MESSAGES.descriptionMax }).optional(),
});

/** SPEC 8.2 'authenticate device': the pairing code the reader shows on its screen proves the administrator stands before it. */
export const authenticateInput = z.object({
    pairing_code: z.string().regex(/^\d{6}$/, { error: 'The pairing code is the 6 digits shown on the reader' }),
});

const onvifRecord = z.object({
    managed_by: z.enum(ONVIF_MANAGERS),
    username: z.string().nullable(),
    user_level: z.enum(ONVIF_USER_LEVELS).nullable(),
    password_set: z.boolean(),
});

/** The SIP line as stored and shown, every field null when unset. */
export const sipFields = z.object({
    enabled: z.boolean(),
    domain: z.string().nullable(),
    transport: z.enum(SIP_TRANSPORTS).nullable(),
    port: z.number().int().nullable(),
    number: z.string().nullable(),
    call_number: z.string().nullable(),
    polling_interval: z.number().int().nullable(),
    username: z.string().nullable(),
    display_name: z.string().nullable(),
    extension: z.string().nullable(),
    url: z.string().nullable(),
});
export type SipFields = z.infer<typeof sipFields>;

/** A device as the API returns it; secrets are never sent, only whether they are set. */
export const deviceRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    account_name: z.string(),
    description: z.string(),
    hardware_id: z.string(),
    status: z.enum(DEVICE_STATUSES),
    /** the reader re-registered with new credentials: an administrator must authenticate it with its pairing code */
    auth_required: z.boolean(),
    board_type: z.string().nullable(),
    /** firmware release the reader runs */
    release: z.string().nullable(),
    ip_address: z.string().nullable(),
    mac_address: z.string().nullable(),
    /** the mode the reader reports it runs in (its role once applied, 'enrollment' during temporary enrollment) */
    device_mode: z.string().nullable(),
    reader_id: z.number().int().nullable(),
    reader: z.object({ id: z.number().int(), description: z.string() }).nullable(),
    role: z.enum(DEVICE_ROLES),
    security_level: z.enum(SECURITY_LEVELS),
    led_option: z.enum(LED_OPTIONS),
    communication: z.enum(COMMUNICATION_OPTIONS),
    communication_settings: communicationSettings,
    onvif: onvifRecord,
    sip: sipFields.extend({ password_set: z.boolean() }),
    access_group_ids: z.array(z.number().int()),
    temp_enrollment: z.object({ on: z.boolean(), until: z.string().nullable() }),
    /** version of the parameters set in the console, and the one the reader last reported applying */
    config_version: z.number().int(),
    applied_config_version: z.number().int().nullable(),
    last_seen_at: z.string().nullable(),
    approved_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
});
export type DeviceRecord = z.infer<typeof deviceRecord>;

/** GET /devices/aggregate/state: how many devices are in each state. */
export const deviceStateAggregate = z.object({
    result: z.array(z.object({ status: z.enum(DEVICE_STATUSES), count: z.number().int() })),
    total: z.number().int(),
});

/** GET /devices/installed_firmware: how many devices run each release. */
export const installedFirmware = z.object({
    result: z.array(z.object({ release: z.string(), board_type: z.string().nullable(), count: z.number().int() })),
});

export * from './deviceValues';

/** GET and PUT /devices/registration_code: the code an installer enters on a reader so that it registers in this account. */
export const registrationCodeReply = z.object({
    account_id: z.number().int(),
    account_name: z.string(),
    code: z.string(),
    url: z.string(),
});

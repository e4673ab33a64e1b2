/**
 * The devices' states and options as plain lists, apart from the zod schemas
 * of contract/devices.ts (which re-exports them): the Devices list and its
 * filters need them, and zod builds much as it loads (docs/performance.md).
 */

/**
 * pending: registered, waiting for approval; online/offline: approved, by
 * heartbeat; rejected: refused in the console, its calls get 401.
 */
export const DEVICE_STATUSES = ['pending', 'online', 'offline', 'rejected'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
/** The states of an approved device. */
export const APPROVED_DEVICE_STATUSES = ['online', 'offline'] as const satisfies readonly DeviceStatus[];

/** SPEC 4.6 device role options, in the order the form offers them. */
export const DEVICE_ROLES = ['demo', 'one-fa', 'one-fa-face-only', 'two-fa', 'enrollment', 'one-fa-testing', 'badge-only'] as const;
export type DeviceRole = (typeof DEVICE_ROLES)[number];
export const DEFAULT_DEVICE_ROLE: DeviceRole = 'one-fa';

/** SPEC 4.6: low-friction, medium (standard, the default), high-security. */
export const SECURITY_LEVELS = ['low-friction', 'medium', 'high-security'] as const;
export type SecurityLevel = (typeof SECURITY_LEVELS)[number];

export const LED_OPTIONS = ['mimic_acs', 'follow_acs', 'no_acs_check'] as const;
export type LedOption = (typeof LED_OPTIONS)[number];

export const COMMUNICATION_OPTIONS = ['disabled', 'wiegand', 'osdp'] as const;
export type CommunicationOption = (typeof COMMUNICATION_OPTIONS)[number];

export const ONVIF_MANAGERS = ['platform', 'protocol'] as const;
export const ONVIF_USER_LEVELS = ['administrator', 'operator', 'user'] as const;
export const SIP_TRANSPORTS = ['udp', 'tcp', 'tls'] as const;

/** Temporary enrollment lasts this long unless the request says otherwise. */
export const TEMP_ENROLLMENT_DEFAULT_MINUTES = 30;
export const TEMP_ENROLLMENT_MAX_MINUTES = 24 * 60;

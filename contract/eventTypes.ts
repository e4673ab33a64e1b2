/** Security event types of SPEC 3, by family. */
export const AUTHENTICATION_EVENTS = [
    '1FABadgeAuthenticated',
    '1FAFaceAuthenticated',
    '1FAProfileComplete',
    '1FAProfileCreate',
    '1FAProfileUpdate',
    '1FABiometricOptOutAuthenticated',
    '2FAAuthenticated',
    '2FAMAuthenticated',
    '2FAMismatch',
    '2FABiometricOptOutAuthenticated',
] as const;
export const CROSSING_AND_ACCESS_EVENTS = [
    'CrossingByKnownUser',
    'CrossingByUnknownUser',
    'SpoofingWithAccess',
    'SpoofingWithoutAccess',
    'TailgatingByKnownUser',
    'TailgatingByUnknownUser',
    'UnauthorizedEntryByKnownUser',
    'UnauthorizedEntryByUnknownUser',
] as const;
export const TAMPER_AND_DEVICE_EVENTS = [
    'TamperedDeviceDetected',
    'TamperedDeviceRestored',
    'TamperedReaderDetected',
    'TamperedReaderRestored',
    'DeviceOffline',
    'DeviceOnline',
] as const;
export const ENROLLMENT_AND_PROFILE_EVENTS = [
    'FullEnrollment',
    'ProfileDeleted',
    'WebEnrollmentCompleted',
    'BiometricOptOutAdded',
    'EnrollmentFailure',
] as const;
/** SPEC 3 SIP outgoing and incoming calls; the keys prefix SPEC's names with the direction. */
export const SIP_EVENTS = [
    'SIPOutgoingInitiated',
    'SIPOutgoingEstablished',
    'SIPOutgoingFailure',
    'SIPOutgoingRemoteHangup',
    'SIPOutgoingLocalHangup',
    'SIPOutgoingContactFailure',
    'SIPIncomingRejected',
    'SIPIncomingReceived',
    'SIPIncomingFailure',
    'SIPIncomingRemoteHangup',
    'SIPIncomingLocalHangup',
] as const;

export const EVENT_TYPES = [
    ...AUTHENTICATION_EVENTS,
    ...CROSSING_AND_ACCESS_EVENTS,
    ...TAMPER_AND_DEVICE_EVENTS,
    ...ENROLLMENT_AND_PROFILE_EVENTS,
    ...SIP_EVENTS,
    'Unsupported',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const isEventType = (value: unknown): value is EventType =>
    typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);

/** The Security Events filter groups of SPEC 2.7, in their order; spoofing only when enabled for the account. */
export const EVENT_GROUPS = [
    'all',
    'authenticated',
    'enrollment',
    'tailgating',
    'crossing',
    'unauthorized',
    'security',
    'profiles',
    'mismatchDetection',
    'device',
    'sip',
    'spoofing',
] as const;
export type EventGroup = (typeof EVENT_GROUPS)[number];

/** Which types each group shows ('all' shows every type, Unsupported included). */
export const EVENT_GROUP_TYPES: Record<Exclude<EventGroup, 'all'>, readonly EventType[]> = {
    authenticated: [
        '1FABadgeAuthenticated',
        '1FAFaceAuthenticated',
        '1FABiometricOptOutAuthenticated',
        '2FAAuthenticated',
        '2FAMAuthenticated',
        '2FABiometricOptOutAuthenticated',
    ],
    enrollment: [
        '1FAProfileComplete',
        '1FAProfileCreate',
        '1FAProfileUpdate',
        'FullEnrollment',
        'WebEnrollmentCompleted',
        'EnrollmentFailure',
    ],
    tailgating: ['TailgatingByKnownUser', 'TailgatingByUnknownUser'],
    crossing: ['CrossingByKnownUser', 'CrossingByUnknownUser'],
    unauthorized: ['UnauthorizedEntryByKnownUser', 'UnauthorizedEntryByUnknownUser'],
    security: ['TamperedDeviceDetected', 'TamperedDeviceRestored', 'TamperedReaderDetected', 'TamperedReaderRestored'],
    profiles: ['ProfileDeleted', 'BiometricOptOutAdded'],
    mismatchDetection: ['2FAMismatch'],
    device: ['DeviceOffline', 'DeviceOnline'],
    sip: SIP_EVENTS,
    spoofing: ['SpoofingWithAccess', 'SpoofingWithoutAccess'],
};

/** The group an event type is shown under (its first group), 'all' for Unsupported. */
export const eventGroupOf = (type: EventType): EventGroup =>
    (Object.entries(EVENT_GROUP_TYPES).find(([, types]) => types.includes(type))?.[0] as EventGroup | undefined) ?? 'all';

/** The groups the filter offers an account (SPEC 2.7: spoofing only when enabled). */
export const visibleEventGroups = (spoofingEnabled: boolean): EventGroup[] => EVENT_GROUPS.filter(g => g !== 'spoofing' || spoofingEnabled);

/** SPEC 2.7: incident events show the profiles' boxes over the image. */
export const INCIDENT_EVENTS: readonly EventType[] = [
    'TailgatingByKnownUser',
    'TailgatingByUnknownUser',
    'CrossingByKnownUser',
    'CrossingByUnknownUser',
    'UnauthorizedEntryByKnownUser',
    'UnauthorizedEntryByUnknownUser',
    'SpoofingWithAccess',
    'SpoofingWithoutAccess',
    'TamperedDeviceDetected',
    'TamperedReaderDetected',
    'EnrollmentFailure',
];
export const isIncident = (type: string) => (INCIDENT_EVENTS as readonly string[]).includes(type);

/** SPEC 2.7 / 8.3: why an event has no image. */
export const IMAGE_REASONS = ['retention', 'full disk'] as const;
export type ImageReason = (typeof IMAGE_REASONS)[number];
export const EVENT_IMAGE_MESSAGES = {
    retention: 'Image not displayed due to retention policy.',
    none: 'No preview available.',
} as const;
/**
 * GET /events/{id}/files/{name} when the stored bytes do not decode as an
 * image: a "no preview" picture (PNG), named so by Content-Disposition and
 * marked by this header, so that a client can tell it from the reader's picture.
 */
export const EVENT_IMAGE_PLACEHOLDER = { fileName: 'no-preview.png', header: 'x-image-placeholder', reason: 'undecodable' } as const;
/** The events export's image column for an event whose image the zip does not hold, though the event has one. */
export const EVENT_EXPORT_IMAGE_NOTES = {
    missing: 'Image file not found',
    undecodable: 'Image does not decode',
} as const;
export const DELETED_LINK_TEXT = { profile: 'Profile deleted', device: 'Device deleted' } as const;

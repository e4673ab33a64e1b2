import { z } from 'zod';

/**
 * The ACS integration of an account (SPEC 3 account settings "ACS
 * integration, including a certificate in PEM format", 7.2; docs/decisions.md "ACS integration"): one
 * access control system per account, read by a connector and synchronised
 * into profiles, badges and access groups. Its password is write-only:
 * replies say whether it is set, never what it is.
 */
export const ACS_PROVIDERS = ['genetec', 'directory'] as const;
export type AcsProvider = (typeof ACS_PROVIDERS)[number];

/** The Security Center Web SDK's default port and path (Genetec's documentation). */
export const GENETEC_DEFAULT_ADDRESS = 'https://security-center:4590/WebSdk';

export const ACS_MESSAGES = {
    genetecAddress: 'Enter the http(s) address of the Security Center Web SDK, e.g. https://security-center:4590/WebSdk',
    directoryAddress: 'Enter the ldap:// or ldaps:// address of the directory',
    refused: 'The ACS refused the user name or password',
    noPrivilege: 'The ACS user may not read cardholders through the Web SDK: grant it the privileges',
    notPem: 'The file is not a PEM certificate',
    privateKey: 'The file is a private key, not a certificate: upload the certificate (BEGIN CERTIFICATE)',
    oneCertificate: 'The file holds more than one certificate: upload the one certificate of the server or of its CA',
    noPassword: 'Enter the password',
    passwordForNewAddress: 'Enter the password again: the stored one is only sent to the saved address',
    // What an ACS answered is never shown (its body, message or status line): these fixed texts say what went wrong.
    notWebSdk: (address: string) => `${address} did not answer as the Security Center Web SDK does: is it the Web SDK address?`,
    requestRefused: 'Security Center refused the request',
    serverError: 'Security Center could not answer the request (a server error)',
    testFailed: 'The connection test failed',
} as const;

export const genetecSettings = z.object({
    username: z.string().trim().min(1).max(200),
    /** the application ID Genetec issues for an SDK integration; sent with the user name */
    application_id: z.string().trim().max(200).default(''),
    /** only cardholders of this cardholder group (its name), else every cardholder */
    cardholder_group: z.string().trim().max(200).optional(),
});

export const directorySettings = z.object({
    /** the account that binds (DN or user@domain) */
    bind_dn: z.string().trim().max(500).default(''),
    base_dn: z.string().trim().max(500).default(''),
    /** LDAP filter of the people to synchronise */
    filter: z.string().trim().max(1000).default('(objectClass=person)'),
    badge_attribute: z.string().trim().max(100).default('employeeNumber'),
    facility_code_attribute: z.string().trim().max(100).default(''),
    group_attribute: z.string().trim().max(100).default('memberOf'),
});

export const acsSecrets = z.object({ password: z.string().max(500).optional() });

const genetecAddress = z
    .string()
    .trim()
    .max(1000)
    .refine(v => /^https?:\/\/[^\s/]+/.test(v) && URL.canParse(v), { error: ACS_MESSAGES.genetecAddress });
const directoryAddress = z
    .string()
    .trim()
    .max(1000)
    .refine(v => /^ldaps?:\/\/[^\s/]+/.test(v) && URL.canParse(v), { error: ACS_MESSAGES.directoryAddress });

/** The connection part of the form, as saved and as tested. */
export const acsConnection = z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('genetec'), address: genetecAddress, settings: genetecSettings, secrets: acsSecrets.optional() }),
    z.object({ provider: z.literal('directory'), address: directoryAddress, settings: directorySettings, secrets: acsSecrets.optional() }),
]);
export type AcsConnection = z.infer<typeof acsConnection>;

const schedule = z.object({
    /** 0: on demand only */
    sync_every_minutes: z.number().int().min(0).max(10080).default(0),
    enabled: z.boolean().default(true),
});

/** PUT /acs-integration/update. */
export const acsIntegrationInput = z.intersection(acsConnection, schedule);
export type AcsIntegrationInput = z.infer<typeof acsIntegrationInput>;

/** POST /acs-integration/test: the unsaved form; a missing password falls back to the stored one. */
export const acsTestInput = acsConnection;

/** Days a profile suspended by the synchronisation (cardholder gone, or its last card deleted) keeps its face before it is deleted. */
export const ACS_SUSPENSION_GRACE_DAYS = 14;

/** What one synchronisation did (POST /acs-integration/sync). */
export const acsSyncReply = z.object({
    counts: z.record(z.string(), z.number().int()),
    status: z.string(),
});

export const acsTestResult = z.union([
    z.object({ ok: z.literal(true), detail: z.string() }),
    z.object({ ok: z.literal(false), error: z.string() }),
]);

export const acsIntegrationRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    provider: z.enum(ACS_PROVIDERS),
    address: z.string(),
    settings: z.record(z.string(), z.unknown()),
    /** the password itself is never returned */
    password_set: z.boolean(),
    sync_every_minutes: z.number().int(),
    enabled: z.boolean(),
    last_sync_at: z.string().nullable(),
    last_sync_status: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
});
export type AcsIntegrationRecord = z.infer<typeof acsIntegrationRecord>;

/**
 * CHUID settings: which part of a PIV / PIV-I / CAC card's Card Holder
 * Unique Identifier (NIST SP 800-73) becomes the badge when the ACS or a
 * reader hands the platform a CHUID rather than a Wiegand number. Its
 * FASC-N (TIG SCEPACS) carries an agency code (4 digits), a system code (4),
 * a credential number (6) and a credential series (1). Badges are numbers
 * (a facility code and a badge number), so:
 * - fasc_n: the system code is the facility code and the credential number
 *   the badge number, as the 75-bit PIV PACS format does;
 * - fasc_n_full: agency, system and credential number together are the
 *   badge number (14 digits), no facility code: unique across agencies.
 * With include_credential_series the series digit follows the number (a
 * reissued card is a new badge). When agency_code / system_code are set,
 * a card of another agency or system is not a badge of this account.
 * The card's UUID (128 bits) is not offered: it does not fit a badge number.
 */
export const CHUID_MODES = ['fasc_n', 'fasc_n_full'] as const;
export const chuidSettings = z.object({
    mode: z.enum(CHUID_MODES).default('fasc_n'),
    /** FASC-N agency code (4 digits); empty: any agency */
    agency_code: z
        .string()
        .regex(/^(\d{4})?$/, { error: 'The agency code is 4 digits' })
        .default(''),
    /** FASC-N system code (4 digits); empty: any system */
    system_code: z
        .string()
        .regex(/^(\d{4})?$/, { error: 'The system code is 4 digits' })
        .default(''),
    /** append the credential series (1 digit) to the credential number, so a reissued card is a new badge */
    include_credential_series: z.boolean().default(false),
});
export type ChuidSettings = z.infer<typeof chuidSettings>;
export const DEFAULT_CHUID: ChuidSettings = { mode: 'fasc_n', agency_code: '', system_code: '', include_credential_series: false };

export const ACS_LOG_LEVELS = ['info', 'warning', 'error'] as const;
export type AcsLogLevel = (typeof ACS_LOG_LEVELS)[number];
/** What an entry is about: the configuration's own writes and the synchronisation's changes. */
export const ACS_LOG_ACTIONS = [
    'test',
    'update',
    'delete',
    'certificate',
    'sync',
    'added',
    'changed',
    'suspended',
    'deleted',
    'badge_added',
    'badge_removed',
    'group_added',
    'group_removed',
    'reactivated',
    'skipped',
] as const;
export type AcsLogAction = (typeof ACS_LOG_ACTIONS)[number];

export const acsLogRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    integration_id: z.number().int().nullable(),
    at: z.string(),
    level: z.enum(ACS_LOG_LEVELS),
    action: z.string(),
    acs_id: z.string().nullable(),
    profile_id: z.number().int().nullable(),
    message: z.string(),
    details: z.unknown().nullable(),
});
export type AcsLogRecord = z.infer<typeof acsLogRecord>;

/** GET /accounts/{id}/cert */
export const accountCertificateRecord = z.object({
    subject: z.string(),
    issuer: z.string(),
    serial: z.string(),
    not_before: z.string(),
    not_after: z.string(),
    fingerprint_sha256: z.string(),
    expired: z.boolean(),
    uploaded_at: z.string(),
    uploaded_by: z.string().nullable(),
});
export type AccountCertificateRecord = z.infer<typeof accountCertificateRecord>;

/** Largest certificate file accepted (a chain of a few certificates is a few kB). */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;

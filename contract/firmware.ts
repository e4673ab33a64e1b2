import { z } from 'zod';
import { DEPLOYMENT_MESSAGES, DEPLOYMENT_NAME_MAX } from './firmwareTexts';
import { MESSAGES } from './validation';

/**
 * Firmware: Mender artifacts (SPEC 3 Firmware, 5, 7.2, 8.3), the public keys
 * that verify their signatures, and deployments that roll them out to
 * readers in phases (SPEC 2.2 /firmware-updates). What a reader itself calls
 * is at the end of this file.
 */

export const ARTIFACT_EXTENSION = '.mender';
/** the multipart field of the upload (SPEC 7.2) */
export const ARTIFACT_FIELD = 'artifact';

/** SPEC 5 and 8.3 texts of the upload. */
export const FIRMWARE_MESSAGES = {
    fileRequired: 'Firmware file is required',
    noFileName: 'The firmware file has no name',
    wrongExtension: 'The file name must end in .mender',
    tooLarge: (bytes: number) => `The firmware file is larger than the ${bytes} bytes allowed`,
    duplicate: 'An artifact with this name and device type already exists',
    inUse: 'This firmware is used by a deployment that has not finished; abort it first.',
} as const;

/** SPEC 5 upload rules on the chosen file, shared by the form and the server. */
export const artifactFileProblem = (fileName: string | undefined | null): string | undefined => {
    if (fileName === undefined || fileName === null) return FIRMWARE_MESSAGES.fileRequired;
    if (!fileName.trim()) return FIRMWARE_MESSAGES.noFileName;
    if (!fileName.toLowerCase().endsWith(ARTIFACT_EXTENSION)) return FIRMWARE_MESSAGES.wrongExtension;
    return undefined;
};

/**
 * verified: signed, and the signature matches a public key of the artifact's
 * account or an account above it; unverified: such keys exist but the
 * signature matches none of them (or there is no signature); null: no key is
 * configured, so nothing can be said beyond "signed".
 */
export const VERIFICATIONS = ['verified', 'unverified'] as const;
export type Verification = (typeof VERIFICATIONS)[number];

export const artifactRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    account_name: z.string(),
    name: z.string(),
    /** bytes of the .mender file */
    size: z.number().int(),
    updated_at: z.string(),
    created_at: z.string(),
    /** the device types it is compatible with (header-info artifact_depends.device_type) */
    compatibility: z.array(z.string()),
    signed: z.boolean(),
    verification: z.enum(VERIFICATIONS).nullable(),
    /** the key that verified it */
    verified_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** rootfs-image, a module's type, or null for a bootstrap artifact */
    payload_type: z.string().nullable(),
    /** artifact_provides of header-info and type-info together */
    provides: z.record(z.string(), z.string()),
    depends: z.record(z.string(), z.unknown()),
    file_name: z.string(),
    /** SHA-256 of the whole file: what a reader checks after downloading it */
    checksum: z.string(),
    description: z.string(),
});
export type ArtifactRecord = z.infer<typeof artifactRecord>;

// ---- signature keys (account settings) ----

export const KEY_ALGORITHMS = ['rsa', 'ecdsa'] as const;
export type KeyAlgorithm = (typeof KEY_ALGORITHMS)[number];

export const FIRMWARE_KEY_MESSAGES = {
    notAKey: 'Paste a PEM public key (-----BEGIN PUBLIC KEY-----)',
    unsupported: 'Only RSA (2048 bits or more) and ECDSA (P-256, P-384, P-521) public keys can verify Mender artifacts',
    duplicate: 'This key is already configured for the account',
} as const;

export const firmwareKeyInput = z.object({
    name: z
        .string({ error: MESSAGES.nameRequired })
        .trim()
        .min(1, { error: MESSAGES.nameRequired })
        .max(100, { error: MESSAGES.max(100) }),
    pem: z
        .string({ error: FIRMWARE_KEY_MESSAGES.notAKey })
        .max(20_000, { error: FIRMWARE_KEY_MESSAGES.notAKey })
        .refine(v => /-----BEGIN (RSA |EC )?PUBLIC KEY-----/.test(v), { error: FIRMWARE_KEY_MESSAGES.notAKey }),
});
export type FirmwareKeyInput = z.infer<typeof firmwareKeyInput>;

export const firmwareKeyRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    account_name: z.string(),
    name: z.string(),
    algorithm: z.enum(KEY_ALGORITHMS),
    /** 'RSA 2048', 'P-256' */
    details: z.string(),
    /** SHA-256 of the key (DER), hex in pairs */
    fingerprint: z.string(),
    /** configured on an account above the one asked about: it applies here too, and is changed there */
    inherited: z.boolean(),
    created_at: z.string(),
});
export type FirmwareKeyRecord = z.infer<typeof firmwareKeyRecord>;

// ---- deployments ----

/**
 * scheduled: its first phase starts later; pending: a phase has started but
 * no reader has begun; in_progress: readers are updating; finished: every
 * reader reached a final state; aborted: stopped by hand.
 */
export const DEPLOYMENT_STATUSES = ['pending', 'scheduled', 'in_progress', 'finished', 'aborted'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

/** The Deployments list's tabs. */
export const DEPLOYMENT_GROUPS = ['active', 'scheduled', 'finished'] as const;
export type DeploymentGroup = (typeof DEPLOYMENT_GROUPS)[number];

/** Where one reader is in a deployment. */
export const DEVICE_DEPLOYMENT_STATUSES = [
    'pending',
    'downloading',
    'installing',
    'rebooting',
    'success',
    'failure',
    'noartifact',
    'already-installed',
    'aborted',
] as const;
export type DeviceDeploymentStatus = (typeof DEVICE_DEPLOYMENT_STATUSES)[number];
/** A reader's part of a deployment not yet at an end. */
export const OPEN_DEVICE_DEPLOYMENT_STATUSES = [
    'pending',
    'downloading',
    'installing',
    'rebooting',
] as const satisfies readonly DeviceDeploymentStatus[];
/** A deployment not yet at an end. */
export const OPEN_DEPLOYMENT_STATUSES = ['pending', 'scheduled', 'in_progress'] as const satisfies readonly DeploymentStatus[];
export const FINAL_DEVICE_STATUSES: readonly DeviceDeploymentStatus[] = [
    'success',
    'failure',
    'noartifact',
    'already-installed',
    'aborted',
];
export const isFinalDeviceStatus = (s: DeviceDeploymentStatus) => FINAL_DEVICE_STATUSES.includes(s);

export const MAX_PHASES = 10;
export const MAX_RETRIES = 10;
export { DEPLOYMENT_MESSAGES, DEPLOYMENT_NAME_MAX } from './firmwareTexts';

/** Letters, numbers and punctuation (ASCII punctuation and symbols included), nothing else: no spaces. */
export const DEPLOYMENT_NAME = /^[\p{L}\p{N}\p{P}!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]+$/u;

export const phaseInput = z.object({
    /** percent of the devices; the last phase takes the rest and gives none */
    share: z
        .number()
        .int({ error: DEPLOYMENT_MESSAGES.share })
        .min(1, { error: DEPLOYMENT_MESSAGES.share })
        .max(99, { error: DEPLOYMENT_MESSAGES.share })
        .nullish(),
    /** when the phase starts; absent or past: at once */
    start_at: z.iso.datetime({ offset: true }).nullish(),
});
export type PhaseInput = z.infer<typeof phaseInput>;

/** Devices chosen by filter instead of one by one: every approved, compatible device that matches, when the deployment is created. */
export const deploymentDeviceFilter = z.object({
    q: z.string().max(200).optional(),
    status: z.enum(['online', 'offline']).optional(),
    board_type: z.string().max(64).optional(),
    release: z.string().max(64).optional(),
});
export type DeploymentDeviceFilter = z.infer<typeof deploymentDeviceFilter>;

/** Schedule an Update (SPEC 2.2 /firmware-updates/new, 5). */
export const deploymentInput = z
    .object({
        name: z
            .string({ error: MESSAGES.nameRequired })
            .min(1, { error: MESSAGES.nameRequired })
            .max(DEPLOYMENT_NAME_MAX, { error: MESSAGES.max(DEPLOYMENT_NAME_MAX) })
            .regex(DEPLOYMENT_NAME, { error: DEPLOYMENT_MESSAGES.name }),
        artifact_id: z
            .number({ error: DEPLOYMENT_MESSAGES.firmwareRequired })
            .int()
            .positive({ error: DEPLOYMENT_MESSAGES.firmwareRequired }),
        device_ids: z.array(z.number().int().positive()).max(100_000).optional(),
        filter: deploymentDeviceFilter.optional(),
        phases: z.array(phaseInput).min(1, { error: DEPLOYMENT_MESSAGES.phasesRequired }).max(MAX_PHASES),
        /** how many times a reader that failed tries again */
        retries: z
            .number({ error: DEPLOYMENT_MESSAGES.retries })
            .int({ error: DEPLOYMENT_MESSAGES.retries })
            .min(0, { error: DEPLOYMENT_MESSAGES.retries })
            .max(MAX_RETRIES, { error: DEPLOYMENT_MESSAGES.retries })
            .default(0),
    })
    .superRefine((d, ctx) => {
        if (d.device_ids?.length && d.filter)
            ctx.addIssue({ code: 'custom', path: ['device_ids'], message: DEPLOYMENT_MESSAGES.oneTarget });
        else if (!d.device_ids?.length && !d.filter)
            ctx.addIssue({ code: 'custom', path: ['device_ids'], message: DEPLOYMENT_MESSAGES.devicesRequired });
        const leading = d.phases.slice(0, -1);
        leading.forEach((p, i) => {
            if (p.share === null || p.share === undefined)
                ctx.addIssue({ code: 'custom', path: ['phases', i, 'share'], message: DEPLOYMENT_MESSAGES.share });
        });
        if (leading.reduce((sum, p) => sum + (p.share ?? 0), 0) >= 100)
            ctx.addIssue({ code: 'custom', path: ['phases'], message: DEPLOYMENT_MESSAGES.shares });
        d.phases.forEach((p, i) => {
            const previous = d.phases[i - 1]?.start_at;
            if (i > 0 && p.start_at && previous && Date.parse(p.start_at) < Date.parse(previous))
                ctx.addIssue({ code: 'custom', path: ['phases', i, 'start_at'], message: DEPLOYMENT_MESSAGES.startOrder });
        });
    });
export type DeploymentInput = z.input<typeof deploymentInput>;

/**
 * How many of `total` devices each phase takes, in order: each phase but the
 * last its share (rounded down, at least one while devices remain), the last
 * the rest.
 */
export const phaseSizes = (total: number, shares: readonly (number | null | undefined)[]): number[] => {
    let left = total;
    return shares.map((share, i) => {
        if (i === shares.length - 1) return left;
        const n = Math.min(left, Math.max(left > 0 ? 1 : 0, Math.floor((total * (share ?? 0)) / 100)));
        left -= n;
        return n;
    });
};

const statusCounts = z.record(z.enum(DEVICE_DEPLOYMENT_STATUSES), z.number().int());
export type StatusCounts = Record<DeviceDeploymentStatus, number>;
export const emptyCounts = (): StatusCounts => Object.fromEntries(DEVICE_DEPLOYMENT_STATUSES.map(s => [s, 0])) as StatusCounts;

export const phaseRecord = z.object({
    number: z.number().int(),
    share: z.number().int().nullable(),
    start_at: z.string(),
    started: z.boolean(),
    device_count: z.number().int(),
    stats: statusCounts,
});

export const deploymentRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    account_name: z.string(),
    name: z.string(),
    artifact_id: z.number().int().nullable(),
    artifact_name: z.string(),
    status: z.enum(DEPLOYMENT_STATUSES),
    retries: z.number().int(),
    filter: deploymentDeviceFilter.nullable(),
    device_count: z.number().int(),
    stats: statusCounts,
    phases: z.array(phaseRecord),
    created_by: z.string().nullable(),
    created_at: z.string(),
    /** when the first phase starts */
    start_at: z.string(),
    finished_at: z.string().nullable(),
});
export type DeploymentRecord = z.infer<typeof deploymentRecord>;

export const deploymentDeviceRecord = z.object({
    /** this reader's entry in the deployment (its log is at /deployments/{id}/logs/{entry id}) */
    id: z.number().int(),
    /** null once the device was deleted */
    device_id: z.number().int().nullable(),
    hardware_id: z.string(),
    description: z.string(),
    board_type: z.string().nullable(),
    phase: z.number().int(),
    status: z.enum(DEVICE_DEPLOYMENT_STATUSES),
    /** failed attempts so far */
    failures: z.number().int(),
    /** why its last attempt failed: the reader's own words, or that it stopped reporting */
    failure_reason: z.string().nullable(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    updated_at: z.string(),
});
export type DeploymentDeviceRecord = z.infer<typeof deploymentDeviceRecord>;

export const DEPLOYMENT_LOG_LEVELS = ['debug', 'info', 'warning', 'error'] as const;
export const deploymentLogLine = z.object({
    timestamp: z.iso.datetime({ offset: true }),
    level: z.enum(DEPLOYMENT_LOG_LEVELS),
    message: z.string().max(2000),
});
export type DeploymentLogLine = z.infer<typeof deploymentLogLine>;

/** A reader the Schedule an Update form may choose: approved and compatible with the firmware. */
export const deploymentCandidate = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    account_name: z.string(),
    description: z.string(),
    hardware_id: z.string(),
    board_type: z.string().nullable(),
    release: z.string().nullable(),
    status: z.string(),
});
export type DeploymentCandidate = z.infer<typeof deploymentCandidate>;

/** For each firmware usable in the account, how many readers a deployment of it may target there. */
export const deploymentCandidateCount = z.object({ artifact_id: z.number().int(), readers: z.number().int() });
export type DeploymentCandidateCount = z.infer<typeof deploymentCandidateCount>;

// ---- what readers call (under /api/v2/device/) ----

/**
 * GET /device/deployments/next (query: artifact_name and device_type the
 * reader runs): 204 when there is nothing to do, else what to install. The
 * download link needs the reader's own credential and works only while the
 * deployment is under way for that reader.
 */
export const deploymentInstructions = z.object({
    id: z.number().int(),
    artifact: z.object({
        id: z.number().int(),
        name: z.string(),
        size: z.number().int(),
        /** SHA-256 of the file, hex */
        checksum: z.string(),
        device_types: z.array(z.string()),
        uri: z.string(),
    }),
    /** 1 for the first try, more when retrying after failures */
    attempt: z.number().int(),
});
export type DeploymentInstructions = z.infer<typeof deploymentInstructions>;

/** The steps a reader reports; success, failure and already-installed are final (a failure may be retried). */
export const REPORTED_STATUSES = ['downloading', 'installing', 'rebooting', 'success', 'failure', 'already-installed'] as const;
export type ReportedStatus = (typeof REPORTED_STATUSES)[number];

export const deploymentStatusInput = z.object({
    status: z.enum(REPORTED_STATUSES),
    log: z.array(deploymentLogLine).max(500).optional(),
});
export type DeploymentStatusInput = z.infer<typeof deploymentStatusInput>;

import { z } from 'zod';
import type { AuditResourceOf } from './featureContract';
import { featureContracts, type RegisteredContract } from './features';

/** An audit log row (GET /audit_logs); filters: resource, entity, action, user_id, date_from, date_to, q. */
export const auditLog = z.object({
    id: z.number().int(),
    timestamp: z.string(),
    account_id: z.number().int().nullable(),
    account_name: z.string().nullable(),
    user_id: z.number().int().nullable(),
    user_name: z.string().nullable(),
    action: z.string(),
    resource: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    /** what people call the thing (a reader's description, a user's name), as it was then; null when unknown */
    target_name: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    ip: z.string().nullable(),
    request_id: z.string().nullable(),
});
export type AuditLog = z.infer<typeof auditLog>;

/** SPEC 2.2: the Backup and Restore screen shows the audit log filtered so. */
export const SYSTEM_AUDIT_FILTER = { resource: 'system', entity: 'System Manager' } as const;

/** What the audit log records about (the server may record nothing else; the console filters by them): these, then the registered features' (contract/features.ts). */
export const CORE_AUDIT_RESOURCES = [
    'accounts',
    'users',
    'system',
    'devices',
    'readers',
    'accessGroups',
    'profiles',
    'cardFormats',
    'artifacts',
    'deployments',
    'events',
    'optOut',
    'adaptive',
    'visitors',
    'apiKeys',
    'acsIntegration',
    'webhooks',
    'schedules',
    'alertRules',
] as const;
export type AuditResource = (typeof CORE_AUDIT_RESOURCES)[number] | AuditResourceOf<RegisteredContract>;
export const AUDIT_RESOURCES: readonly AuditResource[] = [
    ...CORE_AUDIT_RESOURCES,
    ...(featureContracts.flatMap(c => c.auditResources) as AuditResource[]),
];

/** What was done. */
export const AUDIT_ACTIONS = [
    'create',
    'update',
    'delete',
    'login',
    'logout',
    'read',
    'reset_password',
    'reset_password_requested',
    'email_taken',
    'register',
    'approve',
    'reject',
    'make_default',
    'temp_enrollment_on',
    'temp_enrollment_off',
    'authenticate',
    'reboot',
    'bulk_edit',
    'abort',
    'add_devices',
    'remove_device',
    'add_profiles',
    'remove_profile',
    'grant_access',
    'revoke_access',
    'import',
    'expire',
    'consent',
    'backup',
    'restore',
    'revoke',
    'replay',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

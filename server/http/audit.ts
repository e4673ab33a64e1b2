import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditResource } from '../../contract/auditLogs';
import type { Db } from '../db/database';
import { auditLogs } from '../db/schema';
import { auditUserId } from './auth';

const SECRET_KEYS = new Set(['password', 'confirm', 'current_password', 'password_hash', 'tfa_secret', 'tfa_pending_secret']);

/** Copies a record for the audit trail without its secrets. */
const redact = (value: unknown): unknown => {
    if (value === null || value === undefined || typeof value !== 'object') return value ?? null;
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map(redact);
    return Object.fromEntries(
        Object.entries(value)
            .filter(([k]) => !SECRET_KEYS.has(k))
            .map(([k, v]) => [k, redact(v)]),
    );
};

export interface AuditEntry {
    action: AuditAction;
    resource: AuditResource;
    /** what the console shows as the entity: 'User', 'Account', 'System Manager'... */
    entity: string;
    entity_id?: string | number | null;
    /** what people call the thing (docs/decisions.md "Audit entries name the thing"); else taken from after, then before */
    target_name?: string | null;
    account_id: number | null;
    before?: unknown;
    after?: unknown;
    /** who acted, when the request is not signed in yet (sign-in, password reset) */
    actor?: { id: number; name: string };
}

/** The fields a record is called by, first found first: users and accounts have a name, readers and groups a description, profiles an ACS ID. */
const NAME_FIELDS = ['name', 'description', 'acs_id', 'email'] as const;

/** What people call a record, when it is one: its first non-empty name field. */
export const nameOf = (value: unknown): string | null => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    for (const field of NAME_FIELDS) {
        const name = (value as Record<string, unknown>)[field];
        if (typeof name === 'string' && name.trim()) return name.trim().slice(0, 200);
    }
    return null;
};

const auditRow = (request: FastifyRequest | null, entry: AuditEntry) => ({
    action: entry.action,
    resource: entry.resource,
    entity: entry.entity,
    entity_id: entry.entity_id === undefined || entry.entity_id === null ? null : String(entry.entity_id),
    target_name: entry.target_name ?? nameOf(entry.after) ?? nameOf(entry.before),
    account_id: entry.account_id,
    user_id: entry.actor?.id ?? (request?.auth ? auditUserId(request.auth) : null),
    user_name: entry.actor?.name ?? request?.auth?.user.name ?? null,
    before: redact(entry.before) as object | null,
    after: redact(entry.after) as object | null,
    ip: request?.ip ?? null,
    request_id: request?.id ?? null,
});

/** Records who did what, in which account, before and after (every write is recorded). */
export const recordAudit = async (db: Db, request: FastifyRequest | null, entry: AuditEntry) => {
    await db.insert(auditLogs).values(auditRow(request, entry));
};

/** Many entries of one request or job (an import's deletions) in one statement per thousand. */
export const recordAudits = async (db: Db, request: FastifyRequest | null, entries: AuditEntry[]) => {
    for (let i = 0; i < entries.length; i += 1000)
        await db.insert(auditLogs).values(entries.slice(i, i + 1000).map(e => auditRow(request, e)));
};

/** The audit of one resource's routes: `audit(request, 'update', row, before, after)` for a row of an account. */
export const auditTrail =
    (db: Db, resource: AuditResource, entity: string) =>
    (
        request: FastifyRequest,
        action: AuditAction,
        row: { id: number; account_id: number },
        before?: unknown,
        after?: unknown,
        entityName = entity,
    ) =>
        recordAudit(db, request, {
            action,
            resource,
            entity: entityName,
            entity_id: row.id,
            // the row is the thing itself, where before and after may be only what changed ({ device_ids })
            target_name: nameOf(row) ?? nameOf(after) ?? nameOf(before),
            account_id: row.account_id,
            before,
            after,
        });

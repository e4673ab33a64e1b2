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
    account_id: number | null;
    before?: unknown;
    after?: unknown;
    /** who acted, when the request is not signed in yet (sign-in, password reset) */
    actor?: { id: number; name: string };
}

const auditRow = (request: FastifyRequest | null, entry: AuditEntry) => ({
    action: entry.action,
    resource: entry.resource,
    entity: entry.entity,
    entity_id: entry.entity_id === undefined || entry.entity_id === null ? null : String(entry.entity_id),
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
        recordAudit(db, request, { action, resource, entity: entityName, entity_id: row.id, account_id: row.account_id, before, after });

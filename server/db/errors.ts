/**
 * PostgreSQL's error of a failed statement, whichever driver (pg, PGlite)
 * and however Drizzle wraps it (DrizzleQueryError keeps it as `cause`).
 */
const pgError = (error: unknown): { code?: string; constraint?: string } | undefined => {
    for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
        if (typeof (e as { code?: unknown }).code === 'string') return e as { code: string; constraint?: string };
    }
    return undefined;
};

/** A unique index refused the row (23505); `constraint` names the index when the driver says. */
export const uniqueViolation = (error: unknown) =>
    pgError(error)?.code === '23505' ? { constraint: pgError(error)?.constraint } : undefined;

/** A foreign key refused the change (23503): the row is still referenced. */
export const foreignKeyViolation = (error: unknown) => pgError(error)?.code === '23503';

/** Connection-level SQLSTATE classes: 08 connection exception, 57P0x shutdown or starting up, 53300 too many connections. */
const UNAVAILABLE_CODES = /^(08...|57P0[1-4]|53300)$/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What node-postgres says when a connection ends or cannot be had, as messages without a code. */
const UNAVAILABLE_MESSAGE =
    /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/;

/**
 * The database cannot be reached (restart, failover, network): the request may
 * succeed if tried again shortly, unlike a fault of the request or of the code.
 */
export const databaseUnavailable = (error: unknown): boolean => {
    for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
        const { code, message } = e as { code?: unknown; message?: unknown };
        if (typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || UNAVAILABLE_SOCKET.has(code))) return true;
        if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    }
    return false;
};

/**
 * PostgreSQL rolled the transaction back to settle a conflict with another one:
 * it chose it as a deadlock's victim (40P01) or could not serialize it (40001).
 * Nothing of it was written, and it may well pass if run again.
 */
export const transientConflict = (error: unknown) => {
    const code = pgError(error)?.code;
    return code === '40P01' || code === '40001';
};

/**
 * Runs work that is one transaction of its own again when PostgreSQL rolled it
 * back for a conflict (a heartbeat against a restore's ALTER TABLE, two batches
 * of events): run again, it waits its turn behind the other side.
 */
export const runAgainOnConflict = async <T>(work: () => Promise<T>, attempts = 3): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
        try {
            return await work();
        } catch (error) {
            if (!transientConflict(error) || attempt >= attempts) throw error;
        }
    }
};

/**
 * A value PostgreSQL refuses as data (SQLSTATE class 22: a NUL byte in text,
 * a number or date out of range, a malformed value): the request's fault,
 * whichever field let it through the schemas.
 */
export const dataException = (error: unknown) => pgError(error)?.code?.startsWith('22') === true;

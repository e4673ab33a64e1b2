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
export const uniqueViolation = (error: unknown) => (pgError(error)?.code === '23505' ? { constraint: pgError(error)?.constraint } : undefined);

/** A foreign key refused the change (23503): the row is still referenced. */
export const foreignKeyViolation = (error: unknown) => pgError(error)?.code === '23503';

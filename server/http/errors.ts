import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { dataException, databaseUnavailable, transientConflict, uniqueViolation } from '../db/errors';
import { conflict, HttpError } from '../errors';
import { DiskLowError, isDiskFull } from '../storage/diskSpace';
import { objectStoreUnavailable } from '../storage/unavailable';

// Routes import the errors with their handler, from this one module.
export { HttpError, badRequest, validationError, unauthorized, forbidden, notFound, conflict, unprocessable, tooMany } from '../errors';

export const newRequestId = () => randomUUID();

/** How long a client waits before trying again while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** How long a client waits before trying again a request PostgreSQL rolled back for a conflict with another one. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;
/** How long a client waits before trying again a request that found the file store's bucket out of reach. */
export const FILE_STORE_RETRY_AFTER_SECONDS = 5;
/** How long a client (a reader holding its events) waits before trying again while the disk is short. */
export const DISK_LOW_RETRY_AFTER_SECONDS = 60;

/**
 * Failures that pass on their own: the reply says when to try again (Retry-After), which readers and the console
 * honour, where a 500 would read as a fault of the request. The cause goes to the log, not to the client.
 */
const TRANSIENT_FAILURES: {
    matches: (error: unknown) => boolean;
    status: number;
    retryAfterSeconds: number;
    log: string;
    message: string;
}[] = [
    {
        matches: error => error instanceof DiskLowError || isDiskFull(error),
        status: 507,
        retryAfterSeconds: DISK_LOW_RETRY_AFTER_SECONDS,
        log: 'disk space short',
        message: new DiskLowError().message,
    },
    {
        // before the database's: a bucket out of reach fails with the same socket errors
        matches: objectStoreUnavailable,
        status: 503,
        retryAfterSeconds: FILE_STORE_RETRY_AFTER_SECONDS,
        log: 'file store unavailable',
        message: 'The file store cannot be reached just now. Try again in a few seconds.',
    },
    {
        matches: databaseUnavailable,
        status: 503,
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
        log: 'database unavailable',
        message: 'The database is unavailable just now. Try again in a few seconds.',
    },
    {
        // A deadlock's victim, or a transaction that could not be serialized: nothing was written, and the same
        // request passes once the other side is done (a restore, a bulk change).
        matches: transientConflict,
        status: 503,
        retryAfterSeconds: CONFLICT_RETRY_AFTER_SECONDS,
        log: 'transaction rolled back for a conflict',
        message: 'The server is busy with another change just now. Try again in a moment.',
    },
];

/**
 * Every reply carries X-Request-Id, and every error is {error, request_id}
 * (validation adds fields). 5xx replies never carry the cause: it goes to the log.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
        reply.header('X-Request-Id', request.id);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
        const request_id = request.id;
        if (hasZodFastifySchemaValidationErrors(error)) {
            const fields: Record<string, string> = {};
            for (const v of error.validation) {
                const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
                if (!(path in fields)) fields[path] = v.message ?? 'Invalid value';
            }
            return reply.status(400).send({ error: 'Validation error', fields, request_id });
        }
        if (error instanceof HttpError) {
            const body: Record<string, unknown> = { error: error.message, request_id };
            if (error.fields) body.fields = error.fields;
            return reply.status(error.statusCode).send(body);
        }
        if (isResponseSerializationError(error)) {
            request.log.error({ err: error }, 'reply did not match its schema');
            return reply.status(500).send({ error: 'Internal server error', request_id });
        }
        if (dataException(error)) {
            request.log.info({ err: error }, 'value refused by the database');
            return reply.status(400).send({ error: 'Request is not valid.', request_id });
        }
        const transient = TRANSIENT_FAILURES.find(failure => failure.matches(error));
        if (transient) {
            request.log.warn({ err: error }, transient.log);
            return reply
                .status(transient.status)
                .header('Retry-After', String(transient.retryAfterSeconds))
                .send({ error: transient.message, request_id });
        }
        const status = error.statusCode ?? 500;
        if (status >= 500) {
            request.log.error({ err: error }, 'request failed');
            return reply.status(status).send({ error: 'Internal server error', request_id });
        }
        // Fastify's own client errors: bad JSON, body too large, wrong content type, 429...
        const message = status === 400 ? 'Request is not valid.' : error.message;
        return reply.status(status).send({ error: message, request_id });
    });
    // Unknown routes get their {error, request_id} 404 from app.ts, which also serves the console's browser routes.
});

/** A write whose unique index settles a race (two requests at once): its refusal becomes the same 409 as the check before it. */
export const conflictOnDuplicate =
    (text: string) =>
    async <T>(work: () => Promise<T>): Promise<T> => {
        try {
            return await work();
        } catch (e) {
            if (uniqueViolation(e)) throw conflict(text);
            throw e;
        }
    };

/**
 * The errors a request may end with, thrown from any layer (a list's SQL refuses an unknown sort too); the error
 * handler that answers them is http/errors.ts.
 */

/** An error the client caused or may act on; its message is shown to the user. */
export class HttpError extends Error {
    constructor(
        readonly statusCode: number,
        message: string,
        readonly fields?: Record<string, string>,
    ) {
        super(message);
    }
}

export const badRequest = (message = 'Request is not valid.') => new HttpError(400, message);
export const validationError = (fields: Record<string, string>) => new HttpError(400, 'Validation error', fields);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (resource: string) => new HttpError(404, `Resource "${resource}" does not exist`);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooMany = (message: string) => new HttpError(429, message);

const statusOf = (error: object) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * The bucket could not be reached or failed on its side (the SDK's errors carry `$metadata`: a network error has no
 * HTTP status, a server error a 5xx or 429): a failure that passes on its own, answered 503 with Retry-After
 * (server/http/errors.ts), never a fault of the request. Apart from s3.ts, so that the error handler does not load
 * the SDK.
 */
export const objectStoreUnavailable = (error: unknown): boolean => {
    for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
        if (!('$metadata' in e)) continue;
        const status = statusOf(e);
        return status === undefined || status >= 500 || status === 429;
    }
    return false;
};

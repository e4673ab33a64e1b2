import type { FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { API_KEY_MARK, API_KEY_PREFIX_LENGTH } from '../../contract/apiKeys';
import { sha256 } from './tokens';

export const hashApiKey = (key: string) => sha256(key.trim());

/** The shape newApiKey makes: anything else is refused without a database lookup. */
const WELL_FORMED = new RegExp(`^${API_KEY_MARK}[A-Za-z0-9_-]{43}$`);
export const wellFormedApiKey = (key: string) => WELL_FORMED.test(key.trim());

/**
 * A new key: the mark and 256 random bits (base64url). Only its SHA-256 and
 * its first characters are stored; the key itself is in the create reply alone.
 */
export const newApiKey = () => {
    const key = `${API_KEY_MARK}${randomBytes(32).toString('base64url')}`;
    return { key, prefix: key.slice(0, API_KEY_PREFIX_LENGTH), secret_hash: hashApiKey(key) };
};

/** The X-API-Key header of a request, when it sends one (and one only). */
export const apiKeyHeader = (request: FastifyRequest): string | undefined => {
    const value = request.headers['x-api-key'];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
};

import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { DEVICE_AUTH_SCHEME } from '../../contract/device-api';
import type { DeviceStatus } from '../../contract/devices';
import type { Db } from '../db/database';
import { deviceCredentials } from '../resources/devices/queries';
import { unauthorized } from './errors';
import { sha256 } from './tokens';

/** The reader behind a device-API call, as its credential proved. */
export interface DeviceAuth {
    id: number;
    account_id: number;
    hardware_id: string;
    description: string;
    status: DeviceStatus;
    config_version: number;
    access_version: number;
}

declare module 'fastify' {
    interface FastifyRequest {
        device: DeviceAuth | null;
    }
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * `Authorization: Device <device_id>.<key>`: the key issued once the reader
 * was approved. An unknown, rejected or pending reader, or a wrong key, gets
 * 401; a user's token is never accepted here, nor a reader's key elsewhere.
 */
export const authenticateDevice = async (db: Db, request: FastifyRequest): Promise<DeviceAuth> => {
    const [scheme, credential] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== DEVICE_AUTH_SCHEME || !credential) throw unauthorized('Device credential required');
    const match = /^(\d{1,10})\.([A-Za-z0-9_-]{20,200})$/.exec(credential);
    // Device ids are PostgreSQL integers: a larger number names no reader (and the database would refuse it).
    if (!match || Number(match[1]) > 2_147_483_647) throw unauthorized('Invalid device credential');
    const found = await deviceCredentials(db, Number(match[1]));
    if (!found || !found.key_hash || !sameHash(found.key_hash, sha256(match[2]!))) throw unauthorized('Invalid device credential');
    if (found.status === 'rejected' || found.status === 'pending') throw unauthorized('Device is not approved');
    const { key_hash: _key, ...device } = found;
    return device;
};

/** The authenticated reader of a device-API route. */
export const requireDevice = (request: FastifyRequest): DeviceAuth => {
    if (!request.device) throw unauthorized('Device credential required');
    return request.device;
};

import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { DEVICE_AUTH_SCHEME } from '../../contract/device-api';
import type { DeviceStatus } from '../../contract/devices';
import { sql } from 'drizzle-orm';
import { coalesced } from '../db/coalesce';
import { rows, type Db } from '../db/database';
import { unauthorized } from './errors';
import { sha256 } from '../crypto/tokens';

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

declare module 'fastify' {
    interface FastifyRequest {
        /** set instead of `device` on routes that check the key in their own statement (the heartbeat) */
        deviceCredential: DeviceCredential | null;
    }
}

/** Reads the header; a missing or malformed one gets 401 before anything is read from the database. */
export const deviceCredential = (request: FastifyRequest): DeviceCredential => {
    const [scheme, credential] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== DEVICE_AUTH_SCHEME || !credential) throw unauthorized('Device credential required');
    const match = /^(\d{1,10})\.([A-Za-z0-9_-]{20,200})$/.exec(credential);
    // Device ids are PostgreSQL integers: a larger number names no reader (and the database would refuse it).
    if (!match || Number(match[1]) > 2_147_483_647) throw unauthorized('Invalid device credential');
    return { id: Number(match[1]), keyHash: sha256(match[2]!) };
};

/**
 * `Authorization: Device <device_id>.<key>`: the key issued once the reader
 * was approved. An unknown, rejected or pending reader, or a wrong key, gets
 * 401; a user's token is never accepted here, nor a reader's key elsewhere.
 */
export const authenticateDevice = async (db: Db, request: FastifyRequest): Promise<DeviceAuth> => {
    const { id, keyHash } = deviceCredential(request);
    const found = await deviceCredentials(db, id);
    if (!found || !found.key_hash || !sameHash(found.key_hash, keyHash)) throw unauthorized('Invalid device credential');
    if (found.status === 'rejected' || found.status === 'pending') throw unauthorized('Device is not approved');
    const { key_hash: _key, ...device } = found;
    return device;
};

/** The authenticated reader of a device-API route. */
export const requireDevice = (request: FastifyRequest): DeviceAuth => {
    if (!request.device) throw unauthorized('Device credential required');
    return request.device;
};

/** The credential of a route that checks the reader's key in its own statement (`deviceKeyInStatement`). */
export const requireDeviceCredential = (request: FastifyRequest): DeviceCredential => {
    if (!request.deviceCredential) throw unauthorized('Device credential required');
    return request.deviceCredential;
};

export interface DeviceCredential {
    id: number;
    keyHash: string;
}

export interface DeviceCredentialRow {
    id: number;
    account_id: number;
    hardware_id: string;
    description: string;
    status: DeviceStatus;
    key_hash: string | null;
    config_version: number;
    access_version: number;
}

/** What the device-auth hook loads for each call of a reader: one indexed read, shared by the calls that arrive together. */
export const deviceCredentials: (db: Db, id: number) => Promise<DeviceCredentialRow | undefined> = coalesced(async (db, ids: number[]) => {
    const found = await rows<DeviceCredentialRow>(
        db,
        sql`select d.id, d.account_id, d.hardware_id, d.description, d.status, d.key_hash, d.config_version, coalesce(av.version, 1)::int as access_version
            from devices d left join access_versions av on av.account_id = d.account_id where d.id in (${sql.join(
                [...new Set(ids)].map(id => sql`${id}::int`),
                sql`, `,
            )})`,
    );
    const byId = new Map(found.map(r => [r.id, r]));
    return ids.map(id => byId.get(id));
});

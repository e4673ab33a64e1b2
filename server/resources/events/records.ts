import path from 'node:path';
import { eventGroupOf, isEventType, isIncident, type EventRecord } from '../../../contract/events';
import type { EventRow } from './queries';

/** The file name of an event's image in GET /events/{id}/files/{name}: the last part of its storage key. */
export const imageName = (key: string | null) => (key ? path.posix.basename(key) : null);

/** The API's event record (contract/events.ts) of a stored row, given which linked devices and profiles still exist. */
export const toEventRecord = (row: EventRow, existing: { devices: Set<number>; profiles: Map<number, string | null> }): EventRecord => ({
    id: row.id,
    account_id: row.account_id,
    event: row.event,
    group: row.event_group ?? (isEventType(row.event) ? eventGroupOf(row.event) : 'all'),
    incident: isIncident(row.event),
    timestamp: row.timestamp.toISOString(),
    device_id: row.device_id,
    device_description: row.device_description,
    device_mode: row.device_mode,
    device_deleted: row.device_id !== null && !existing.devices.has(row.device_id),
    tailgated: row.tailgated,
    profiles: row.profiles.map(p => ({
        profile_id: p.profile_id ?? null,
        acs_id: typeof p.profile_id === 'number' ? (existing.profiles.get(p.profile_id) ?? null) : null,
        role: p.role ?? null,
        badge_number: p.badge_number ?? null,
        facility_code: p.facility_code ?? null,
        card_locked: p.card_locked ?? null,
        enabled: p.enabled ?? null,
        status: p.status ?? null,
        roi: p.roi ?? null,
        deletion_cause: p.deletion_cause ?? null,
        // A profile the reader named but the account did not hold is stored without its id and with a cause.
        profile_deleted: typeof p.profile_id === 'number' ? !existing.profiles.has(p.profile_id) : !!p.deletion_cause,
    })),
    identity: row.identity ?? null,
    sip_call: row.sip_remote_station ? { remote_station: row.sip_remote_station } : null,
    image: imageName(row.image_key),
    image_reason: row.image_key ? null : row.image_reason,
});

import type { Archiver, ArchiverOptions } from 'archiver';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { EVENT_IMAGE_MESSAGES } from '../../../contract/events';
import { csvStream } from '../../http/csv';
import type { AppContext } from '../../context';
import type { EventQuery, EventScope } from './filters';
import { existingLinks, exportEvents } from './queries';
import { toEventRecord } from './records';

// The installed archiver is 7 (a factory function); @types/archiver describes 8 (classes): load the factory and keep the instance types.
const archiver = createRequire(import.meta.url)('archiver') as (format: 'zip', options?: ArchiverOptions) => Archiver;

/** An export is a download, not a backup: beyond this many events the caller narrows the filter. */
export const EVENTS_EXPORT_MAX = 50_000;

/** SPEC 9 date format in the caller's time zone (minutes west of UTC, as getTimezoneOffset gives). */
export const localTime = (date: Date, offsetMinutes: number) =>
    new Date(date.getTime() - offsetMinutes * 60_000).toISOString().replace('T', ' ').slice(0, 19);

export const EXPORT_COLUMNS = [
    'id',
    'timestamp',
    'timestamp_utc',
    'event',
    'group',
    'incident',
    'account_id',
    'device_id',
    'device_description',
    'device_mode',
    'device_deleted',
    'tailgated',
    'profiles',
    'badge_numbers',
    'identity',
    'sip_remote_station',
    'image',
] as const;

/**
 * The zip of GET /events/export: events.csv (newest first) and, under
 * images/, every image the listed events still have. Rows are read in keyset
 * pages and images added one at a time, so memory stays flat whatever the
 * size; `aborted()` stops the work when the client goes away.
 */
export const eventsZip = (
    ctx: AppContext,
    scope: EventScope,
    query: EventQuery,
    timezoneOffset: number,
    aborted: () => boolean,
): Readable => {
    const archive = archiver('zip', { zlib: { level: 6 } });
    const csv = csvStream({ columns: [...EXPORT_COLUMNS] });
    archive.append(csv, { name: 'events.csv' });
    const images: { name: string; key: string }[] = [];
    void (async () => {
        for await (const page of exportEvents(ctx.db, scope, query, EVENTS_EXPORT_MAX)) {
            if (aborted()) return;
            const existing = await existingLinks(ctx.db, page);
            for (const row of page) {
                const record = toEventRecord(row, existing);
                const imagePath = record.image ? `images/${record.id}-${record.image}` : null;
                if (imagePath) images.push({ name: imagePath, key: row.image_key! });
                const line = {
                    id: record.id,
                    timestamp: localTime(row.timestamp, timezoneOffset),
                    timestamp_utc: record.timestamp,
                    event: record.event,
                    group: record.group,
                    incident: record.incident,
                    account_id: record.account_id,
                    device_id: record.device_id ?? '',
                    device_description: record.device_description ?? '',
                    device_mode: record.device_mode ?? '',
                    device_deleted: record.device_deleted,
                    tailgated: record.tailgated,
                    profiles: record.profiles
                        .map(p =>
                            p.profile_id === null
                                ? p.profile_deleted
                                    ? 'deleted'
                                    : 'unknown'
                                : `${p.profile_id}${p.profile_deleted ? ' (deleted)' : ''}`,
                        )
                        .join(' '),
                    badge_numbers: record.profiles
                        .map(p => p.badge_number)
                        .filter(b => b !== null)
                        .join(' '),
                    identity: record.identity ?? '',
                    sip_remote_station: record.sip_call?.remote_station ?? '',
                    image:
                        imagePath ?? (record.image_reason === 'retention' ? EVENT_IMAGE_MESSAGES.retention : (record.image_reason ?? '')),
                };
                if (!csv.write(line)) await once(csv, 'drain');
            }
        }
        csv.end();
        for (const image of images) {
            if (aborted()) return;
            const data = await ctx.storage.get(image.key);
            // Removed by retention since the row was read: the CSV still names it, the zip simply lacks it.
            if (!data) continue;
            const added = once(archive, 'entry');
            archive.append(data, { name: image.name, store: true });
            await added;
        }
        await archive.finalize();
    })().catch(error => archive.destroy(error as Error));
    return archive;
};

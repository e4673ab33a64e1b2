import type { Archiver, ArchiverOptions } from 'archiver';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EVENT_EXPORT_IMAGE_NOTES, EVENT_IMAGE_MESSAGES, type EventRecord } from '../../../contract/events';
import { csvStream } from '../../http/csv';
import type { AppContext } from '../../context';
import type { EventQuery, EventScope } from './filters';
import { existingLinks, exportEvents } from './queries';
import { readEventImage } from '../../storage/images';
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

/** What events.csv says in the image column: the image's path in the zip, or why the zip holds none. */
const imageCell = async (ctx: AppContext, archive: Archiver, record: EventRecord, key: string | null) => {
    if (!record.image || !key) return record.image_reason === 'retention' ? EVENT_IMAGE_MESSAGES.retention : (record.image_reason ?? '');
    // Read whole (2 MB at most, one at a time) and checked before the row names it: removed by retention since the row was read, or damaged, it is not named.
    const data = await readEventImage(ctx.storage, key, false);
    if (!data) return EVENT_EXPORT_IMAGE_NOTES.missing;
    if (data === 'undecodable') return EVENT_EXPORT_IMAGE_NOTES.undecodable;
    const name = `images/${record.id}-${record.image}`;
    const added = once(archive, 'entry');
    archive.append(data, { name, store: true });
    await added;
    return name;
};

/**
 * The zip of GET /events/export: under images/, every image the listed
 * events still have and that decodes, then events.csv (newest first), whose
 * image column names only what the zip holds. Rows are read in keyset pages,
 * each image added as its row is written and the CSV kept in a temporary
 * file until the images are in (zip entries follow one another), so memory
 * stays flat whatever the size; `aborted()` stops the work when the client
 * goes away.
 */
export const eventsZip = (
    ctx: AppContext,
    scope: EventScope,
    query: EventQuery,
    timezoneOffset: number,
    aborted: () => boolean,
): Readable => {
    const archive = archiver('zip', { zlib: { level: 6 } });
    const csvPath = path.join(os.tmpdir(), `events-export-${randomBytes(6).toString('hex')}.csv`);
    void (async () => {
        const csv = csvStream({ columns: [...EXPORT_COLUMNS] });
        const written = pipeline(csv, createWriteStream(csvPath));
        try {
            for await (const page of exportEvents(ctx.db, scope, query, EVENTS_EXPORT_MAX)) {
                if (aborted()) return;
                const existing = await existingLinks(ctx.db, page);
                for (const row of page) {
                    if (aborted()) return;
                    const record = toEventRecord(row, existing);
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
                        image: await imageCell(ctx, archive, record, row.image_key),
                    };
                    if (!csv.write(line)) await once(csv, 'drain');
                }
            }
            csv.end();
            await written;
            // Unlinked once open: the file goes with the stream, however the download ends.
            const file = await fs.open(csvPath);
            await fs.rm(csvPath);
            archive.append(file.createReadStream(), { name: 'events.csv' });
            await archive.finalize();
        } finally {
            // Cut short (the client went away, a read failed): the temporary file is closed before it is removed.
            csv.destroy();
            await written.catch(() => undefined);
            await fs.rm(csvPath, { force: true });
        }
    })().catch(error => archive.destroy(error as Error));
    return archive;
};

import type { z } from 'zod';
import { eventGroupOf } from '../../../contract/eventTypes';
import { deviceEventInput, type DeviceEventInput, type DeviceEventsReply } from '../../../contract/device-events';
import type { AppContext } from '../../context';
import type { EventProfile } from '../../db/schema';
import { removeImages, type StoredImage } from '../../storage/images';
import { badRequest } from '../../http/errors';
import { ingestionContext, storeEvents, storedDeviceEvents, type EventInsert } from './queries';

/** A reader's clock may run a little ahead; further ahead, the event would sit on top of every list for good. */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;
/** identity is free-form from the reader: bounded so a row stays small. */
export const MAX_IDENTITY_BYTES = 4096;
/** The cause stored on a profile the reader named but its account does not hold (deleted since, or never its own). */
export const UNKNOWN_PROFILE_CAUSE = 'unknown profile';

const deviceEventIdOf = (item: unknown) => {
    const id = item && typeof item === 'object' ? (item as Record<string, unknown>).device_event_id : undefined;
    return typeof id === 'string' ? id.slice(0, 64) : null;
};

/** One clear sentence per refused event: the first problem, with the field it is in. */
const describe = (item: unknown, error: z.ZodError) => {
    const issue = error.issues[0]!;
    const field = issue.path.join('.');
    if (field === 'event' && issue.code === 'invalid_value')
        return `Unknown event type "${String((item as Record<string, unknown>).event)}"`;
    return `${field || 'event'}: ${issue.message}`;
};

/** The platform's metrics (server/metrics): events stored by group (not those sent again), and events refused. */
const countIngested = (ctx: AppContext, refused: number, unique: { input: DeviceEventInput }[] = [], stored?: Map<string, number>) => {
    for (const { input } of unique)
        if (stored?.has(input.device_event_id)) ctx.metrics.eventsIngested.inc({ group: eventGroupOf(input.event) });
    if (refused) ctx.metrics.eventsRefused.inc(refused);
};

/**
 * Stores a batch of a reader's events (POST /device/events). Each event is
 * checked on its own: a malformed one is refused with why and the rest are
 * kept (docs/events.md). The rows go in with one statement after their
 * images are durable, so everything in `accepted` has been committed when
 * the reply leaves. An event is known by its reader, device_event_id and
 * timestamp: sent again, it is acknowledged with its first id.
 */
export const ingestEvents = async (
    ctx: AppContext,
    deviceId: number,
    items: unknown[],
    images: Map<string, StoredImage>,
): Promise<DeviceEventsReply> => {
    const rejected: DeviceEventsReply['rejected'] = [];
    const valid: { index: number; input: DeviceEventInput; image: StoredImage | undefined }[] = [];
    const latest = ctx.now().getTime() + MAX_CLOCK_AHEAD_MS;
    // An image file belongs to one event: deleting that event (or its retention) removes it.
    const claimed = new Set<string>();
    items.forEach((item, index) => {
        const refuse = (error: string) => rejected.push({ index, device_event_id: deviceEventIdOf(item), error });
        const parsed = deviceEventInput.safeParse(item);
        if (!parsed.success) return refuse(describe(item, parsed.error));
        const input = parsed.data;
        if (Date.parse(input.timestamp) > latest) return refuse("timestamp: is in the future; check the reader's clock");
        if (input.identity && Buffer.byteLength(JSON.stringify(input.identity)) > MAX_IDENTITY_BYTES)
            return refuse(`identity: larger than ${MAX_IDENTITY_BYTES} bytes`);
        const image = input.image === undefined ? undefined : images.get(input.image);
        if (input.image !== undefined && !image) return refuse(`image: no image part named "${input.image}"`);
        if (image && 'problem' in image) return refuse(`image: ${image.problem}`);
        if (input.image !== undefined && claimed.has(input.image))
            return refuse(`image: the part "${input.image}" is already another event's image`);
        if (input.image !== undefined) claimed.add(input.image);
        valid.push({ index, input, image });
    });

    // The same event twice in one batch is stored once; the same id with another time in one batch is refused.
    const firstOf = new Map<string, (typeof valid)[number]>();
    const refused = new Map<number, string>();
    for (const v of valid) {
        const first = firstOf.get(v.input.device_event_id);
        if (!first) firstOf.set(v.input.device_event_id, v);
        else if (Date.parse(first.input.timestamp) !== Date.parse(v.input.timestamp))
            refused.set(v.index, 'device_event_id: used twice in this batch with different timestamps');
    }
    const unique = [...firstOf.values()];
    if (!unique.length) {
        countIngested(ctx, rejected.length);
        await removeImages(
            ctx.storage,
            [...images.values()].map(i => ('key' in i ? i.key : null)),
        );
        return { accepted: [], rejected };
    }

    const named = [
        ...new Set(unique.flatMap(v => (v.input.profiles ?? []).map(p => p.profile_id)).filter((id): id is number => id !== null)),
    ];
    const found = await ingestionContext(ctx.db, deviceId, named);
    if (!found) {
        await removeImages(
            ctx.storage,
            [...images.values()].map(i => ('key' in i ? i.key : null)),
        );
        throw badRequest('Unknown reader');
    }
    const { reader, profiles: own } = found;
    const rows: EventInsert[] = unique.map(({ input, image }) => {
        const profiles: EventProfile[] = (input.profiles ?? []).map(p => {
            const known = p.profile_id === null ? undefined : own.get(p.profile_id);
            return {
                profile_id: known ? p.profile_id : null,
                role: p.role ?? null,
                badge_number: p.badge_number ?? null,
                facility_code: p.facility_code ?? null,
                card_locked: p.card_locked ?? null,
                enabled: known?.enabled ?? null,
                status: known?.status ?? null,
                roi: p.roi ?? null,
                deletion_cause: p.profile_id !== null && !known ? UNKNOWN_PROFILE_CAUSE : null,
            };
        });
        return {
            account_id: reader.account_id,
            event: input.event,
            timestamp: new Date(input.timestamp),
            device_id: reader.id,
            device_description: reader.description,
            device_mode: reader.device_mode,
            tailgated: input.tailgated ?? false,
            profiles,
            profile_ids: profiles.map(p => p.profile_id).filter((id): id is number => id !== null),
            badge_numbers: profiles.map(p => p.badge_number).filter((b): b is number => typeof b === 'number'),
            identity: input.identity ?? null,
            sip_remote_station: input.sip_call?.remote_station ?? null,
            image_key: image && 'key' in image ? image.key : null,
            image_reason: image && 'reason' in image ? image.reason : null,
            device_event_id: input.device_event_id,
        };
    });

    let inserted: { id: number; device_event_id: string | null }[];
    try {
        inserted = await storeEvents(ctx.db, rows);
    } catch (error) {
        // Nothing was acknowledged: the images stored for this batch go.
        await removeImages(
            ctx.storage,
            [...images.values()].map(i => ('key' in i ? i.key : null)),
        );
        throw error;
    }
    const newIds = new Map(inserted.map(r => [r.device_event_id!, r.id]));
    // Sent before (or by a retry running at the same time): the first copy's id.
    const again = unique.filter(v => !newIds.has(v.input.device_event_id)).map(v => v.input);
    const earlier = new Map(
        (await storedDeviceEvents(ctx.db, reader.id, again))
            .filter(r => again.some(a => a.device_event_id === r.device_event_id && Date.parse(a.timestamp) === r.timestamp.getTime()))
            .map(r => [r.device_event_id!, r.id]),
    );
    // Images are kept only by the events stored with them: not by refused or resent ones, nor parts no event names.
    const used = new Set(rows.filter(r => newIds.has(r.device_event_id!)).map(r => r.image_key));
    await removeImages(
        ctx.storage,
        [...images.values()].map(i => ('key' in i && !used.has(i.key) ? i.key : null)),
    );

    const accepted: DeviceEventsReply['accepted'] = [];
    for (const v of valid) {
        const error = refused.get(v.index);
        if (error) {
            rejected.push({ index: v.index, device_event_id: v.input.device_event_id, error });
            continue;
        }
        const fresh = firstOf.get(v.input.device_event_id) === v ? newIds.get(v.input.device_event_id) : undefined;
        const id = fresh ?? newIds.get(v.input.device_event_id) ?? earlier.get(v.input.device_event_id);
        if (id === undefined) throw new Error(`event ${v.input.device_event_id} of device ${reader.id} was neither stored nor found`);
        accepted.push({ device_event_id: v.input.device_event_id, id, duplicate: fresh === undefined });
    }
    rejected.sort((a, b) => a.index - b.index);
    countIngested(ctx, rejected.length, unique, newIds);
    return { accepted, rejected };
};

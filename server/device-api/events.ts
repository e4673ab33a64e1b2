import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceEventsReply, MAX_EVENT_IMAGE_BYTES, MAX_EVENTS_PER_BATCH } from '../../contract/device-events';
import type { AppContext } from '../context';
import { requireDevice } from '../http/deviceAuth';
import { badRequest } from '../http/errors';
import { eventImagePackKey, IMAGE_TOO_LARGE, storeImage, type StoredImage } from '../storage/images';
import { ingestEvents } from '../resources/events';
import { byteLengthOf, type FilePack } from '../storage';
import { isDiskFull } from '../storage/diskSpace';
import { deviceErrors, deviceSecurity, deviceTags } from './shared';

/** How many images of one request are written at once: enough to overlap their writes, few enough to bound memory. */
const PARALLEL_WRITES = 8;

const batchSize = z
    .array(z.unknown())
    .min(1, 'Send at least one event')
    .max(MAX_EVENTS_PER_BATCH, `At most ${MAX_EVENTS_PER_BATCH} events per request`);

const parseEvents = (value: unknown): unknown[] => {
    let parsed = value;
    if (typeof value === 'string') {
        try {
            parsed = JSON.parse(value);
        } catch {
            throw badRequest('The events part is not valid JSON');
        }
    }
    const list = Array.isArray(parsed)
        ? parsed
        : parsed && typeof parsed === 'object'
          ? (parsed as { events?: unknown }).events
          : undefined;
    const checked = batchSize.safeParse(list);
    if (!checked.success)
        throw badRequest(Array.isArray(list) ? checked.error.issues[0]!.message : 'The events part must be a JSON array of events');
    return checked.data;
};

/**
 * Makes the request's images durable; when the disk fills at the last moment
 * (a delayed allocation fails at fsync), the events are kept without them,
 * with the reason, as when the disk was full before (SPEC 2.7 'full disk').
 */
const commitImages = async (pack: FilePack, images: Map<string, StoredImage>) => {
    try {
        await pack.commit();
    } catch (error) {
        if (!isDiskFull(error)) throw error;
        await pack.discard();
        for (const [name, stored] of images) if ('key' in stored) images.set(name, { reason: 'full disk' });
    }
};

/**
 * A file part's bytes in the pieces the parser gives, which go to the pack's
 * writev as they are: copying each image into one buffer first was a fifth
 * of the parse's time (docs/performance.md "Image parts not copied").
 */
export const chunksOf = async (file: Readable) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    await finished(file);
    return chunks;
};

/**
 * Reads a multipart batch: the `events` part, and each file part stored as
 * it arrives (a few at a time), so a request holds at most a few images in
 * memory whatever its size. Parts are named by the events' `image` fields.
 */
const readMultipart = async (ctx: AppContext, request: FastifyRequest, reader: { id: number; account_id: number }) => {
    let items: unknown[] | undefined;
    const images = new Map<string, StoredImage>();
    const sizes = new Map<string, number>();
    const writing = new Set<Promise<void>>();
    // The request's images go into one file, made durable by one fsync before the rows and the reply (FileStorage.pack).
    const pack = ctx.storage.pack(eventImagePackKey(reader.account_id, reader.id, ctx.now()));
    // Short of space, events are stored without their images (SPEC 2.7 'full disk') well before writes stop.
    const diskFull = ctx.disk.imagesPaused();
    try {
        for await (const part of request.parts()) {
            if (part.type === 'field') {
                if (part.fieldname !== 'events')
                    throw badRequest(`Unexpected field "${part.fieldname}": send an "events" part and image files`);
                items = parseEvents(part.value);
                continue;
            }
            const data = await chunksOf(part.file);
            if (images.has(part.fieldname)) throw badRequest(`Two image parts are named "${part.fieldname}"`);
            if (part.file.truncated) {
                images.set(part.fieldname, { problem: IMAGE_TOO_LARGE });
                continue;
            }
            const name = part.fieldname;
            sizes.set(name, byteLengthOf(data));
            images.set(name, { problem: 'not stored' });
            const write = storeImage(data, diskFull, (image, kind) => pack.append(image, kind)).then(stored => {
                images.set(name, stored);
            });
            writing.add(write);
            void write.finally(() => writing.delete(write)).catch(() => undefined);
            if (writing.size >= PARALLEL_WRITES) await Promise.race(writing);
        }
        await Promise.all(writing);
        if (!items) throw badRequest('The request has no "events" part');
        await commitImages(pack, images);
        for (const [name, stored] of images) if ('key' in stored) ctx.metrics.eventImageBytesStored.inc(sizes.get(name) ?? 0);
    } catch (error) {
        await Promise.allSettled(writing);
        await pack.discard();
        throw error;
    }
    return { items, images };
};

export const eventRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    await app.register(multipart, {
        throwFileSizeLimit: false,
        limits: {
            fileSize: MAX_EVENT_IMAGE_BYTES,
            files: MAX_EVENTS_PER_BATCH,
            fields: 1,
            parts: MAX_EVENTS_PER_BATCH + 1,
            fieldSize: 1024 * 1024,
        },
    });

    app.post(
        '/events',
        {
            config: { access: 'device' },
            schema: {
                tags: deviceTags,
                security: deviceSecurity,
                summary: 'The reader posts security events, one or a batch, with their images',
                description:
                    `Either JSON {events: [...]} without images, or multipart/form-data with an \`events\` part (the JSON array) and one file part per image, ` +
                    `named by its event's \`image\` field (contract/device-events.ts). At most ${MAX_EVENTS_PER_BATCH} events; images are JPEG or PNG of at most ` +
                    `${MAX_EVENT_IMAGE_BYTES / (1024 * 1024)} MB. Each event is accepted or rejected on its own: a rejected event (with why) does not stop the ` +
                    'others. Everything accepted is stored durably before the reply; an event sent again (same device_event_id and timestamp) is acknowledged ' +
                    'with its first id and duplicate: true.',
                consumes: ['application/json', 'multipart/form-data'],
                body: z.object({ events: z.array(z.unknown()) }).nullish(),
                response: { 200: deviceEventsReply, ...deviceErrors },
            },
        },
        async request => {
            const device = requireDevice(request);
            if (request.isMultipart()) {
                const { items, images } = await readMultipart(ctx, request, device);
                return ingestEvents(ctx, device.id, items, images);
            }
            if (!request.body) throw badRequest('Send {"events": [...]} as JSON, or a multipart form with an "events" part');
            return ingestEvents(ctx, device.id, parseEvents(request.body.events), new Map());
        },
    );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply, idParam } from '../../../contract/api';
import {
    eventAggregateReply,
    eventFilters,
    eventListReply,
    eventRecord,
    EVENT_IMAGE_MESSAGES,
    EVENT_IMAGE_PLACEHOLDER,
    EVENTS_MAX_PAGE_SIZE,
} from '../../../contract/events';
import { DEFAULT_PAGE_SIZE } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { mayActIn, scopeOf } from '../../http/scope';
import { recordAudit } from '../../http/audit';
import { aggregateEvents, parseDimensions } from './aggregate';
import { EVENTS_EXPORT_MAX, eventsZip } from './export';
import { eventsWhere, toEventQuery, type EventScope } from './filters';
import { contentTypeOf, eventThumbnail, noPreviewPicture, readEventImage, removeImages, THUMBNAIL_BOX } from '../../storage/images';
import { liveRoute } from './liveRoute';
import { countUpTo, deleteEvents, existingLinks, findEvent, listEvents } from './queries';
import { imageName, toEventRecord } from './records';
import { attachment, stampedFileName } from '../../http/attachments';
import { csvText } from '../../http/csv';

const tags = ['events'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

const listQuery = z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(EVENTS_MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z.string().max(100).optional(),
    ...eventFilters.shape,
});
const timezoneOffset = z.coerce.number().int().min(-900).max(900).default(0);
const aggregateQuery = z.object({ ...eventFilters.shape, group_by: z.string().max(100), timezone_offset: timezoneOffset });

/** The security events a filter selects: the list, its counts, its exports, and the live feed of new ones. */
export const eventRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    /** Which events a request covers: the current account (account_id) or, with cross_account=true, every account in reach. */
    const eventScope = (request: FastifyRequest): EventScope => scopeOf(request).accounts;

    app.get(
        '/events',
        {
            config: { access: ['events', 'read'], scope: 'list' },
            schema: {
                tags,
                summary:
                    'Security events, newest first (sort=+timestamp for oldest first), with the filters of SPEC 2.7; the count is exact up to 10,000, then an estimate',
                querystring: listQuery,
                response: { 200: eventListReply, ...errors },
            },
        },
        async request => {
            const { page, per_page, sort } = request.query;
            const { result, count, count_is_estimate } = await listEvents(ctx.db, eventScope(request), toEventQuery(request.query), {
                page,
                per_page,
                sort,
            });
            const existing = await existingLinks(ctx.db, result);
            return { result: result.map(r => toEventRecord(r, existing)), count, count_is_estimate };
        },
    );

    app.get(
        '/events/aggregate',
        {
            config: { access: ['statistics', 'read'], scope: 'list' },
            schema: {
                tags,
                summary:
                    "Counts of the filtered events by type, group, day, hour and/or device (group_by=type,day); days and hours in the caller's time zone (timezone_offset, minutes as getTimezoneOffset)",
                querystring: aggregateQuery,
                response: { 200: eventAggregateReply, ...errors },
            },
        },
        async request => {
            const dimensions = parseDimensions(request.query.group_by);
            if (!dimensions) throw badRequest('group_by takes a comma-separated list of type, group, day, hour, device');
            return {
                result: await aggregateEvents(
                    ctx.db,
                    eventScope(request),
                    toEventQuery(request.query),
                    dimensions,
                    request.query.timezone_offset,
                ),
            };
        },
    );

    app.get(
        '/events/aggregate/export',
        {
            config: { access: ['statistics', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: "The Statistics screen's figures as CSV: the same counts as /events/aggregate",
                querystring: aggregateQuery,
                produces: ['text/csv'],
            },
        },
        async (request, reply) => {
            const dimensions = parseDimensions(request.query.group_by);
            if (!dimensions) throw badRequest('group_by takes a comma-separated list of type, group, day, hour, device');
            const result = await aggregateEvents(
                ctx.db,
                eventScope(request),
                toEventQuery(request.query),
                dimensions,
                request.query.timezone_offset,
            );
            const columns = [...dimensions.flatMap(d => (d === 'device' ? ['device_id', 'device_description'] : [d])), 'count'];
            return (
                reply
                    .type('text/csv; charset=utf-8')
                    // Named by what it counts, as several charts download their own: events-statistics-day-type-<time>.csv
                    .header(
                        'Content-Disposition',
                        attachment(stampedFileName(`events-statistics-${dimensions.join('-')}`, 'csv', ctx.now())),
                    )
                    .send(csvText(result, { columns }))
            );
        },
    );

    app.get(
        '/events/export',
        {
            config: { access: ['events', 'export'], scope: 'list' },
            schema: {
                tags,
                summary: `The filtered events as a zip: events.csv and their images (at most ${EVENTS_EXPORT_MAX.toLocaleString('en-US')} events; times in the caller's time zone)`,
                querystring: z.object({ ...eventFilters.shape, timezone_offset: timezoneOffset }),
                produces: ['application/zip'],
            },
        },
        async (request, reply) => {
            const scope = eventScope(request);
            const query = toEventQuery(request.query);
            if ((await countUpTo(ctx.db, eventsWhere(scope, query), EVENTS_EXPORT_MAX + 1)) > EVENTS_EXPORT_MAX) {
                throw badRequest(
                    `An export holds at most ${EVENTS_EXPORT_MAX.toLocaleString('en-US')} events and this filter matches more: narrow the dates, type or reader.`,
                );
            }
            let gone = false;
            request.raw.on('close', () => (gone = true));
            const zip = eventsZip(ctx, scope, query, request.query.timezone_offset, () => gone);
            return reply
                .type('application/zip')
                .header('Content-Disposition', attachment(stampedFileName('events-logs', 'zip', ctx.now())))
                .send(zip);
        },
    );

    await app.register(liveRoute, ctx);
};

/** One security event: its record, its image, deleting it. */
export const eventRecordRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    /** An event the caller may see: another tenant's does not exist for it (404). */
    const visible = async (request: FastifyRequest, id: number) => {
        const found = await findEvent(ctx.db, id);
        if (!found || !mayActIn(requireAuth(request), { id: found.account_id, path: found.account_path })) throw notFound('event');
        return found;
    };

    app.get(
        '/events/:id',
        {
            config: { access: ['events', 'read'], scope: 'row' },
            schema: { tags, summary: 'One security event (Event Details)', params: idParam, response: { 200: eventRecord, ...errors } },
        },
        async request => {
            const found = await visible(request, request.params.id);
            return toEventRecord(found, await existingLinks(ctx.db, [found]));
        },
    );

    app.get(
        '/events/:id/files/:name',
        {
            config: { access: ['events', 'read'], scope: 'row' },
            schema: {
                tags,
                summary:
                    "The image of an event (its record's `image`); with size=thumbnail a JPEG of at most " +
                    `${THUMBNAIL_BOX.width}×${THUMBNAIL_BOX.height} for lists. 404 with why when it is gone (retention, full disk) or was never sent; ` +
                    `stored bytes that do not decode give a "no preview" PNG named ${EVENT_IMAGE_PLACEHOLDER.fileName}, with ` +
                    `${EVENT_IMAGE_PLACEHOLDER.header}: ${EVENT_IMAGE_PLACEHOLDER.reason}`,
                params: z.object({ id: z.coerce.number().int().positive(), name: z.string().max(100) }),
                querystring: z.object({ size: z.enum(['full', 'thumbnail']).default('full') }),
                produces: ['image/jpeg', 'image/png'],
            },
        },
        async (request, reply) => {
            const found = await visible(request, request.params.id);
            const name = imageName(found.image_key);
            if (!name || name !== request.params.name) {
                throw new HttpError(404, found.image_reason === 'retention' ? EVENT_IMAGE_MESSAGES.retention : EVENT_IMAGE_MESSAGES.none);
            }
            const image =
                request.query.size === 'thumbnail'
                    ? await eventThumbnail(ctx.storage, found.image_key!)
                    : await readEventImage(ctx.storage, found.image_key!, true).then(data =>
                          Buffer.isBuffer(data) ? { data, type: contentTypeOf(name) } : data,
                      );
            if (!image) throw new HttpError(404, EVENT_IMAGE_MESSAGES.none);
            // Private: another user of the same browser must not get it from a shared cache; an hour, since retention may remove it.
            reply.header('Cache-Control', 'private, max-age=3600');
            if (image === 'undecodable') {
                return reply
                    .type('image/png')
                    .header(EVENT_IMAGE_PLACEHOLDER.header, EVENT_IMAGE_PLACEHOLDER.reason)
                    .header('Content-Disposition', `inline; filename="${EVENT_IMAGE_PLACEHOLDER.fileName}"`)
                    .send(await noPreviewPicture());
            }
            return reply.type(image.type).header('Content-Disposition', `inline; filename="${name}"`).send(image.data);
        },
    );

    app.delete(
        '/events/:id',
        {
            config: { access: ['events', 'delete'], scope: 'row' },
            schema: { tags, summary: 'Delete a security event and its image', params: idParam, response: { 204: z.null(), ...errors } },
        },
        async (request, reply) => {
            const found = await visible(request, request.params.id);
            const removed = await deleteEvents(ctx.db, { accountId: found.account_id }, [found.id]);
            await removeImages(
                ctx.storage,
                removed.map(r => r.image_key),
            );
            await recordAudit(ctx.db, request, {
                action: 'delete',
                resource: 'events',
                entity: 'Security event',
                entity_id: found.id,
                account_id: found.account_id,
                before: toEventRecord(found, await existingLinks(ctx.db, [found])),
            });
            return reply.status(204).send(null);
        },
    );
};

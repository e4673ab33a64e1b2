import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listReply } from '../../../contract/api';
import { accountTimeZone, expirationTime, nextMidnight, profileInactivityDays } from '../../../contract/cards';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import { PROFILE_STATUSES, profileRecord, profileStatusAggregate, type ProfileRecord } from '../../../contract/profiles';
import type { AppContext } from '../../context';
import { attachment, stampedFileName } from '../../http/attachments';
import { csvStream } from '../../http/csv';
import { idList, listParams } from '../../http/lists';
import { scopeOf } from '../../http/scope';
import { accountOptions } from '../accounts';
import { exclusionCount, listProfiles, profileRows, profileStatusCounts, toProfiles, type ProfileFilters } from './queries';
import { errors, tags } from './routeHelpers';

const filterQuery = {
    status: z.enum(PROFILE_STATUSES).optional(),
    enabled: z.enum(['true', 'false']).optional(),
    acs_id: z.string().max(100).optional(),
    access_group_id: z.coerce.number().int().positive().optional(),
    badge_number: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    card_format_id: z.coerce.number().int().positive().optional(),
    last_activity_from: z.iso.datetime({ offset: true }).optional(),
    last_activity_to: z.iso.datetime({ offset: true }).optional(),
    consent_accepted: z.enum(['true', 'false']).optional(),
    visitor: z.enum(['true', 'false']).optional(),
};
const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

const filtersOf = async (request: FastifyRequest): Promise<ProfileFilters> => {
    const q = request.query as z.infer<z.ZodObject<typeof filterQuery>> & { q?: string; id?: string };
    return {
        scope: scopeOf(request).accounts,
        q: q.q,
        acs_id: q.acs_id,
        status: q.status,
        enabled: flag(q.enabled),
        access_group_id: q.access_group_id,
        badge_number: q.badge_number,
        card_format_id: q.card_format_id,
        last_activity_from: q.last_activity_from,
        last_activity_to: q.last_activity_to,
        consent_accepted: flag(q.consent_accepted),
        visitor: flag(q.visitor),
        ids: idList(q.id),
    };
};

const EXPORT_COLUMNS = [
    'id',
    'acs_id',
    'status',
    'enabled',
    'visitor',
    'badges',
    'access_groups',
    'created_at',
    'last_activity_at',
    'expires_at',
    'consent_accepted_at',
] as const;
/** A profile as a CSV line: badges as 'FC:NUMBER (format)' or 'NUMBER (format)', separated by '; '. */
const exportLine = (p: ProfileRecord): Record<(typeof EXPORT_COLUMNS)[number], unknown> => ({
    id: p.id,
    acs_id: p.acs_id ?? '',
    status: p.status,
    enabled: p.enabled,
    visitor: p.visitor,
    badges: p.badges
        .map(b => `${b.facility_code === null ? '' : `${b.facility_code}:`}${b.badge_number} (${b.card_format_name})`)
        .join('; '),
    access_groups: p.access_groups.map(g => g.description).join('; '),
    created_at: p.created_at,
    last_activity_at: p.last_activity_at ?? '',
    expires_at: p.expires_at ?? '',
    consent_accepted_at: p.consent?.accepted_at ?? '',
});

/**
 * Reading the profiles of the account scope (SPEC 3 Profile, 7.2): the list
 * and its CSV export, the dashboard's counts, and the account's expiration
 * policy. Changes are routes.ts, access and badges accessRoutes.ts, consent
 * consentRoutes.ts.
 */
export const profileListRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/profiles',
        {
            config: { access: ['profiles', 'read'], scope: 'list' },
            schema: {
                tags,
                summary:
                    'Profiles of the current account; q finds an ACS ID containing the text, or the holder of a badge number or FC:NUMBER; the other filters match exactly',
                querystring: z.object({ ...listParams(LIST_MAX_PAGE_SIZE), ...filterQuery }),
                response: { 200: listReply(profileRecord), ...errors },
            },
        },
        async request => {
            const { result, count } = await listProfiles(ctx.db, await filtersOf(request), request.query);
            return { result: await toProfiles(ctx.db, result), count };
        },
    );

    app.get(
        '/profiles/export',
        {
            config: { access: ['profiles', 'export'], scope: 'list' },
            schema: {
                tags,
                summary: 'The profiles of the filter as CSV (the list filters apply), streamed',
                querystring: z.object({ ...listParams(LIST_MAX_PAGE_SIZE), ...filterQuery }),
                produces: ['text/csv'],
            },
        },
        async (request, reply) => {
            const rows = profileRows(ctx.db, await filtersOf(request));
            const csv = csvStream({ columns: [...EXPORT_COLUMNS] });
            Readable.from(
                (async function* () {
                    for await (const page of rows) for (const profile of page) yield exportLine(profile);
                })(),
            ).pipe(csv);
            return reply
                .type('text/csv; charset=utf-8')
                .header('Content-Disposition', attachment(stampedFileName('profiles', 'csv', ctx.now())))
                .send(csv);
        },
    );

    app.get(
        '/profiles/aggregate/status',
        {
            config: { access: ['profiles', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: "The account's profiles by status, with how many are disabled, visitors and consented (the dashboard's tile)",
                response: { 200: profileStatusAggregate, ...errors },
            },
        },
        async request => profileStatusCounts(ctx.db, scopeOf(request).accounts),
    );

    app.get(
        '/profiles/expiration_time',
        {
            config: { access: ['profiles', 'read'], scope: 'account' },
            schema: {
                tags,
                summary:
                    "The account's profile expiration policy: its time zone, days of inactivity before deletion, and when visits made now end",
                response: { 200: expirationTime, ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const options = await accountOptions(ctx.db, account.id);
            const zone = accountTimeZone(options);
            return {
                time_zone: zone,
                inactivity_days: profileInactivityDays(options),
                visitor_expiry: nextMidnight(ctx.now(), zone).toISOString(),
                exclusions: await exclusionCount(ctx.db, account.id),
            };
        },
    );
};

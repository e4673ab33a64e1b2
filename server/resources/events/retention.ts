import { sql } from 'drizzle-orm';
import { retentionDays } from '../../../contract/event-retention';
import type { EventGroup } from '../../../contract/eventTypes';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { accounts } from '../../db/schema';
import type { Job } from '../../jobs/runner';
import { removeImages } from '../../storage/images';
import { dropExpiredEventPartitions, ensureEventPartitions } from './partitions';

/** Rows taken per statement: short transactions, so readers and lists never wait long on the job. */
const SLICE = 1000;
/** At most this many slices per account and run; the next run goes on. */
const MAX_SLICES = 50;

/**
 * Images older than the cutoff lose their file; the event stays, with the
 * reason 'retention'. Rows are taken with SKIP LOCKED, so several instances
 * running the job share the work; files go only after the rows committed.
 */
export const pruneEventImages = async (db: Db, accountId: number, cutoff: Date, limit = SLICE, group?: EventGroup) =>
    (
        await rows<{ image_key: string }>(
            db,
            sql`with doomed as (
                    select id, timestamp, image_key from events
                    where account_id = ${accountId} and timestamp < ${cutoff.toISOString()} and image_key is not null
                      ${group ? sql`and event_group = ${group}` : sql``}
                    order by timestamp limit ${limit} for update skip locked
                )
                update events e set image_key = null, image_reason = 'retention'
                from doomed where e.id = doomed.id and e.timestamp = doomed.timestamp
                returning doomed.image_key`,
        )
    ).map(r => r.image_key);

/** Events older than the cutoff go, with their images. */
export const pruneEvents = async (db: Db, accountId: number, cutoff: Date, limit = SLICE) =>
    (
        await rows<{ image_key: string | null }>(
            db,
            sql`with doomed as (
                    select id, timestamp from events
                    where account_id = ${accountId} and timestamp < ${cutoff.toISOString()}
                    order by timestamp limit ${limit} for update skip locked
                )
                delete from events e using doomed where e.id = doomed.id and e.timestamp = doomed.timestamp
                returning e.image_key`,
        )
    ).map(r => r.image_key);

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** The retention policies of every account (contract/event-retention.ts), applied in slices. */
export const eventRetention: Job = {
    name: 'event-retention',
    everyMs: 10 * 60_000,
    async run(ctx) {
        const now = ctx.now();
        const defaults = { eventImagesDays: ctx.config.eventImagesDefaultDays, eventsDays: ctx.config.eventsDefaultDays };
        const everyAccount = await ctx.db.select({ id: accounts.id, options: accounts.options }).from(accounts);
        // On PostgreSQL, a month older than every account's retention goes whole (its partition dropped) instead of row by row.
        const longest = Math.max(0, ...everyAccount.map(a => retentionDays(a.options, 'eventsDays', defaults)));
        const expired = everyAccount.length ? await dropExpiredEventPartitions(ctx.db, daysBefore(now, longest)) : { imageKeys: [] };
        await removeImages(ctx.storage, expired.imageKeys);
        for (const account of everyAccount) {
            for (const [prune, setting] of [
                [pruneEvents, 'eventsDays'],
                [pruneEventImages, 'eventImagesDays'],
            ] as const) {
                const cutoff = daysBefore(now, retentionDays(account.options, setting, defaults));
                for (let slice = 0; slice < MAX_SLICES; slice++) {
                    const keys = await prune(ctx.db, account.id, cutoff);
                    await removeImages(ctx.storage, keys);
                    if (keys.length < SLICE) break;
                }
            }
        }
    },
};

/**
 * On PostgreSQL, the partitions of this month and the next two exist before
 * events arrive for them (migration 0023); several instances may run it.
 */
export const eventPartitionsAhead: Job = {
    name: 'event-partitions-ahead',
    everyMs: 3600_000,
    atStart: true,
    async run(ctx) {
        await ensureEventPartitions(ctx.db, ctx.now());
    },
};

/**
 * PostgreSQL's autovacuum keeps the table's statistics and visibility map up
 * to date; the embedded database (PGlite) runs none, so its plans would go
 * stale and counts would read every row. This job does it there.
 */
/**
 * PGlite has no autovacuum, so the planner's statistics of events were those
 * of the last hourly run: after a burst the list's estimated count stayed at
 * a fifth of the rows (new timestamps lie past the histogram). Once the table
 * has grown by a tenth since its last ANALYZE, it is analysed again.
 */
export const embeddedEventsStatistics: Job = {
    name: 'events-statistics-embedded',
    everyMs: 60_000,
    async run(ctx) {
        if (ctx.config.databaseUrl) return;
        const [size] = await rows<{ analysed: number; now: number }>(
            ctx.db,
            // Over the table's leaves: events itself on PGlite, its monthly partitions on PostgreSQL (migration 0023).
            sql`select sum(greatest(c.relpages, 0))::int as analysed, (sum(pg_relation_size(c.oid)) / current_setting('block_size')::int)::int as now
                from pg_class c
                where c.oid = 'events'::regclass and c.relkind = 'r' or c.oid in (select relid from pg_partition_tree('events') where isleaf)`,
        );
        if (size && size.now > size.analysed * 1.1 + 8) await ctx.db.execute(sql`analyze events`);
    },
};

export const embeddedEventsMaintenance: Job = {
    name: 'events-maintenance-embedded',
    everyMs: 3600_000,
    async run(ctx) {
        if (ctx.config.databaseUrl) return;
        // The rollups (migration 0018) are updated by every batch: their dead rows go too.
        await ctx.db.execute(sql`vacuum (analyze) events, event_rollups, event_rollups_daily`);
    },
};

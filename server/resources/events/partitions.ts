import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';

/**
 * The monthly partitions of events on PostgreSQL (migration 0023, docs/events.md
 * "Partitioning by time on PostgreSQL"). PGlite keeps one plain table: every
 * function here does nothing there.
 */

/** Months are UTC months: a partition is [first day 00:00 UTC, next month's first day). */
const monthStart = (at: Date, plusMonths = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plusMonths, 1));
export const partitionName = (month: Date) => `events_${month.toISOString().slice(0, 7).replace('-', '_')}`;

/**
 * No partition is made for a month older than this (the longest retention,
 * 3,650 days, and a little): a reader whose clock went back to 1970 must not
 * make hundreds; its rows stay in the default partition until retention.
 */
const MONTHS_KEPT_AT_MOST = 121;

/** Held while partitions are created or dropped: two instances running the job take turns. */
const PARTITIONS_LOCK = 727_014;

export const eventsPartitioned = async (db: Db) =>
    (
        await rows<{ partitioned: boolean }>(
            db,
            sql`select exists (select 1 from pg_partitioned_table where partrelid = to_regclass('public.events')) as partitioned`,
        )
    )[0]!.partitioned;

/** Each partition of events with its range; the default partition has none. */
export const eventPartitions = async (db: Db) =>
    (
        await rows<{ name: string; from_ms: number | null; to_ms: number | null }>(
            db,
            sql`select name, (extract(epoch from (range[1])::timestamptz) * 1000)::float8 as from_ms,
                       (extract(epoch from (range[2])::timestamptz) * 1000)::float8 as to_ms
                from (select c.relname as name, regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\) TO \\(''([^'']+)''\\)') as range
                      from pg_inherits i join pg_class c on c.oid = i.inhrelid
                      where i.inhparent = 'public.events'::regclass) p
                order by from_ms nulls last`,
        )
    ).map(p => ({
        name: p.name,
        from: p.from_ms === null ? undefined : new Date(Number(p.from_ms)),
        to: p.to_ms === null ? undefined : new Date(Number(p.to_ms)),
    }));

/**
 * This month's partition and the next `monthsAhead` exist (and the
 * `monthsBehind` before), so that new events never land in the default
 * partition; a month the default partition holds rows of gets its own
 * partition too, its rows moved there. Idempotent; returns what it created.
 */
export const ensureEventPartitions = async (db: Db, now: Date, monthsAhead = 2, monthsBehind = 0) => {
    if (!(await eventsPartitioned(db))) return [];
    const created: string[] = [];
    await db.transaction(async tx => {
        const q = tx as unknown as Db;
        await tx.execute(sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`);
        const existing = new Set((await eventPartitions(q)).map(p => p.name));
        const months = new Map<string, Date>();
        for (let m = -monthsBehind; m <= monthsAhead; m++) months.set(partitionName(monthStart(now, m)), monthStart(now, m));
        const stranded = await rows<{ month_ms: number }>(
            q,
            sql`select (extract(epoch from date_trunc('month', timestamp, 'UTC')) * 1000)::float8 as month_ms
                from events_default where timestamp >= ${monthStart(now, -MONTHS_KEPT_AT_MOST).toISOString()} group by 1`,
        );
        for (const { month_ms } of stranded) months.set(partitionName(new Date(Number(month_ms))), new Date(Number(month_ms)));
        for (const [name, from] of [...months].sort((a, b) => a[1].getTime() - b[1].getTime())) {
            if (existing.has(name)) continue;
            // DDL takes no parameters: the bounds are written in, ISO dates of our own making.
            const bounds = sql.raw(`from ('${from.toISOString()}') to ('${monthStart(from, 1).toISOString()}')`);
            if (!stranded.some(s => Number(s.month_ms) === from.getTime())) {
                await tx.execute(sql`create table if not exists ${sql.identifier(name)} partition of events for values ${bounds}`);
            } else {
                // Its rows move from the default partition to a table of their own, which then becomes the month's partition
                // (PostgreSQL refuses a partition whose rows the default one holds). The parent's statement triggers do not
                // fire: the live feed and the rollups already have these rows.
                const columns = (
                    await rows<{ name: string }>(
                        q,
                        sql`select attname as name from pg_attribute
                            where attrelid = 'events'::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
                    )
                ).map(c => sql.identifier(c.name));
                const list = sql.join(columns, sql`, `);
                await tx.execute(sql`create table ${sql.identifier(name)} (like events including defaults including generated)`);
                await tx.execute(
                    sql`with moved as (delete from events_default where timestamp >= ${from.toISOString()} and timestamp < ${monthStart(from, 1).toISOString()} returning *)
                        insert into ${sql.identifier(name)} (${list}) select ${list} from moved`,
                );
                await tx.execute(sql`alter table events attach partition ${sql.identifier(name)} for values ${bounds}`);
            }
            created.push(name);
        }
    });
    return created;
};

/**
 * Drops the partitions whose whole month is older than `cutoff` (the longest
 * events retention of any account): their rollup rows go first, since dropping
 * fires no delete trigger (migration 0018), and the image keys they held are
 * returned, for the caller to remove the files once this has committed.
 */
export const dropExpiredEventPartitions = async (db: Db, cutoff: Date) => {
    if (!(await eventsPartitioned(db))) return { dropped: [] as string[], imageKeys: [] as string[] };
    const dropped: string[] = [];
    const imageKeys: string[] = [];
    for (const partition of await eventPartitions(db)) {
        if (!partition.from || !partition.to || partition.to > cutoff) continue;
        const dropping = db.transaction(async tx => {
            await tx.execute(sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`);
            // Dropping a partition locks the whole table: rather than queue every list behind a long one, give up and
            // try again at the next run.
            await tx.execute(sql`set local lock_timeout = '5s'`);
            // Another instance may have dropped it meanwhile.
            const [still] = await rows<{ name: string | null }>(
                tx as unknown as Db,
                sql`select to_regclass(${partition.name})::text as name`,
            );
            if (!still?.name) return undefined;
            const held = await rows<{ image_key: string }>(
                tx as unknown as Db,
                sql`select image_key from ${sql.identifier(partition.name)} where image_key is not null`,
            );
            await tx.execute(
                sql`delete from event_rollups where hour >= ${partition.from!.toISOString()} and hour < ${partition.to!.toISOString()}`,
            );
            await tx.execute(
                sql`delete from event_rollups_daily
                    where day >= (${partition.from!.toISOString()}::timestamptz at time zone 'UTC')::date
                      and day < (${partition.to!.toISOString()}::timestamptz at time zone 'UTC')::date`,
            );
            await tx.execute(sql`drop table ${sql.identifier(partition.name)}`);
            return held.map(k => k.image_key);
        });
        const keys = await dropping.catch((error: { code?: string; cause?: { code?: string } }) => {
            if ((error.cause?.code ?? error.code) === '55P03') return undefined;
            throw error;
        });
        if (!keys) continue;
        dropped.push(partition.name);
        imageKeys.push(...keys);
    }
    return { dropped, imageKeys };
};

import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../db/database';

/**
 * The SQL of backup and restore (docs/decisions.md "Backup and restore"). Rows travel as JSON, one object
 * a row (row_to_json), and come back through json_populate_recordset: the
 * server's own casts, the same on PGlite and PostgreSQL, so a backup of one
 * restores onto the other with every type (timestamps to the microsecond,
 * arrays, jsonb, bytea) intact.
 */

/**
 * The platform's tables, by name; drizzle's own bookkeeping lives in another schema and is not data. The monthly
 * partitions of events on PostgreSQL (migration 0023) are read and written through events itself.
 */
export const dataTables = async (db: Db) =>
    (
        await rows<{ name: string }>(
            db,
            sql`select t.tablename as name from pg_tables t join pg_class c on c.oid = format('public.%I', t.tablename)::regclass
                where t.schemaname = 'public' and not c.relispartition order by t.tablename`,
        )
    ).map(t => t.name);

/**
 * The data tables' size on disk (rows and their TOAST, every partition): a
 * bound on what their rows take in a backup, as gzip'd JSON lines
 * (space.ts; docs/ops.md "Backup and restore" gives the ratio measured).
 */
export const tablesOnDisk = async (db: Db) =>
    Number(
        (
            await rows<{ bytes: string }>(
                db,
                sql`select coalesce(sum(pg_table_size(c.oid)), 0)::text as bytes from pg_class c
                    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`,
            )
        )[0]!.bytes,
    );

/** The columns a restore writes: generated ones (events.event_group) are computed again. */
export const writableColumns = async (db: Db, table: string) =>
    (
        await rows<{ name: string }>(
            db,
            sql`select attname as name from pg_attribute
                where attrelid = ${`public.${table}`}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
                order by attnum`,
        )
    ).map(c => c.name);

/** Timestamps written in UTC for the rest of the transaction: a backup reads the same whatever the session's zone. */
export const utcSession = (tx: Db) => tx.execute(sql`set local timezone = 'UTC'`);

/** A cursor over a table's rows as JSON text, read a page at a time inside the backup's snapshot. */
export const openRowCursor = (tx: Db, table: string) =>
    tx.execute(sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${sql.identifier(table)} t`);
export const fetchRows = async (tx: Db, count: number) =>
    (await rows<{ row: string }>(tx, sql`fetch forward ${sql.raw(String(count))} from backup_rows`)).map(r => r.row);
export const closeRowCursor = (tx: Db) => tx.execute(sql`close backup_rows`);

/** Every sequence of the data (serial ids) with where it stands, so a restore hands out the same next ids. */
export const sequenceStates = async (tx: Db) => {
    const names = await rows<{ name: string }>(
        tx,
        sql`select sequencename as name from pg_sequences where schemaname = 'public' order by 1`,
    );
    const states: { name: string; last_value: string; is_called: boolean }[] = [];
    for (const { name } of names) {
        const [state] = await rows<{ last_value: string; is_called: boolean }>(
            tx,
            sql`select last_value::text, is_called from ${sql.identifier(name)}`,
        );
        states.push({ name, ...state! });
    }
    return states;
};
export const setSequence = (tx: Db, state: { name: string; last_value: string; is_called: boolean }) =>
    tx.execute(sql`select setval(${`public.${state.name}`}::regclass, ${state.last_value}::bigint, ${state.is_called})`);

/**
 * The foreign keys, to drop while the rows go in (in any order) and add back, checked, before the commit. Those
 * of partitions (events' months on PostgreSQL) come with their table's and go with it.
 */
export const foreignKeys = (tx: Db) =>
    rows<{ table: string; name: string; definition: string }>(
        tx,
        sql`select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
            from pg_constraint k join pg_class c on c.oid = k.conrelid
            where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conparentid = 0
            order by c.relname, k.conname`,
    );
export const dropForeignKey = (tx: Db, key: { table: string; name: string }) =>
    tx.execute(sql`alter table ${sql.identifier(key.table)} drop constraint ${sql.identifier(key.name)}`);
export const addForeignKey = (tx: Db, key: { table: string; name: string; definition: string }) =>
    tx.execute(sql`alter table ${sql.identifier(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`);

/**
 * The tables' own triggers (events_notify, which tells live consoles of new
 * events) stay quiet while a restore refills them: restored rows are not news.
 */
export const setUserTriggers = (tx: Db, tables: string[], enabled: boolean) =>
    Promise.all(tables.map(t => tx.execute(sql`alter table ${sql.identifier(t)} ${sql.raw(enabled ? 'enable' : 'disable')} trigger user`)));

/** Empties every data table at once (one statement: no order to respect). */
export const truncateAll = (tx: Db, tables: string[]) =>
    tx.execute(
        sql`truncate table ${sql.join(
            tables.map(t => sql.identifier(t)),
            sql`, `,
        )}`,
    );

/** Inserts rows given as JSON objects, the table's own types applied to each field. */
export const insertRows = (tx: Db, table: string, columns: string[], json: string) => {
    const list = sql.join(
        columns.map(c => sql.identifier(c)),
        sql`, `,
    );
    return tx.execute(
        sql`insert into ${sql.identifier(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
    );
};

/**
 * The event rollups (migration 0018) counted again from the restored events:
 * their triggers were off while the rows went in, and counts taken from the
 * events cannot disagree with them, whatever the archive's rollup part says.
 */
export const rebuildEventRollups = (tx: Db) => tx.execute(sql`select event_rollups_rebuild()`);

/** Every session ends: a restored platform is signed in to afresh. */
export const endAllSessions = (tx: Db) => tx.execute(sql`update sessions set revoked_at = now() where revoked_at is null`);

/** 'pglite' or 'postgres', as the database says of itself. */
export const databaseKind = async (db: Db): Promise<'pglite' | 'postgres'> =>
    (await rows<{ v: string }>(db, sql`select version() as v`))[0]!.v.includes('PGlite') ? 'pglite' : 'postgres';

-- Hand-written (drizzle-kit does not model partitioning; docs/events.md "Partitioning by time on PostgreSQL"):
-- on PostgreSQL, events becomes a table partitioned by month of its timestamp (UTC), so that retention drops whole
-- months instead of deleting millions of rows and a list of recent events reads the recent partitions only.
-- PGlite keeps the plain table: one process, smaller data, and partitions would only add planning time there.
-- Everything the old table had is carried over generically (columns with their defaults and generated expression,
-- the id sequence, constraints, indexes with their names, triggers with their enabled state), so a trigger or an
-- index another migration added before this one is not lost. Triggers are recreated after the copy: the copied
-- rows are not news for the live feed and the rollups (migration 0018) already count them.
DO $$
DECLARE
    first_month timestamptz;
    last_month timestamptz := date_trunc('month', now(), 'UTC') + interval '2 months';
    month timestamptz;
    columns text;
    item record;
    constraint_defs text[] := '{}';
    index_defs text[] := '{}';
    trigger_defs text[] := '{}';
    disabled_triggers text[] := '{}';
    sequence_name text;
    def text;
BEGIN
    IF version() ILIKE '%PGlite%' OR version() ILIKE '%emscripten%' THEN
        RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_partitioned_table WHERE partrelid = 'public.events'::regclass) THEN
        RETURN;
    END IF;
    LOCK TABLE public.events IN ACCESS EXCLUSIVE MODE;

    -- What to recreate on the new table, read before the old one goes.
    FOR item IN SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
                WHERE conrelid = 'public.events'::regclass AND contype IN ('p', 'u', 'f', 'c', 'x')
                ORDER BY contype <> 'p', conname LOOP
        constraint_defs := constraint_defs || format('ALTER TABLE public.events ADD CONSTRAINT %I %s', item.conname, item.def);
    END LOOP;
    FOR item IN SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
                WHERE i.indrelid = 'public.events'::regclass
                  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)
                ORDER BY i.indexrelid LOOP
        index_defs := index_defs || item.def;
    END LOOP;
    FOR item IN SELECT tgname, tgenabled, pg_get_triggerdef(oid) AS def FROM pg_trigger
                WHERE tgrelid = 'public.events'::regclass AND NOT tgisinternal ORDER BY tgname LOOP
        trigger_defs := trigger_defs || item.def;
        IF item.tgenabled = 'D' THEN
            disabled_triggers := disabled_triggers || item.tgname::text;
        END IF;
    END LOOP;

    ALTER TABLE public.events RENAME TO events_unpartitioned;
    CREATE TABLE public.events (LIKE public.events_unpartitioned INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING IDENTITY
        INCLUDING STORAGE INCLUDING COMMENTS) PARTITION BY RANGE ("timestamp");

    -- One partition a month from the oldest event's (or this month) to two months ahead; the default partition takes
    -- what falls outside (a reader's backlog older than the first month); the partitions job keeps months ahead.
    -- At most ten years back (the longest retention, contract/event-retention.ts): a reader whose clock reset to 1970
    -- must not make 600 partitions; such rows stay in the default one until retention removes them.
    SELECT greatest(coalesce(date_trunc('month', min("timestamp"), 'UTC'), date_trunc('month', now(), 'UTC')),
                    date_trunc('month', now(), 'UTC') - interval '121 months') INTO first_month
    FROM public.events_unpartitioned;
    month := first_month;
    WHILE month <= last_month LOOP
        EXECUTE format('CREATE TABLE public.%I PARTITION OF public.events FOR VALUES FROM (%L) TO (%L)',
            'events_' || to_char(month AT TIME ZONE 'UTC', 'YYYY_MM'), month, month + interval '1 month');
        month := month + interval '1 month';
    END LOOP;
    CREATE TABLE public.events_default PARTITION OF public.events DEFAULT;

    -- The copy, before any index or trigger: one pass, indexes built once afterwards.
    SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO columns FROM pg_attribute
    WHERE attrelid = 'public.events_unpartitioned'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '';
    EXECUTE format('INSERT INTO public.events (%s) SELECT %s FROM public.events_unpartitioned', columns, columns);

    -- The serial ids go on from where they were: their sequences now belong to the new table.
    FOR item IN SELECT attname FROM pg_attribute
                WHERE attrelid = 'public.events_unpartitioned'::regclass AND attnum > 0 AND NOT attisdropped LOOP
        sequence_name := pg_get_serial_sequence('public.events_unpartitioned', item.attname);
        IF sequence_name IS NOT NULL THEN
            EXECUTE format('ALTER SEQUENCE %s OWNED BY public.events.%I', sequence_name, item.attname);
        END IF;
    END LOOP;
    DROP TABLE public.events_unpartitioned;

    FOREACH def IN ARRAY constraint_defs LOOP
        EXECUTE def;
    END LOOP;
    -- Created on the parent, each index is built on every partition and named as before on the parent.
    FOREACH def IN ARRAY index_defs LOOP
        EXECUTE regexp_replace(def, ' ON (ONLY )?(public\.)?events_unpartitioned ', ' ON public.events ');
    END LOOP;
    FOREACH def IN ARRAY trigger_defs LOOP
        EXECUTE regexp_replace(def, ' ON (public\.)?events_unpartitioned ', ' ON public.events ');
    END LOOP;
    FOREACH def IN ARRAY disabled_triggers LOOP
        EXECUTE format('ALTER TABLE public.events DISABLE TRIGGER %I', def);
    END LOOP;
    ANALYZE public.events;
END $$;

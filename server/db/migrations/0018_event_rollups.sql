CREATE TABLE "event_rollups" (
	"account_id" integer NOT NULL,
	"event" varchar(64) NOT NULL,
	"event_group" varchar(32) GENERATED ALWAYS AS (case "event" when '1FABadgeAuthenticated' then 'authenticated' when '1FAFaceAuthenticated' then 'authenticated' when '1FABiometricOptOutAuthenticated' then 'authenticated' when '2FAAuthenticated' then 'authenticated' when '2FAMAuthenticated' then 'authenticated' when '2FABiometricOptOutAuthenticated' then 'authenticated' when '1FAProfileComplete' then 'enrollment' when '1FAProfileCreate' then 'enrollment' when '1FAProfileUpdate' then 'enrollment' when 'FullEnrollment' then 'enrollment' when 'WebEnrollmentCompleted' then 'enrollment' when 'EnrollmentFailure' then 'enrollment' when 'TailgatingByKnownUser' then 'tailgating' when 'TailgatingByUnknownUser' then 'tailgating' when 'CrossingByKnownUser' then 'crossing' when 'CrossingByUnknownUser' then 'crossing' when 'UnauthorizedEntryByKnownUser' then 'unauthorized' when 'UnauthorizedEntryByUnknownUser' then 'unauthorized' when 'TamperedDeviceDetected' then 'security' when 'TamperedDeviceRestored' then 'security' when 'TamperedReaderDetected' then 'security' when 'TamperedReaderRestored' then 'security' when 'ProfileDeleted' then 'profiles' when 'BiometricOptOutAdded' then 'profiles' when '2FAMismatch' then 'mismatchDetection' when 'DeviceOffline' then 'device' when 'DeviceOnline' then 'device' when 'SIPOutgoingInitiated' then 'sip' when 'SIPOutgoingEstablished' then 'sip' when 'SIPOutgoingFailure' then 'sip' when 'SIPOutgoingRemoteHangup' then 'sip' when 'SIPOutgoingLocalHangup' then 'sip' when 'SIPOutgoingContactFailure' then 'sip' when 'SIPIncomingRejected' then 'sip' when 'SIPIncomingReceived' then 'sip' when 'SIPIncomingFailure' then 'sip' when 'SIPIncomingRemoteHangup' then 'sip' when 'SIPIncomingLocalHangup' then 'sip' when 'SpoofingWithAccess' then 'spoofing' when 'SpoofingWithoutAccess' then 'spoofing' else 'all' end) STORED,
	"hour" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "event_rollups_pkey" PRIMARY KEY("account_id","hour","event")
);
--> statement-breakpoint
CREATE TABLE "event_rollups_daily" (
	"account_id" integer NOT NULL,
	"event" varchar(64) NOT NULL,
	"event_group" varchar(32) GENERATED ALWAYS AS (case "event" when '1FABadgeAuthenticated' then 'authenticated' when '1FAFaceAuthenticated' then 'authenticated' when '1FABiometricOptOutAuthenticated' then 'authenticated' when '2FAAuthenticated' then 'authenticated' when '2FAMAuthenticated' then 'authenticated' when '2FABiometricOptOutAuthenticated' then 'authenticated' when '1FAProfileComplete' then 'enrollment' when '1FAProfileCreate' then 'enrollment' when '1FAProfileUpdate' then 'enrollment' when 'FullEnrollment' then 'enrollment' when 'WebEnrollmentCompleted' then 'enrollment' when 'EnrollmentFailure' then 'enrollment' when 'TailgatingByKnownUser' then 'tailgating' when 'TailgatingByUnknownUser' then 'tailgating' when 'CrossingByKnownUser' then 'crossing' when 'CrossingByUnknownUser' then 'crossing' when 'UnauthorizedEntryByKnownUser' then 'unauthorized' when 'UnauthorizedEntryByUnknownUser' then 'unauthorized' when 'TamperedDeviceDetected' then 'security' when 'TamperedDeviceRestored' then 'security' when 'TamperedReaderDetected' then 'security' when 'TamperedReaderRestored' then 'security' when 'ProfileDeleted' then 'profiles' when 'BiometricOptOutAdded' then 'profiles' when '2FAMismatch' then 'mismatchDetection' when 'DeviceOffline' then 'device' when 'DeviceOnline' then 'device' when 'SIPOutgoingInitiated' then 'sip' when 'SIPOutgoingEstablished' then 'sip' when 'SIPOutgoingFailure' then 'sip' when 'SIPOutgoingRemoteHangup' then 'sip' when 'SIPOutgoingLocalHangup' then 'sip' when 'SIPOutgoingContactFailure' then 'sip' when 'SIPIncomingRejected' then 'sip' when 'SIPIncomingReceived' then 'sip' when 'SIPIncomingFailure' then 'sip' when 'SIPIncomingRemoteHangup' then 'sip' when 'SIPIncomingLocalHangup' then 'sip' when 'SpoofingWithAccess' then 'spoofing' when 'SpoofingWithoutAccess' then 'spoofing' else 'all' end) STORED,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "event_rollups_daily_pkey" PRIMARY KEY("account_id","day","event")
);
--> statement-breakpoint
ALTER TABLE "event_rollups" ADD CONSTRAINT "event_rollups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rollups_daily" ADD CONSTRAINT "event_rollups_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): the rollups follow every change to events, whoever makes it
-- (ingestion, the readers' state events, retention, deletes, an account's cascade, a restore's rebuild).
-- Statement-level with transition tables: one upsert per statement and key, not one per row; an insert that skipped
-- resent events (ON CONFLICT DO NOTHING) has only the stored ones in new_events. Rows are taken in the order of their
-- key, so two batches of the same account wait for each other instead of deadlocking.
CREATE FUNCTION "event_rollups_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO event_rollups AS r (account_id, event, hour, count)
    SELECT account_id, event, date_trunc('hour', "timestamp", 'UTC'), count(*) FROM new_events
    GROUP BY 1, 3, 2 ORDER BY 1, 3, 2
    ON CONFLICT (account_id, hour, event) DO UPDATE SET count = r.count + excluded.count;
    INSERT INTO event_rollups_daily AS r (account_id, event, day, count)
    SELECT account_id, event, ("timestamp" AT TIME ZONE 'UTC')::date, count(*) FROM new_events
    GROUP BY 1, 3, 2 ORDER BY 1, 3, 2
    ON CONFLICT (account_id, day, event) DO UPDATE SET count = r.count + excluded.count;
    RETURN NULL;
END $$;--> statement-breakpoint
-- A delete takes its counts away; a row reaching zero goes. Never an insert of a negative count: when an account
-- goes, its rollups may have gone before its events (both cascade), and then there is nothing left to take from.
-- The rows are locked in key order first (the CTE), then deleted or decremented.
CREATE FUNCTION "event_rollups_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    WITH gone AS (SELECT account_id, event, date_trunc('hour', "timestamp", 'UTC') AS hour, count(*)::int AS n FROM old_events GROUP BY 1, 2, 3),
    locked AS (
        SELECT r.account_id, r.hour, r.event, r.count, g.n FROM event_rollups r JOIN gone g USING (account_id, hour, event)
        ORDER BY r.account_id, r.hour, r.event FOR UPDATE OF r
    )
    DELETE FROM event_rollups r USING locked l WHERE r.account_id = l.account_id AND r.hour = l.hour AND r.event = l.event AND l.count <= l.n;
    WITH gone AS (SELECT account_id, event, date_trunc('hour', "timestamp", 'UTC') AS hour, count(*)::int AS n FROM old_events GROUP BY 1, 2, 3)
    UPDATE event_rollups r SET count = r.count - g.n FROM gone g WHERE r.account_id = g.account_id AND r.hour = g.hour AND r.event = g.event;
    WITH gone AS (SELECT account_id, event, ("timestamp" AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM old_events GROUP BY 1, 2, 3),
    locked AS (
        SELECT r.account_id, r.day, r.event, r.count, g.n FROM event_rollups_daily r JOIN gone g USING (account_id, day, event)
        ORDER BY r.account_id, r.day, r.event FOR UPDATE OF r
    )
    DELETE FROM event_rollups_daily r USING locked l WHERE r.account_id = l.account_id AND r.day = l.day AND r.event = l.event AND l.count <= l.n;
    WITH gone AS (SELECT account_id, event, ("timestamp" AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM old_events GROUP BY 1, 2, 3)
    UPDATE event_rollups_daily r SET count = r.count - g.n FROM gone g WHERE r.account_id = g.account_id AND r.day = g.day AND r.event = g.event;
    RETURN NULL;
END $$;--> statement-breakpoint
-- Nothing updates an event's account, type or time today (images are cleared, that is all: the check below is all
-- such an update costs); should something do, the statement's rows are taken away as they were and added as they are.
CREATE FUNCTION "event_rollups_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (
        SELECT 1 FROM old_events o JOIN new_events n USING (id)
        WHERE (o.account_id, o.event, o."timestamp") IS DISTINCT FROM (n.account_id, n.event, n."timestamp")
    ) THEN
        RETURN NULL;
    END IF;
    WITH gone AS (SELECT account_id, event, date_trunc('hour', "timestamp", 'UTC') AS hour, count(*)::int AS n FROM old_events GROUP BY 1, 2, 3),
    locked AS (
        SELECT r.account_id, r.hour, r.event, r.count, g.n FROM event_rollups r JOIN gone g USING (account_id, hour, event)
        ORDER BY r.account_id, r.hour, r.event FOR UPDATE OF r
    )
    DELETE FROM event_rollups r USING locked l WHERE r.account_id = l.account_id AND r.hour = l.hour AND r.event = l.event AND l.count <= l.n;
    WITH gone AS (SELECT account_id, event, date_trunc('hour', "timestamp", 'UTC') AS hour, count(*)::int AS n FROM old_events GROUP BY 1, 2, 3)
    UPDATE event_rollups r SET count = r.count - g.n FROM gone g WHERE r.account_id = g.account_id AND r.hour = g.hour AND r.event = g.event;
    WITH gone AS (SELECT account_id, event, ("timestamp" AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM old_events GROUP BY 1, 2, 3),
    locked AS (
        SELECT r.account_id, r.day, r.event, r.count, g.n FROM event_rollups_daily r JOIN gone g USING (account_id, day, event)
        ORDER BY r.account_id, r.day, r.event FOR UPDATE OF r
    )
    DELETE FROM event_rollups_daily r USING locked l WHERE r.account_id = l.account_id AND r.day = l.day AND r.event = l.event AND l.count <= l.n;
    WITH gone AS (SELECT account_id, event, ("timestamp" AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM old_events GROUP BY 1, 2, 3)
    UPDATE event_rollups_daily r SET count = r.count - g.n FROM gone g WHERE r.account_id = g.account_id AND r.day = g.day AND r.event = g.event;
    INSERT INTO event_rollups AS r (account_id, event, hour, count)
    SELECT account_id, event, date_trunc('hour', "timestamp", 'UTC'), count(*) FROM new_events
    GROUP BY 1, 3, 2 ORDER BY 1, 3, 2
    ON CONFLICT (account_id, hour, event) DO UPDATE SET count = r.count + excluded.count;
    INSERT INTO event_rollups_daily AS r (account_id, event, day, count)
    SELECT account_id, event, ("timestamp" AT TIME ZONE 'UTC')::date, count(*) FROM new_events
    GROUP BY 1, 3, 2 ORDER BY 1, 3, 2
    ON CONFLICT (account_id, day, event) DO UPDATE SET count = r.count + excluded.count;
    RETURN NULL;
END $$;--> statement-breakpoint
-- Counts again from the events: existing databases (below), and a restore, which refills the tables with triggers off.
CREATE FUNCTION "event_rollups_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM event_rollups;
    DELETE FROM event_rollups_daily;
    INSERT INTO event_rollups (account_id, event, hour, count)
    SELECT account_id, event, date_trunc('hour', "timestamp", 'UTC'), count(*) FROM events GROUP BY 1, 3, 2;
    INSERT INTO event_rollups_daily (account_id, event, day, count)
    SELECT account_id, event, ("timestamp" AT TIME ZONE 'UTC')::date, count(*) FROM events GROUP BY 1, 3, 2;
END $$;--> statement-breakpoint
CREATE FUNCTION "event_rollups_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE event_rollups, event_rollups_daily;
    RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_rollups_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "event_rollups_insert"();--> statement-breakpoint
CREATE TRIGGER "event_rollups_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION "event_rollups_delete"();--> statement-breakpoint
CREATE TRIGGER "event_rollups_update" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "event_rollups_update"();--> statement-breakpoint
CREATE TRIGGER "event_rollups_truncate" AFTER TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "event_rollups_truncate"();--> statement-breakpoint
SELECT "event_rollups_rebuild"();

-- A reader's events with the account in the key: the list's page and its count read the index alone (a count used
-- to fetch every matching row from the table to check its account; docs/performance.md "Lists against their
-- index-only page"). On PostgreSQL the index is made on every monthly partition.
DROP INDEX "events_device_time_idx";--> statement-breakpoint
CREATE INDEX "events_device_time_idx" ON "events" USING btree ("device_id","account_id","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);

-- The storage sweep asks which image packs a row still names a member of ('<pack>.<offset>-<length>.jpg'), by a range
-- of keys compared byte by byte: pattern ops answer it from the index whatever the database's collation, and still
-- answer the sweep's equality (server/resources/events/queries.ts, referencedImagePacks).
DROP INDEX "events_image_key_idx";--> statement-breakpoint
CREATE INDEX "events_image_key_idx" ON "events" USING btree ("image_key" text_pattern_ops) WHERE "events"."image_key" is not null;
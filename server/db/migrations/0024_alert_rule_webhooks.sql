ALTER TABLE "alert_rules" ADD COLUMN "webhook_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- An alert rule queues deliveries for its webhooks and must not queue one twice (server/resources/alert-rules/queries.ts).
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id","webhook_id");

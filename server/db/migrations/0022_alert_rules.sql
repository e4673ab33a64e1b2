CREATE TABLE "alert_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"summary" jsonb NOT NULL,
	"matched_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"event_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"device_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"access_group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"delivery" text NOT NULL,
	"digest_period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD CONSTRAINT "alert_notifications_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_notifications_rule_event_idx" ON "alert_notifications" USING btree ("rule_id","event_id");--> statement-breakpoint
CREATE INDEX "alert_notifications_unsent_idx" ON "alert_notifications" USING btree ("rule_id","id") WHERE "alert_notifications"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "alert_rules_account_idx" ON "alert_rules" USING btree ("account_id","id");
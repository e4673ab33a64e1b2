CREATE TABLE "acs_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"address" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"chuid" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sync_every_minutes" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_sync_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acs_integrations_provider_check" CHECK ("provider" in ('genetec', 'directory'))
);
--> statement-breakpoint
CREATE TABLE "acs_integration_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"integration_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"action" text NOT NULL,
	"acs_id" text,
	"profile_id" integer,
	"message" text NOT NULL,
	"details" jsonb,
	CONSTRAINT "acs_integration_logs_level_check" CHECK ("level" in ('info', 'warning', 'error'))
);
--> statement-breakpoint
CREATE TABLE "account_certificates" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"pem" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"fingerprint_sha256" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" text
);
--> statement-breakpoint
ALTER TABLE "acs_integrations" ADD CONSTRAINT "acs_integrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acs_integration_logs" ADD CONSTRAINT "acs_integration_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acs_integration_logs" ADD CONSTRAINT "acs_integration_logs_integration_id_acs_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."acs_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_certificates" ADD CONSTRAINT "account_certificates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acs_integrations_account_idx" ON "acs_integrations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "acs_integration_logs_account_at_idx" ON "acs_integration_logs" USING btree ("account_id","at" DESC,"id" DESC);

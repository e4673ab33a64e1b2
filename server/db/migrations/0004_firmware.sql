CREATE TABLE "deployment_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deployment_id" integer NOT NULL,
	"device_id" integer,
	"hardware_id" varchar(64) NOT NULL,
	"description" varchar(255) NOT NULL,
	"board_type" varchar(64),
	"phase" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deployment_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deployment_device_id" bigint NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deployment_phases" (
	"deployment_id" integer NOT NULL,
	"number" integer NOT NULL,
	"share" integer,
	"start_at" timestamp with time zone NOT NULL,
	"device_count" integer NOT NULL,
	CONSTRAINT "deployment_phases_deployment_id_number_pk" PRIMARY KEY("deployment_id","number")
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"artifact_id" integer,
	"artifact_name" varchar(256) NOT NULL,
	"status" text NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"filter" jsonb,
	"device_count" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(60),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "firmware_artifacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(256) NOT NULL,
	"device_types" text[] NOT NULL,
	"size" bigint NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"payload_type" varchar(128),
	"provides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"depends" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"manifest" text NOT NULL,
	"signature" text,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"algorithm" text NOT NULL,
	"details" varchar(32) NOT NULL,
	"pem" text NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deployment_devices" ADD CONSTRAINT "deployment_devices_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_devices" ADD CONSTRAINT "deployment_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_logs" ADD CONSTRAINT "deployment_logs_deployment_device_id_deployment_devices_id_fk" FOREIGN KEY ("deployment_device_id") REFERENCES "public"."deployment_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_phases" ADD CONSTRAINT "deployment_phases_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_artifact_id_firmware_artifacts_id_fk" FOREIGN KEY ("artifact_id") REFERENCES "public"."firmware_artifacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_artifacts" ADD CONSTRAINT "firmware_artifacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_keys" ADD CONSTRAINT "firmware_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deployment_devices_deployment_device_idx" ON "deployment_devices" USING btree ("deployment_id","device_id");--> statement-breakpoint
CREATE INDEX "deployment_devices_list_idx" ON "deployment_devices" USING btree ("deployment_id","phase","id");--> statement-breakpoint
CREATE INDEX "deployment_devices_open_idx" ON "deployment_devices" USING btree ("device_id") WHERE "deployment_devices"."status" in ('pending', 'downloading', 'installing', 'rebooting');--> statement-breakpoint
CREATE INDEX "deployment_logs_device_idx" ON "deployment_logs" USING btree ("deployment_device_id","id");--> statement-breakpoint
CREATE INDEX "deployments_account_created_idx" ON "deployments" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deployments_open_idx" ON "deployments" USING btree ("status") WHERE "deployments"."status" in ('pending', 'scheduled', 'in_progress');--> statement-breakpoint
CREATE INDEX "firmware_artifacts_account_name_idx" ON "firmware_artifacts" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "firmware_artifacts_account_updated_idx" ON "firmware_artifacts" USING btree ("account_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_keys_account_fingerprint_idx" ON "firmware_keys" USING btree ("account_id","fingerprint");
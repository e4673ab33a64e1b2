CREATE TABLE "access_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"description" varchar(255) NOT NULL,
	"default_group" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_versions" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"card_format_id" integer NOT NULL,
	"badge_number" bigint NOT NULL,
	"facility_code" bigint,
	"card_length" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_access_groups" (
	"device_id" integer NOT NULL,
	"access_group_id" integer NOT NULL,
	CONSTRAINT "device_access_groups_device_id_access_group_id_pk" PRIMARY KEY("device_id","access_group_id")
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"result" text
);
--> statement-breakpoint
CREATE TABLE "device_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"hardware_id" varchar(64) NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"board_type" varchar(64),
	"release" varchar(64),
	"ip_address" varchar(45),
	"mac_address" varchar(17),
	"device_mode" varchar(32),
	"role" text DEFAULT 'one-fa' NOT NULL,
	"security_level" text DEFAULT 'medium' NOT NULL,
	"led_option" text DEFAULT 'mimic_acs' NOT NULL,
	"communication" text DEFAULT 'disabled' NOT NULL,
	"communication_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"onvif" jsonb DEFAULT '{"managed_by":"protocol"}'::jsonb NOT NULL,
	"sip" jsonb DEFAULT '{"enabled":false}'::jsonb NOT NULL,
	"temp_enrollment_until" timestamp with time zone,
	"config_version" integer DEFAULT 1 NOT NULL,
	"applied_config_version" integer,
	"secret_hash" text NOT NULL,
	"key_hash" text,
	"pending_secret_hash" text,
	"pairing_code_hash" text,
	"auth_required" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"last_seen_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event" varchar(64) NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_id" integer,
	"device_description" varchar(255),
	"device_mode" varchar(32),
	"tailgated" boolean DEFAULT false NOT NULL,
	"profiles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"identity" jsonb,
	"sip_remote_station" varchar(255),
	"image_key" text,
	"image_reason" varchar(32),
	"device_event_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "profile_access_groups" (
	"profile_id" integer NOT NULL,
	"access_group_id" integer NOT NULL,
	CONSTRAINT "profile_access_groups_profile_id_access_group_id_pk" PRIMARY KEY("profile_id","access_group_id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"acs_id" varchar(100),
	"status" text DEFAULT 'active' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"last_event_id" bigint,
	"last_device_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"description" varchar(255) NOT NULL,
	"hardware_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "device_registration_code" varchar(32);--> statement-breakpoint
ALTER TABLE "access_groups" ADD CONSTRAINT "access_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_versions" ADD CONSTRAINT "access_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_card_format_id_card_formats_id_fk" FOREIGN KEY ("card_format_id") REFERENCES "public"."card_formats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_access_groups" ADD CONSTRAINT "device_access_groups_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_access_groups" ADD CONSTRAINT "device_access_groups_access_group_id_access_groups_id_fk" FOREIGN KEY ("access_group_id") REFERENCES "public"."access_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_access_groups" ADD CONSTRAINT "profile_access_groups_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_access_groups" ADD CONSTRAINT "profile_access_groups_access_group_id_access_groups_id_fk" FOREIGN KEY ("access_group_id") REFERENCES "public"."access_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readers" ADD CONSTRAINT "readers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_groups_account_idx" ON "access_groups" USING btree ("account_id","description");--> statement-breakpoint
CREATE UNIQUE INDEX "access_groups_one_default_idx" ON "access_groups" USING btree ("account_id") WHERE "access_groups"."default_group";--> statement-breakpoint
CREATE UNIQUE INDEX "access_groups_account_description_idx" ON "access_groups" USING btree ("account_id",lower("description"));--> statement-breakpoint
CREATE INDEX "badges_profile_idx" ON "badges" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "badges_format_idx" ON "badges" USING btree ("card_format_id");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_account_card_idx" ON "badges" USING btree ("account_id","card_format_id",coalesce("facility_code", -1),"badge_number");--> statement-breakpoint
CREATE INDEX "device_access_groups_group_idx" ON "device_access_groups" USING btree ("access_group_id");--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_id","status","id");--> statement-breakpoint
CREATE INDEX "device_logs_device_time_idx" ON "device_logs" USING btree ("device_id","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "devices_hardware_id_idx" ON "devices" USING btree ("hardware_id");--> statement-breakpoint
CREATE INDEX "devices_account_idx" ON "devices" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "devices_account_status_idx" ON "devices" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "devices_online_seen_idx" ON "devices" USING btree ("last_seen_at") WHERE "devices"."status" = 'online';--> statement-breakpoint
CREATE INDEX "events_account_time_idx" ON "events" USING btree ("account_id","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "events_device_event_idx" ON "events" USING btree ("device_id","device_event_id");--> statement-breakpoint
CREATE INDEX "profile_access_groups_group_idx" ON "profile_access_groups" USING btree ("access_group_id");--> statement-breakpoint
CREATE INDEX "profiles_account_idx" ON "profiles" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "profiles_account_acs_idx" ON "profiles" USING btree ("account_id","acs_id");--> statement-breakpoint
CREATE INDEX "readers_account_idx" ON "readers" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "readers_account_hardware_idx" ON "readers" USING btree ("account_id","hardware_id") WHERE "readers"."hardware_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_device_code_idx" ON "accounts" USING btree ("device_registration_code");
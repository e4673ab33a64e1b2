CREATE TABLE "consent_templates" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"version" varchar(100) NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(255) NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"nonce" text NOT NULL,
	"card_format_id" integer,
	"facility_code" bigint,
	"badge_number" bigint,
	"access_group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"profile_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"consented_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"failure" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_verified_at" timestamp with time zone,
	"code_tries" smallint DEFAULT 0 NOT NULL,
	"consent_file_key" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_templates" ADD CONSTRAINT "consent_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_invites" ADD CONSTRAINT "enrollment_invites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_invites" ADD CONSTRAINT "enrollment_invites_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollment_invites_account_idx" ON "enrollment_invites" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrollment_invites_email_idx" ON "enrollment_invites" USING btree ("account_id","email");
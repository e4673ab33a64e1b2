CREATE TABLE "card_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"list" text NOT NULL,
	"card_format_id" integer NOT NULL,
	"facility_code" bigint,
	"badge_number" bigint NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_consents" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"document_version" varchar(100),
	"file_key" text,
	"recorded_by" text
);
--> statement-breakpoint
CREATE TABLE "visitor_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"card_format_id" integer NOT NULL,
	"facility_code" bigint,
	"first_number" bigint NOT NULL,
	"last_number" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "visitor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_lists" ADD CONSTRAINT "card_lists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_lists" ADD CONSTRAINT "card_lists_card_format_id_card_formats_id_fk" FOREIGN KEY ("card_format_id") REFERENCES "public"."card_formats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_consents" ADD CONSTRAINT "profile_consents_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_ranges" ADD CONSTRAINT "visitor_ranges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_ranges" ADD CONSTRAINT "visitor_ranges_card_format_id_card_formats_id_fk" FOREIGN KEY ("card_format_id") REFERENCES "public"."card_formats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_lists_card_idx" ON "card_lists" USING btree ("account_id","list","card_format_id",coalesce("facility_code", -1),"badge_number");--> statement-breakpoint
CREATE INDEX "card_lists_account_number_idx" ON "card_lists" USING btree ("account_id","badge_number");--> statement-breakpoint
CREATE INDEX "card_lists_format_idx" ON "card_lists" USING btree ("card_format_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_ranges_card_idx" ON "visitor_ranges" USING btree ("account_id","card_format_id",coalesce("facility_code", -1));--> statement-breakpoint
CREATE INDEX "profiles_account_activity_idx" ON "profiles" USING btree ("account_id",coalesce("last_activity_at", "created_at"));--> statement-breakpoint
CREATE INDEX "profiles_expiry_idx" ON "profiles" USING btree ("expires_at") WHERE "profiles"."expires_at" is not null;
CREATE TABLE "card_formats" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"key" text,
	"name" varchar(100) NOT NULL,
	"type" text NOT NULL,
	"bits" integer NOT NULL,
	"layout" jsonb,
	"facility_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_formats" ADD CONSTRAINT "card_formats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_formats_key_idx" ON "card_formats" USING btree ("key");--> statement-breakpoint
CREATE INDEX "card_formats_account_idx" ON "card_formats" USING btree ("account_id","name");
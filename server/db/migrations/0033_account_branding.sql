CREATE TABLE "account_brand_domains" (
	"host" varchar(253) PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_brandings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"product_name" varchar(60) NOT NULL,
	"primary_color" varchar(7) NOT NULL,
	"secondary_color" varchar(7) NOT NULL,
	"support_email" varchar(255),
	"support_url" varchar(500),
	"default_locale" varchar(8),
	"logo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_brand_domains" ADD CONSTRAINT "account_brand_domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_brandings" ADD CONSTRAINT "account_brandings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_brand_domains_account_idx" ON "account_brand_domains" USING btree ("account_id");
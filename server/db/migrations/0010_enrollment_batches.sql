CREATE TABLE "enrollment_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"total" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollment_invites" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "enrollment_batches" ADD CONSTRAINT "enrollment_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollment_invites_unsent_idx" ON "enrollment_invites" USING btree ("batch_id","id") WHERE "enrollment_invites"."sent_at" is null and "enrollment_invites"."status" = 'sent';
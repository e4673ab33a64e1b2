CREATE TABLE "enrollment_invite_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"invitations" integer NOT NULL,
	CONSTRAINT "enrollment_invite_days_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
DROP INDEX "enrollment_invites_unsent_idx";--> statement-breakpoint
ALTER TABLE "enrollment_invites" ADD COLUMN "send_tries" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollment_invites" ADD COLUMN "send_first_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollment_invites" ADD COLUMN "send_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollment_invites" ADD COLUMN "send_error" text;--> statement-breakpoint
ALTER TABLE "enrollment_invite_days" ADD CONSTRAINT "enrollment_invite_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollment_invites_unsent_idx" ON "enrollment_invites" USING btree ("batch_id","id") WHERE "enrollment_invites"."sent_at" is null and "enrollment_invites"."status" in ('sent', 'consented');
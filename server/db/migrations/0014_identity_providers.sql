CREATE TABLE "identity_providers" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"role_mapping" jsonb NOT NULL,
	"keytab_key" text,
	"keytab_name" varchar(255),
	"keytab_size" integer,
	"keytab_uploaded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "identity_providers_kind_check" CHECK ("kind" IN ('oidc', 'saml', 'directory'))
);
--> statement-breakpoint
CREATE TABLE "login_preferences" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'local' NOT NULL,
	"break_glass_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "login_preferences_mode_check" CHECK ("mode" IN ('local', 'sso', 'both'))
);
--> statement-breakpoint
CREATE TABLE "external_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"username" varchar(500) NOT NULL,
	CONSTRAINT "external_users_username_key" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "login_preferences" ADD CONSTRAINT "login_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "login_preferences" ADD CONSTRAINT "login_preferences_break_glass_user_id_users_id_fk" FOREIGN KEY ("break_glass_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "external_users" ADD CONSTRAINT "external_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;

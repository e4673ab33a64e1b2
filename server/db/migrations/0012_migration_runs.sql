CREATE TABLE "schema_migration_runs" (
	"tag" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"platform_version" text
);

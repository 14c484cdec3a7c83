CREATE TABLE "class_user_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"rows" jsonb,
	"consent" boolean,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "class_user_imports" ADD CONSTRAINT "class_user_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_user_imports" ADD CONSTRAINT "class_user_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
ALTER TABLE "groups" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "creation_key" text;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_creation_key" UNIQUE("organization_id","creation_key");
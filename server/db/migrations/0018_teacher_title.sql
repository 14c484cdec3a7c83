ALTER TABLE "memberships" ADD COLUMN "department" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_department_length" CHECK (char_length("memberships"."department") <= 100);--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_title_length" CHECK (char_length("memberships"."title") <= 100);
CREATE TABLE "invitation_groups" (
	"invitation_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "invitation_groups_invitation_id_group_id_pk" PRIMARY KEY("invitation_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "organization_wide" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invitation_groups" ADD CONSTRAINT "invitation_groups_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_groups" ADD CONSTRAINT "invitation_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_groups_group_idx" ON "invitation_groups" USING btree ("group_id");--> statement-breakpoint
-- existing invitations keep their class: one made with a class was made for that class only (its
-- organization_wide false), one without for the organization; a class deleted since is left out
INSERT INTO "invitation_groups" ("invitation_id", "group_id")
  SELECT "invitations"."id", "invitations"."group_id" FROM "invitations"
  JOIN "groups" ON "groups"."id" = "invitations"."group_id";--> statement-breakpoint
UPDATE "invitations" SET "organization_wide" = false WHERE "group_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" DROP COLUMN "group_id";
CREATE TABLE "cache_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "cache_version" ("id", "version") VALUES (true, 0);--> statement-breakpoint
-- Counts the version up once per transaction, at its commit (the constraint triggers below are deferred):
-- the row's lock is then taken after every other lock of the transaction and held only while it commits,
-- so it adds no deadlock, and the new version becomes visible together with the changes it stands for.
CREATE FUNCTION "bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.cache_version_bumped', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('portal.cache_version_bumped', 'yes', true);
    UPDATE "cache_version" SET "version" = "version" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "bump_cache_version_now"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cache_version" SET "version" = "version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "sessions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "organizations_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "organizations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "memberships_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "memberships" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "groups_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "group_members_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "group_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invitations_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "invitations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invitation_groups_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "invitation_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "assignments_cache_version" AFTER INSERT OR UPDATE OR DELETE ON "assignments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"();--> statement-breakpoint
CREATE TRIGGER "sessions_cache_version_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version_now"();--> statement-breakpoint
CREATE TRIGGER "users_cache_version_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version_now"();--> statement-breakpoint
CREATE TRIGGER "organizations_cache_version_truncate" AFTER TRUNCATE ON "organizations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version_now"();--> statement-breakpoint
CREATE TRIGGER "memberships_cache_version_truncate" AFTER TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version_now"();--> statement-breakpoint
CREATE TRIGGER "groups_cache_version_truncate" AFTER TRUNCATE ON "groups" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version_now"();--> statement-breakpoint
CREATE TRIGGER "group_members_cache_version_truncate" AFTER TRUNCATE ON "group_members" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version_now"();--> statement-breakpoint
CREATE TRIGGER "invitations_cache_version_truncate" AFTER TRUNCATE ON "invitations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version_now"();--> statement-breakpoint
CREATE TRIGGER "invitation_groups_cache_version_truncate" AFTER TRUNCATE ON "invitation_groups" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version_now"();--> statement-breakpoint
CREATE TRIGGER "assignments_cache_version_truncate" AFTER TRUNCATE ON "assignments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version_now"();

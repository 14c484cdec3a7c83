-- Freshness per scope (server/db/read-cache.ts) instead of one version of the whole store (0021): a change
-- counts up the rows of the scopes it can change (a user, an organization, the organization list), never
-- one row that every write of the platform updates.
DROP TRIGGER "sessions_cache_version" ON "sessions";--> statement-breakpoint
DROP TRIGGER "users_cache_version" ON "users";--> statement-breakpoint
DROP TRIGGER "organizations_cache_version" ON "organizations";--> statement-breakpoint
DROP TRIGGER "memberships_cache_version" ON "memberships";--> statement-breakpoint
DROP TRIGGER "groups_cache_version" ON "groups";--> statement-breakpoint
DROP TRIGGER "group_members_cache_version" ON "group_members";--> statement-breakpoint
DROP TRIGGER "invitations_cache_version" ON "invitations";--> statement-breakpoint
DROP TRIGGER "invitation_groups_cache_version" ON "invitation_groups";--> statement-breakpoint
DROP TRIGGER "assignments_cache_version" ON "assignments";--> statement-breakpoint
DROP TRIGGER "sessions_cache_version_truncate" ON "sessions";--> statement-breakpoint
DROP TRIGGER "users_cache_version_truncate" ON "users";--> statement-breakpoint
DROP TRIGGER "organizations_cache_version_truncate" ON "organizations";--> statement-breakpoint
DROP TRIGGER "memberships_cache_version_truncate" ON "memberships";--> statement-breakpoint
DROP TRIGGER "groups_cache_version_truncate" ON "groups";--> statement-breakpoint
DROP TRIGGER "group_members_cache_version_truncate" ON "group_members";--> statement-breakpoint
DROP TRIGGER "invitations_cache_version_truncate" ON "invitations";--> statement-breakpoint
DROP TRIGGER "invitation_groups_cache_version_truncate" ON "invitation_groups";--> statement-breakpoint
DROP TRIGGER "assignments_cache_version_truncate" ON "assignments";--> statement-breakpoint
DROP FUNCTION "bump_cache_version"();--> statement-breakpoint
DROP FUNCTION "bump_cache_version_now"();--> statement-breakpoint
DROP TABLE "cache_version";--> statement-breakpoint
CREATE TABLE "read_versions" (
	"scope" text NOT NULL,
	"id" integer NOT NULL,
	"version" bigint NOT NULL,
	"xact" bigint,
	CONSTRAINT "read_versions_scope_id_pk" PRIMARY KEY("scope","id")
);
--> statement-breakpoint
-- every version is a new value of one sequence: a scope never shows a value twice, even across a TRUNCATE
CREATE SEQUENCE "read_version_seq";--> statement-breakpoint
-- what a scope without a row of its own reads (read-cache.ts): moved by a TRUNCATE only
INSERT INTO "read_versions" ("scope", "id", "version") VALUES ('store', 0, nextval('read_version_seq'));--> statement-breakpoint
-- Counts the scope up once per transaction (the row remembers the transaction that counted it last). Called
-- by the deferred triggers below, at the commit: the row's lock is taken after every other lock of the
-- transaction and held only while it commits, and the new version becomes visible with the change.
CREATE FUNCTION "bump_read_version"("changed_scope" text, "changed_id" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "changed_id" IS NULL THEN RETURN; END IF;
  UPDATE "read_versions" SET "version" = nextval('read_version_seq'), "xact" = txid_current()
    WHERE "scope" = "changed_scope" AND "id" = "changed_id" AND "xact" IS DISTINCT FROM txid_current();
  IF NOT FOUND THEN
    INSERT INTO "read_versions" ("scope", "id", "version", "xact") VALUES ("changed_scope", "changed_id", nextval('read_version_seq'), txid_current())
      ON CONFLICT ("scope", "id") DO UPDATE SET "version" = excluded."version", "xact" = excluded."xact"
      WHERE "read_versions"."xact" IS DISTINCT FROM excluded."xact";
  END IF;
END $$;--> statement-breakpoint
-- the organization of a class (null once the class is gone: its own delete counted the organization up)
CREATE FUNCTION "bump_read_version_of_group"("changed_group" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_read_version"('organization', (SELECT "organization_id" FROM "groups" WHERE "id" = "changed_group"));
END $$;--> statement-breakpoint
-- A session: its user's readings (the kept session). A new session changes no kept reading: a login counts nothing up.
CREATE FUNCTION "sessions_read_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_read_version"('user', OLD."user_id");
  IF TG_OP = 'UPDATE' AND NEW."user_id" <> OLD."user_id" THEN PERFORM "bump_read_version"('user', NEW."user_id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An account: its own readings, and those of every organization that shows it (a member, or a class's owner).
CREATE FUNCTION "users_read_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "shown_in" integer;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN RETURN NULL; END IF;
  PERFORM "bump_read_version"('user', OLD."id");
  FOR "shown_in" IN
    SELECT "organization_id" FROM "memberships" WHERE "user_id" = OLD."id"
    UNION SELECT "organization_id" FROM "groups" WHERE "owner_id" = OLD."id"
    ORDER BY 1
  LOOP
    PERFORM "bump_read_version"('organization', "shown_in");
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An organization: its readings, and the organization list (which shows nothing but organizations' rows).
CREATE FUNCTION "organizations_read_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN RETURN NULL; END IF;
  PERFORM "bump_read_version"('platform', 0);
  IF TG_OP <> 'INSERT' THEN PERFORM "bump_read_version"('organization', OLD."id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A row of an organization (memberships, groups, invitations): that organization's readings.
CREATE FUNCTION "organization_row_read_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "bump_read_version"('organization', OLD."organization_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "bump_read_version"('organization', NEW."organization_id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A row of a class (group_members, assignments, invitation_groups): its organization's readings.
CREATE FUNCTION "group_row_read_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "bump_read_version_of_group"(OLD."group_id"); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."group_id" <> OLD."group_id") THEN PERFORM "bump_read_version_of_group"(NEW."group_id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A TRUNCATE (never in the product) counts every scope up, the scopes without a row too (the store's row).
CREATE FUNCTION "bump_every_read_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "read_versions" SET "version" = nextval('read_version_seq');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_read_version" AFTER UPDATE OR DELETE ON "sessions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sessions_read_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_read_version" AFTER UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "users_read_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "organizations_read_version" AFTER INSERT OR UPDATE OR DELETE ON "organizations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "organizations_read_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "memberships_read_version" AFTER INSERT OR UPDATE OR DELETE ON "memberships" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "organization_row_read_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "groups_read_version" AFTER INSERT OR UPDATE OR DELETE ON "groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "organization_row_read_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invitations_read_version" AFTER INSERT OR UPDATE OR DELETE ON "invitations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "organization_row_read_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "group_members_read_version" AFTER INSERT OR UPDATE OR DELETE ON "group_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "group_row_read_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "assignments_read_version" AFTER INSERT OR UPDATE OR DELETE ON "assignments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "group_row_read_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invitation_groups_read_version" AFTER INSERT OR UPDATE OR DELETE ON "invitation_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "group_row_read_version"();--> statement-breakpoint
CREATE TRIGGER "sessions_read_version_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_read_version"();--> statement-breakpoint
CREATE TRIGGER "users_read_version_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_read_version"();--> statement-breakpoint
CREATE TRIGGER "organizations_read_version_truncate" AFTER TRUNCATE ON "organizations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_read_version"();--> statement-breakpoint
CREATE TRIGGER "memberships_read_version_truncate" AFTER TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_read_version"();--> statement-breakpoint
CREATE TRIGGER "groups_read_version_truncate" AFTER TRUNCATE ON "groups" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_read_version"();--> statement-breakpoint
CREATE TRIGGER "group_members_read_version_truncate" AFTER TRUNCATE ON "group_members" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_read_version"();--> statement-breakpoint
CREATE TRIGGER "invitations_read_version_truncate" AFTER TRUNCATE ON "invitations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_read_version"();--> statement-breakpoint
CREATE TRIGGER "invitation_groups_read_version_truncate" AFTER TRUNCATE ON "invitation_groups" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_read_version"();--> statement-breakpoint
CREATE TRIGGER "assignments_read_version_truncate" AFTER TRUNCATE ON "assignments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_read_version"();

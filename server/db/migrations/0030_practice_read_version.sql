-- An organization's practice as a scope of the kept readings (server/db/read-cache.ts, 0025): a statement that
-- changes rollups (daily_practice: the roll-up worker's batch, an inline roll-up, the seed, a user's rollups
-- deleted with it) counts up the practice scope of each organization it touched, once per transaction. The
-- organization's pre-aggregates (0023) change only with daily_practice, in the same statement. A report's
-- figures are kept while their organization and its practice keep their versions (server/reports/kept.ts):
-- late events of a past day move the version like today's, so nothing of a kept report is ever stale.
-- Statement triggers, not deferred: a batch of thousands of rollups counts each organization once, in
-- organization order (as practice_totals_apply locks them), and the batch is one statement.
CREATE FUNCTION "practice_read_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a rollup's organization is part of its key: an update never moves it to another
  PERFORM "bump_read_version"('practice', o."organization_id")
    FROM (SELECT DISTINCT "organization_id" FROM "changed_rows" ORDER BY 1) o;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "daily_practice_read_version_insert" AFTER INSERT ON "daily_practice" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "practice_read_version"();--> statement-breakpoint
CREATE TRIGGER "daily_practice_read_version_update" AFTER UPDATE ON "daily_practice" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "practice_read_version"();--> statement-breakpoint
CREATE TRIGGER "daily_practice_read_version_delete" AFTER DELETE ON "daily_practice" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "practice_read_version"();--> statement-breakpoint
CREATE TRIGGER "daily_practice_read_version_truncate" AFTER TRUNCATE ON "daily_practice" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_read_version"();

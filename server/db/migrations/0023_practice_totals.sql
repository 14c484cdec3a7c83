CREATE TABLE "learner_practice_months" (
	"organization_id" integer NOT NULL,
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "learner_practice_months_organization_id_month_user_id_pk" PRIMARY KEY("organization_id","month","user_id")
);
--> statement-breakpoint
CREATE TABLE "learner_practice_weeks" (
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"week" date NOT NULL,
	"days" smallint NOT NULL,
	CONSTRAINT "learner_practice_weeks_organization_id_user_id_week_pk" PRIMARY KEY("organization_id","user_id","week")
);
--> statement-breakpoint
CREATE TABLE "organization_practice_days" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"lessons" bigint DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"assessments" bigint DEFAULT 0 NOT NULL,
	"eps_sum" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "organization_practice_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "organization_practice_weeks" (
	"organization_id" integer NOT NULL,
	"week" date NOT NULL,
	"days" smallint NOT NULL,
	"learners" integer NOT NULL,
	CONSTRAINT "organization_practice_weeks_organization_id_week_days_pk" PRIMARY KEY("organization_id","week","days")
);
--> statement-breakpoint
ALTER TABLE "learner_practice_months" ADD CONSTRAINT "learner_practice_months_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_practice_weeks" ADD CONSTRAINT "learner_practice_weeks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_practice_days" ADD CONSTRAINT "organization_practice_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_practice_weeks" ADD CONSTRAINT "organization_practice_weeks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_practice_assessed_idx" ON "daily_practice" USING btree ("organization_id","user_id","day","first_eps","last_eps") WHERE "daily_practice"."assessments" > 0;--> statement-breakpoint
-- The organization report's pre-aggregates follow daily_practice in the statement that changes it: the
-- ingestion's upsert, the bulk seed's insert, a rollup written by hand, a user's rollups deleted with it.
-- Statement triggers with transition tables hand the changed rollups over as (+1) new and (-1) old rows.
CREATE TYPE "practice_change" AS ("organization_id" integer, "user_id" integer, "day" date, "lessons" integer, "seconds" integer, "assessments" integer, "eps_sum" double precision, "sign" integer);--> statement-breakpoint
-- The day sums take the changes' differences. A learner's weeks and months are computed again from its
-- rollups of that week or month (seven or thirty-one rows by the primary key), and the count of learners
-- per week and set of days moves from the set it had to the set it has. Rows are written in key order,
-- so that statements running at the same time lock them in one order. An organization being deleted
-- (its rollups going by cascade) is left alone: its own rows go by cascade too.
CREATE FUNCTION "practice_totals_apply"(changes "practice_change"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changes) = 0 THEN
    RETURN;
  END IF;
  -- One statement at a time per organization, until its transaction ends (in organization order, so no
  -- deadlock): a learner's weeks and months are computed again from the committed rollups and compared
  -- with what was counted, and two statements at once about one learner would each miss the other's
  -- rollups and both move the counts from the same old set. (The day sums' row locks serialize most of
  -- it already: the learners of an organization practise on the same days.)
  PERFORM pg_advisory_xact_lock(220022, o.id)
  FROM (SELECT DISTINCT c.organization_id AS id FROM unnest(changes) c ORDER BY 1) o;
  INSERT INTO "organization_practice_days" AS t ("organization_id", "day", "lessons", "seconds", "active", "assessments", "eps_sum")
  SELECT c.organization_id, c.day, sum(c.sign * c.lessons), sum(c.sign * c.seconds), sum(c.sign * (c.lessons > 0)::int),
    sum(c.sign * c.assessments), sum(c.sign * c.eps_sum::numeric)
  FROM unnest(changes) c
  WHERE EXISTS (SELECT 1 FROM "organizations" o WHERE o.id = c.organization_id)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("organization_id", "day") DO UPDATE SET
    "lessons" = t."lessons" + excluded."lessons", "seconds" = t."seconds" + excluded."seconds", "active" = t."active" + excluded."active",
    "assessments" = t."assessments" + excluded."assessments", "eps_sum" = t."eps_sum" + excluded."eps_sum";

  WITH keys AS (
    SELECT DISTINCT c.organization_id, c.user_id, c.day - ((extract(dow FROM c.day)::int + 1) % 7) AS week
    FROM unnest(changes) c
    WHERE EXISTS (SELECT 1 FROM "organizations" o WHERE o.id = c.organization_id)
  ),
  now_days AS (
    SELECT k.organization_id, k.user_id, k.week, coalesce(w.days, 0) AS was,
      coalesce((SELECT bit_or(1 << (d.day - k.week)) FROM "daily_practice" d
        WHERE d.organization_id = k.organization_id AND d.user_id = k.user_id AND d.day BETWEEN k.week AND k.week + 6 AND d.lessons > 0), 0) AS days
    FROM keys k
    LEFT JOIN "learner_practice_weeks" w ON w.organization_id = k.organization_id AND w.user_id = k.user_id AND w.week = k.week
  ),
  changed AS (SELECT * FROM now_days WHERE days <> was),
  gone AS (
    DELETE FROM "learner_practice_weeks" w USING changed c
    WHERE w.organization_id = c.organization_id AND w.user_id = c.user_id AND w.week = c.week AND c.days = 0
  ),
  kept AS (
    INSERT INTO "learner_practice_weeks" ("organization_id", "user_id", "week", "days")
    SELECT organization_id, user_id, week, days FROM changed WHERE days <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("organization_id", "user_id", "week") DO UPDATE SET "days" = excluded."days"
  ),
  moves AS (
    SELECT organization_id, week, was AS days, -1 AS n FROM changed WHERE was <> 0
    UNION ALL SELECT organization_id, week, days, 1 FROM changed WHERE days <> 0
  )
  INSERT INTO "organization_practice_weeks" AS t ("organization_id", "week", "days", "learners")
  SELECT organization_id, week, days, sum(n) FROM moves GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("organization_id", "week", "days") DO UPDATE SET "learners" = t."learners" + excluded."learners";

  WITH keys AS (
    SELECT DISTINCT c.organization_id, c.user_id, date_trunc('month', c.day)::date AS month
    FROM unnest(changes) c
    WHERE EXISTS (SELECT 1 FROM "organizations" o WHERE o.id = c.organization_id)
  ),
  now_days AS (
    SELECT k.organization_id, k.user_id, k.month, r.n, r.days
    FROM keys k CROSS JOIN LATERAL (
      SELECT count(*) AS n, coalesce(bit_or(1 << (extract(day FROM d.day)::int - 1)) FILTER (WHERE d.lessons > 0), 0) AS days
      FROM "daily_practice" d
      WHERE d.organization_id = k.organization_id AND d.user_id = k.user_id AND d.day >= k.month AND d.day < (k.month + interval '1 month')::date
    ) r
  ),
  gone AS (
    DELETE FROM "learner_practice_months" m USING now_days c
    WHERE m.organization_id = c.organization_id AND m.month = c.month AND m.user_id = c.user_id AND c.n = 0
  )
  INSERT INTO "learner_practice_months" AS t ("organization_id", "month", "user_id", "days")
  SELECT organization_id, month, user_id, days FROM now_days WHERE n > 0 ORDER BY 1, 2, 3
  ON CONFLICT ("organization_id", "month", "user_id") DO UPDATE SET "days" = excluded."days" WHERE t."days" <> excluded."days";
END $$;--> statement-breakpoint
CREATE FUNCTION "practice_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "practice_totals_apply"(ARRAY(
    SELECT ROW(organization_id, user_id, day, lessons, seconds, assessments, eps_sum, 1)::"practice_change" FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "practice_totals_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "practice_totals_apply"(ARRAY(
    SELECT ROW(organization_id, user_id, day, lessons, seconds, assessments, eps_sum, -1)::"practice_change" FROM old_rows
    UNION ALL
    SELECT ROW(organization_id, user_id, day, lessons, seconds, assessments, eps_sum, 1)::"practice_change" FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "practice_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "practice_totals_apply"(ARRAY(
    SELECT ROW(organization_id, user_id, day, lessons, seconds, assessments, eps_sum, -1)::"practice_change" FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "practice_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "organization_practice_days";
  DELETE FROM "learner_practice_weeks";
  DELETE FROM "organization_practice_weeks";
  DELETE FROM "learner_practice_months";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "daily_practice_totals_insert" AFTER INSERT ON "daily_practice" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "practice_totals_inserted"();--> statement-breakpoint
CREATE TRIGGER "daily_practice_totals_update" AFTER UPDATE ON "daily_practice" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "practice_totals_updated"();--> statement-breakpoint
CREATE TRIGGER "daily_practice_totals_delete" AFTER DELETE ON "daily_practice" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "practice_totals_deleted"();--> statement-breakpoint
CREATE TRIGGER "daily_practice_totals_truncate" AFTER TRUNCATE ON "daily_practice" FOR EACH STATEMENT EXECUTE FUNCTION "practice_totals_truncated"();
--> statement-breakpoint
-- A store that has rollups already: their totals, one organization at a time.
DO $$
DECLARE
  organization integer;
BEGIN
  FOR organization IN SELECT DISTINCT organization_id FROM "daily_practice" LOOP
    PERFORM "practice_totals_apply"(ARRAY(
      SELECT ROW(organization_id, user_id, day, lessons, seconds, assessments, eps_sum, 1)::"practice_change"
      FROM "daily_practice" WHERE organization_id = organization));
  END LOOP;
END $$;

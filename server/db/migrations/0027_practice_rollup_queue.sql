CREATE TABLE "practice_rollup_queue" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "practice_kind" NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"native_score" real,
	"eps" real
);
--> statement-breakpoint
-- The ingestion's one statement (server/practice/ingest.ts appendPracticeEvents) refuses a call that passes a
-- learner's hour or day by raising this error after its upsert of the counts: the whole statement, events,
-- queue rows and counts, is rolled back together. SQLSTATE PQ429 tells the server it is the quota; the
-- detail is the seconds to wait (the Retry-After).
CREATE FUNCTION "practice_events_refused"(wait integer) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'practice events over the learner''s limit' USING ERRCODE = 'PQ429', DETAIL = wait::text;
END $$;

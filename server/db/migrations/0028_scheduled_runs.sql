CREATE TABLE "scheduled_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL
);

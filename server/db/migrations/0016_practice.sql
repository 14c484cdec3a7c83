CREATE TYPE "public"."practice_kind" AS ENUM('lesson', 'assessment');--> statement-breakpoint
CREATE TABLE "daily_practice" (
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"lessons" integer DEFAULT 0 NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"native_score_sum" double precision DEFAULT 0 NOT NULL,
	"assessments" integer DEFAULT 0 NOT NULL,
	"eps_sum" double precision DEFAULT 0 NOT NULL,
	"first_eps" real,
	"first_eps_at" timestamp with time zone,
	"last_eps" real,
	"last_eps_at" timestamp with time zone,
	"last_active_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_practice_organization_id_user_id_day_pk" PRIMARY KEY("organization_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "practice_events" (
	"id" bigserial NOT NULL,
	"user_id" integer NOT NULL,
	"client_event_id" text NOT NULL,
	"kind" "practice_kind" NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"module_name" text,
	"lesson_name" text,
	"difficulty_level" text,
	"seconds" integer DEFAULT 0 NOT NULL,
	"native_score" real,
	"eps" real,
	"overall_score" real,
	"pronunciation" real,
	"intonation" real,
	"fluency" real,
	"skills" jsonb,
	CONSTRAINT "practice_events_occurred_at_id_pk" PRIMARY KEY("occurred_at","id"),
	CONSTRAINT "practice_events_client_key" UNIQUE("user_id","client_event_id","occurred_at")
) PARTITION BY RANGE ("occurred_at");
--> statement-breakpoint
-- Monthly partitions are made ahead by the server (server/practice/partitions.ts); the default one takes an event of a month without its own, and its rows move when that month's partition is made.
CREATE TABLE "practice_events_default" PARTITION OF "practice_events" DEFAULT;
--> statement-breakpoint
ALTER TABLE "daily_practice" ADD CONSTRAINT "daily_practice_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_practice" ADD CONSTRAINT "daily_practice_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_events" ADD CONSTRAINT "practice_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_practice_organization_day_idx" ON "daily_practice" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "daily_practice_user_day_idx" ON "daily_practice" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "practice_events_user_idx" ON "practice_events" USING btree ("user_id","occurred_at");
CREATE TYPE "public"."session_method" AS ENUM('password', 'social');--> statement-breakpoint
ALTER TYPE "public"."token_purpose" ADD VALUE 'undo-email';--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "method" "session_method" DEFAULT 'password' NOT NULL;
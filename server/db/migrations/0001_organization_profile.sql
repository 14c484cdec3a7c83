CREATE TYPE "public"."industry" AS ENUM('aerospace', 'transportation', 'computer_software_internet', 'telecommunication', 'food_and_agriculture', 'construction', 'education', 'healthcare', 'travel_and_hospitality', 'entertainment_news_media_music', 'energy', 'manufacturing', 'fashion_and_clothing', 'mining', 'consulting_services', 'other');--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "industry" "industry";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "address_1" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "address_2" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "timezone" text;
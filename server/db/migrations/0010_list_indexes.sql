CREATE INDEX "memberships_organization_user_idx" ON "memberships" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "organizations_name_lower_idx" ON "organizations" USING btree (lower("name"),"id") WHERE "organizations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "organizations_created_at_idx" ON "organizations" USING btree ("created_at","id") WHERE "organizations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "organizations_country_idx" ON "organizations" USING btree ("country","id") WHERE "organizations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_username_trgm_idx" ON "organizations" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_first_name_lower_idx" ON "users" USING btree (lower("first_name"));--> statement-breakpoint
CREATE INDEX "users_last_name_lower_idx" ON "users" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
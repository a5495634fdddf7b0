-- Decision 033: a listing carries its owner's ban, so a browse page finds public listings in one index without
-- visiting each owner's row. Triggers, not application code, keep the copy: no way of banning can forget it.
ALTER TABLE "services" ADD COLUMN "owner_banned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "services" SET "owner_banned" = true FROM "users" WHERE "users"."id" = "services"."user_id" AND "users"."is_banned";--> statement-breakpoint
-- A new listing (or one given to someone else) takes its owner's ban. FOR SHARE waits for a ban being written at
-- that moment and reads it once committed; a ban that comes after waits for this listing, and then finds it.
CREATE FUNCTION "services_take_owner_ban"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "is_banned" INTO NEW."owner_banned" FROM "users" WHERE "id" = NEW."user_id" FOR SHARE;
  NEW."owner_banned" := coalesce(NEW."owner_banned", false);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "services_owner_ban" BEFORE INSERT OR UPDATE OF "user_id" ON "services" FOR EACH ROW EXECUTE FUNCTION "services_take_owner_ban"();
--> statement-breakpoint
-- A ban or its lifting reaches every listing of the person at once (and moves their revisions: decision 031).
CREATE FUNCTION "services_follow_owner_ban"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "services" SET "owner_banned" = NEW."is_banned" WHERE "user_id" = NEW."id" AND "owner_banned" IS DISTINCT FROM NEW."is_banned";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_ban_services" AFTER UPDATE OF "is_banned" ON "users" FOR EACH ROW
  WHEN (OLD."is_banned" IS DISTINCT FROM NEW."is_banned") EXECUTE FUNCTION "services_follow_owner_ban"();
--> statement-breakpoint
DROP INDEX "services_public_newest_idx";--> statement-breakpoint
DROP INDEX "services_public_category_newest_idx";--> statement-breakpoint
CREATE INDEX "services_public_newest_idx" ON "services" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "services"."deleted_at" is null and "services"."is_active" and not "services"."owner_banned";--> statement-breakpoint
CREATE INDEX "services_public_category_newest_idx" ON "services" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "services"."deleted_at" is null and "services"."is_active" and not "services"."owner_banned";

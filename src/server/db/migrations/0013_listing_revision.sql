ALTER TABLE "services" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Decision 031: a listing's revision moves with every change to what its card shows, so a card remembered under
-- (id, revision) is current exactly while the revision is. Any update of the row moves it, whatever the statement set.
CREATE FUNCTION "services_next_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "services_revision" BEFORE UPDATE ON "services" FOR EACH ROW EXECUTE FUNCTION "services_next_revision"();
--> statement-breakpoint
-- Pictures added to, removed from or reordered on a listing: one statement per change, bulk ones included.
CREATE FUNCTION "services_revise_for_images"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "services" SET "revision" = "revision" + 1 WHERE "id" IN (SELECT "service_id" FROM new_images WHERE "service_id" IS NOT NULL);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "services" SET "revision" = "revision" + 1 WHERE "id" IN (SELECT "service_id" FROM old_images WHERE "service_id" IS NOT NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "images_revise_services_insert" AFTER INSERT ON "images"
  REFERENCING NEW TABLE AS new_images FOR EACH STATEMENT EXECUTE FUNCTION "services_revise_for_images"();
--> statement-breakpoint
CREATE TRIGGER "images_revise_services_update" AFTER UPDATE ON "images"
  REFERENCING NEW TABLE AS new_images OLD TABLE AS old_images FOR EACH STATEMENT EXECUTE FUNCTION "services_revise_for_images"();
--> statement-breakpoint
CREATE TRIGGER "images_revise_services_delete" AFTER DELETE ON "images"
  REFERENCING OLD TABLE AS old_images FOR EACH STATEMENT EXECUTE FUNCTION "services_revise_for_images"();
--> statement-breakpoint
-- The owner's name and picture are on every card of theirs.
CREATE FUNCTION "services_revise_for_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "services" SET "revision" = "revision" + 1 WHERE "user_id" = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_revise_services" AFTER UPDATE OF "username", "first_name", "profile_image_url" ON "users" FOR EACH ROW
  WHEN (OLD."username" IS DISTINCT FROM NEW."username" OR OLD."first_name" IS DISTINCT FROM NEW."first_name"
    OR OLD."profile_image_url" IS DISTINCT FROM NEW."profile_image_url")
  EXECUTE FUNCTION "services_revise_for_owner"();
--> statement-breakpoint
-- Categories are fixed by the catalogue, but a card shows its category's name and colour: should one ever change,
-- its listings' cards follow.
CREATE FUNCTION "services_revise_for_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "services" SET "revision" = "revision" + 1 WHERE "category_id" = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "categories_revise_services" AFTER UPDATE ON "categories" FOR EACH ROW
  WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION "services_revise_for_category"();

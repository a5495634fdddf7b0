ALTER TABLE "saved_search_matches" DROP CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk";
--> statement-breakpoint
DROP INDEX "saved_search_matches_pending_idx";--> statement-breakpoint
-- A saved search's matches go with it (decision 053): what the foreign key's cascade did, without the key's check
-- locking the search's row for every match written.
CREATE FUNCTION "saved_searches_delete_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "saved_search_matches" WHERE "saved_search_id" = OLD."id";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "saved_searches_matches_go" AFTER DELETE ON "saved_searches" FOR EACH ROW EXECUTE FUNCTION "saved_searches_delete_matches"();
--> statement-breakpoint
DELETE FROM "saved_search_matches" m WHERE NOT EXISTS (SELECT 1 FROM "saved_searches" s WHERE s."id" = m."saved_search_id");

CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "services_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- New listings add their words in one set-based statement per INSERT (bulk imports included).
CREATE FUNCTION "search_words_from_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM inserted, unnest(tsvector_to_array(inserted.search_vector)) AS w
  WHERE char_length(w) BETWEEN 2 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "services_search_words_insert" AFTER INSERT ON "services"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_inserted"();
--> statement-breakpoint
-- An edit of the title or description adds any new words (likes and pauses do not fire it).
CREATE FUNCTION "search_words_from_edited"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM unnest(tsvector_to_array(NEW.search_vector)) AS w
  WHERE char_length(w) BETWEEN 2 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "services_search_words_edit" AFTER UPDATE OF "title", "description" ON "services"
  FOR EACH ROW EXECUTE FUNCTION "search_words_from_edited"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM "services", unnest(tsvector_to_array("services"."search_vector")) AS w
WHERE char_length(w) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;

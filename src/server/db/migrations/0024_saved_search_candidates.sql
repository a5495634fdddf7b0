DROP INDEX "saved_searches_area_idx";--> statement-breakpoint
DROP INDEX "saved_searches_anywhere_idx";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "include_virtual" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "saved_searches_virtual_idx" ON "saved_searches" USING btree ("category_id","listing_type") WHERE "saved_searches"."min_latitude" is not null and "saved_searches"."include_virtual";--> statement-breakpoint
CREATE INDEX "saved_searches_area_idx" ON "saved_searches" USING gist (box(point("min_longitude", "min_latitude"), point("max_longitude", "max_latitude"))) WHERE "saved_searches"."min_latitude" is not null;--> statement-breakpoint
CREATE INDEX "saved_searches_anywhere_idx" ON "saved_searches" USING btree ("category_id","listing_type") WHERE "saved_searches"."min_latitude" is null;
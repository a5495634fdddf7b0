CREATE TABLE "saved_search_cursor" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"service_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "saved_search_cursor_one_row" CHECK ("saved_search_cursor"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_service_id_pk" PRIMARY KEY("saved_search_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"search" text,
	"search_query" text,
	"category_id" integer,
	"listing_type" text,
	"near_zip" text,
	"radius_miles" integer,
	"latitude" double precision,
	"longitude" double precision,
	"min_latitude" double precision,
	"max_latitude" double precision,
	"min_longitude" double precision,
	"max_longitude" double precision,
	"frequency" text NOT NULL,
	"last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_alert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_listing_type_check" CHECK ("saved_searches"."listing_type" is null or "saved_searches"."listing_type" in ('offer', 'request')),
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" in ('instant', 'daily', 'off')),
	CONSTRAINT "saved_searches_area" CHECK (("saved_searches"."near_zip" is null) = ("saved_searches"."latitude" is null) and ("saved_searches"."latitude" is null) = ("saved_searches"."min_latitude" is null))
);
--> statement-breakpoint
DROP INDEX "services_public_newest_idx";--> statement-breakpoint
DROP INDEX "services_public_category_newest_idx";--> statement-breakpoint
DROP INDEX "services_public_place_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_zip" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "expired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_new_idx" ON "saved_search_matches" USING btree ("saved_search_id","matched_at");--> statement-breakpoint
CREATE INDEX "saved_search_matches_pending_idx" ON "saved_search_matches" USING btree ("matched_at") WHERE "saved_search_matches"."alerted_at" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "saved_searches_area_idx" ON "saved_searches" USING gist (box(point("min_longitude", "min_latitude"), point("max_longitude", "max_latitude"))) WHERE "saved_searches"."min_latitude" is not null and "saved_searches"."frequency" <> 'off';--> statement-breakpoint
CREATE INDEX "saved_searches_anywhere_idx" ON "saved_searches" USING btree ("category_id","listing_type") WHERE "saved_searches"."min_latitude" is null and "saved_searches"."frequency" <> 'off';--> statement-breakpoint
CREATE INDEX "services_expiry_idx" ON "services" USING btree ("expires_at") WHERE "services"."deleted_at" is null and not "services"."expired" and "services"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "services_published_idx" ON "services" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "services_public_newest_idx" ON "services" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "services"."deleted_at" is null and "services"."is_active" and not "services"."owner_banned" and not "services"."expired";--> statement-breakpoint
CREATE INDEX "services_public_category_newest_idx" ON "services" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "services"."deleted_at" is null and "services"."is_active" and not "services"."owner_banned" and not "services"."expired";--> statement-breakpoint
CREATE INDEX "services_public_place_idx" ON "services" USING gist (point("longitude", "latitude")) WHERE "services"."deleted_at" is null and "services"."is_active" and not "services"."owner_banned" and not "services"."expired" and not "services"."is_virtual" and "services"."latitude" is not null;--> statement-breakpoint
-- Issue 19: a listing's publication is when it last became visible. Listings that exist today were published when
-- they were created; the alerts start reading after this moment, so none of them is announced as new.
UPDATE "services" SET "published_at" = "created_at";--> statement-breakpoint
INSERT INTO "saved_search_cursor" ("id", "published_at", "service_id") VALUES (1, now(), 0);--> statement-breakpoint
-- Created, restored, resumed or renewed: the moment it turns visible (a ban and its lifting are not a publication).
-- A trigger, not application code, so no way of bringing a listing back can forget it.
CREATE FUNCTION "services_mark_published"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."deleted_at" IS NULL AND NEW."is_active" AND NOT NEW."expired"
     AND (TG_OP = 'INSERT' OR NOT (OLD."deleted_at" IS NULL AND OLD."is_active" AND NOT OLD."expired")) THEN
    NEW."published_at" := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "services_published" BEFORE INSERT OR UPDATE OF "deleted_at", "is_active", "expired" ON "services" FOR EACH ROW EXECUTE FUNCTION "services_mark_published"();

CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"service_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"full" "bytea" NOT NULL,
	"full_width" integer NOT NULL,
	"full_height" integer NOT NULL,
	"card" "bytea" NOT NULL,
	"card_width" integer NOT NULL,
	"card_height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_likes" (
	"service_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_likes_service_id_user_id_pk" PRIMARY KEY("service_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"category_id" integer NOT NULL,
	"service_type_id" integer NOT NULL,
	"listing_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"city" text,
	"state" text,
	"zip_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"rate_cents" integer,
	"rate_type" text DEFAULT 'hourly' NOT NULL,
	"prices_vary" boolean DEFAULT false NOT NULL,
	"availability" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("services"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("services"."description", '')), 'B')) STORED,
	CONSTRAINT "services_listing_type_check" CHECK ("services"."listing_type" in ('offer', 'request')),
	CONSTRAINT "services_rate_type_check" CHECK ("services"."rate_type" in ('hourly', 'fixed')),
	CONSTRAINT "services_rate_positive" CHECK ("services"."rate_cents" is null or "services"."rate_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_likes" ADD CONSTRAINT "service_likes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_likes" ADD CONSTRAINT "service_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_service_idx" ON "images" USING btree ("service_id","position");--> statement-breakpoint
CREATE INDEX "images_unattached_idx" ON "images" USING btree ("created_at") WHERE "images"."service_id" is null;--> statement-breakpoint
CREATE INDEX "service_likes_user_idx" ON "service_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "services_user_idx" ON "services" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "services_public_newest_idx" ON "services" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "services"."deleted_at" is null and "services"."is_active";--> statement-breakpoint
CREATE INDEX "services_public_category_newest_idx" ON "services" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "services"."deleted_at" is null and "services"."is_active";--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "services_title_trgm_idx" ON "services" USING gin ("title" gin_trgm_ops);
CREATE TABLE "member_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"completion_id" integer,
	"reviewer_id" text NOT NULL,
	"member_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"review_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_reviews_rating_range" CHECK ("member_reviews"."rating" between 1 and 5),
	CONSTRAINT "member_reviews_text_length" CHECK ("member_reviews"."review_text" is null or char_length("member_reviews"."review_text") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_completion_id_service_completions_id_fk";
--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "completion_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_reviews" ADD CONSTRAINT "member_reviews_completion_id_service_completions_id_fk" FOREIGN KEY ("completion_id") REFERENCES "public"."service_completions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reviews" ADD CONSTRAINT "member_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reviews" ADD CONSTRAINT "member_reviews_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_reviews_completion_key" ON "member_reviews" USING btree ("completion_id");--> statement-breakpoint
CREATE INDEX "member_reviews_member_newest_idx" ON "member_reviews" USING btree ("member_id","id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_completion_id_service_completions_id_fk" FOREIGN KEY ("completion_id") REFERENCES "public"."service_completions"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "account_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('verify_email', 'change_email', 'reset_password'))
);
--> statement-breakpoint
DROP INDEX "images_unattached_idx";--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "kind" text DEFAULT 'listing' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_purpose_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "images_user_idx" ON "images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "services_not_deleted_idx" ON "services" USING btree ("id") WHERE "services"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "images_unattached_idx" ON "images" USING btree ("created_at") WHERE "images"."service_id" is null and "images"."kind" = 'listing';--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_kind_check" CHECK ("images"."kind" in ('listing', 'avatar'));
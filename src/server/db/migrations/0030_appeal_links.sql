CREATE TABLE "appeal_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"ban_id" integer NOT NULL,
	"emailed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "bans_appeal_token_key";--> statement-breakpoint
ALTER TABLE "appeal_links" ADD CONSTRAINT "appeal_links_ban_id_bans_id_fk" FOREIGN KEY ("ban_id") REFERENCES "public"."bans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeal_links_ban_id_idx" ON "appeal_links" USING btree ("ban_id","created_at");--> statement-breakpoint
INSERT INTO "appeal_links" ("token_hash", "ban_id", "emailed", "expires_at") SELECT "appeal_token_hash", "id", true, "appeal_token_expires_at" FROM "bans" WHERE "appeal_token_hash" IS NOT NULL AND "appeal_token_expires_at" IS NOT NULL AND "lifted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "bans" DROP COLUMN "appeal_token_hash";--> statement-breakpoint
ALTER TABLE "bans" DROP COLUMN "appeal_token_expires_at";
CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"ban_id" integer NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_message_length" CHECK (char_length("appeals"."message") between 1 and 2000),
	CONSTRAINT "appeals_note_length" CHECK ("appeals"."note" is null or char_length("appeals"."note") between 1 and 1000),
	CONSTRAINT "appeals_status_check" CHECK ("appeals"."status" in ('pending', 'lifted', 'upheld'))
);
--> statement-breakpoint
CREATE TABLE "bans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reason" text,
	"banned_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	"appeal_token_hash" text,
	"appeal_token_expires_at" timestamp with time zone,
	CONSTRAINT "bans_reason_length" CHECK ("bans"."reason" is null or char_length("bans"."reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_ban_id_bans_id_fk" FOREIGN KEY ("ban_id") REFERENCES "public"."bans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bans" ADD CONSTRAINT "bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bans" ADD CONSTRAINT "bans_banned_by_users_id_fk" FOREIGN KEY ("banned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bans" ADD CONSTRAINT "bans_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_one_per_ban_key" ON "appeals" USING btree ("ban_id");--> statement-breakpoint
CREATE INDEX "appeals_status_newest_idx" ON "appeals" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appeals_newest_idx" ON "appeals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "bans_one_standing_key" ON "bans" USING btree ("user_id") WHERE "bans"."lifted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bans_appeal_token_key" ON "bans" USING btree ("appeal_token_hash");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('user.ban', 'user.unban', 'service.delete', 'report.status', 'conversation.read', 'appeal.lift', 'appeal.uphold'));
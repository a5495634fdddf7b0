ALTER TABLE "reports" ALTER COLUMN "service_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "kind" text DEFAULT 'service' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reported_user_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_pending_member_key" ON "reports" USING btree ("reported_user_id","reporter_id") WHERE "reports"."status" = 'pending' and "reports"."reported_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_pending_message_key" ON "reports" USING btree ("message_id","reporter_id") WHERE "reports"."status" = 'pending' and "reports"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "reports_reported_user_idx" ON "reports" USING btree ("reported_user_id");--> statement-breakpoint
CREATE INDEX "reports_message_idx" ON "reports" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "reports_kind_newest_idx" ON "reports" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_kind_check" CHECK ("reports"."kind" in ('service', 'member', 'message'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_one_target" CHECK (("reports"."kind" = 'service') = ("reports"."service_id" is not null) and ("reports"."kind" = 'member') = ("reports"."reported_user_id" is not null) and ("reports"."kind" = 'message') = ("reports"."message_id" is not null));
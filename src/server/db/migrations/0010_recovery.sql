ALTER TABLE "messages" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failed_on_connection" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_id_idx" ON "messages" USING btree ("sender_id","conversation_id","client_id") WHERE "messages"."client_id" is not null;
DROP INDEX "images_service_idx";--> statement-breakpoint
CREATE INDEX "images_service_idx" ON "images" USING btree ("service_id","position","id");
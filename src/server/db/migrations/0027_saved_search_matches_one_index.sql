ALTER TABLE "saved_search_matches" DROP CONSTRAINT "saved_search_matches_service_id_services_id_fk";
--> statement-breakpoint
DROP INDEX "saved_search_matches_new_idx";
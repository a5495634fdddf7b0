-- Decision 049: a card shows whether its owner's address is confirmed, so confirming it (or changing the address,
-- which unconfirms it) moves the revision of their listings, as their name and picture do (decision 031).
DROP TRIGGER "users_revise_services" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_revise_services" AFTER UPDATE OF "username", "first_name", "profile_image_url", "email_verified" ON "users" FOR EACH ROW
  WHEN (OLD."username" IS DISTINCT FROM NEW."username" OR OLD."first_name" IS DISTINCT FROM NEW."first_name"
    OR OLD."profile_image_url" IS DISTINCT FROM NEW."profile_image_url" OR OLD."email_verified" IS DISTINCT FROM NEW."email_verified")
  EXECUTE FUNCTION "services_revise_for_owner"();

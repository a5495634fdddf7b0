ALTER TABLE "account_tokens" DROP CONSTRAINT "account_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "pending_sign_ins" ADD COLUMN "first_step" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_sign_ins" ADD COLUMN "oidc_id_token" text;--> statement-breakpoint
ALTER TABLE "pending_sign_ins" ADD COLUMN "oidc_link" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "enrolment_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('verify_email', 'change_email', 'reset_password', 'second_factor_enrolment'));
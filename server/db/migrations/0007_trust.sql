CREATE TABLE "email_verification_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_verification_token_key" ON "email_verification_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_verification_account_idx" ON "email_verification_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sales_user_held_idx" ON "sales" USING btree ("user_id","held_at") WHERE "sales"."held_at" IS NOT NULL;--> statement-breakpoint
-- A Google sign-in proved its address; nothing else did before this migration.
UPDATE "accounts" SET "email_verified_at" = "created_at" WHERE "google_sub" IS NOT NULL;
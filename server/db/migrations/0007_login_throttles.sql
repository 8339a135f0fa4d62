CREATE TABLE "login_throttles" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_hash" text,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "login_throttles_account_idx" ON "login_throttles" USING btree ("account_hash");--> statement-breakpoint
CREATE INDEX "login_throttles_last_failure_idx" ON "login_throttles" USING btree ("last_failure_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";
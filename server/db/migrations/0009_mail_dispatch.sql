ALTER TABLE "mail_outbox" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_undispatched_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."dispatched_at" is null;--> statement-breakpoint
-- Mails written before this column existed got their delivery job in their own transaction.
UPDATE "mail_outbox" SET "dispatched_at" = "created_at";

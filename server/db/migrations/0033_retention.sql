CREATE TABLE "closed_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"salutation" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"pseudonym_hash" text,
	"document_type" text,
	"eid_bound_at" timestamp with time zone,
	"reason" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"carried_out_identifications" boolean NOT NULL,
	"account_created_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "closed_companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_form" text NOT NULL,
	"address" text NOT NULL,
	"country" text NOT NULL,
	"phone_number" text NOT NULL,
	"phone_number2" text,
	"website" text,
	"member_id" text,
	"application_id" uuid,
	"company_created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closed_company_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"closed_company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"ciphertext" "bytea" NOT NULL,
	"iv" "bytea" NOT NULL,
	"auth_tag" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_run_counts" (
	"run_id" uuid NOT NULL,
	"category" text NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"anonymised" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "retention_run_counts_run_id_category_pk" PRIMARY KEY("run_id","category")
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "closed_company_documents" ADD CONSTRAINT "closed_company_documents_closed_company_id_closed_companies_id_fk" FOREIGN KEY ("closed_company_id") REFERENCES "public"."closed_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_run_counts" ADD CONSTRAINT "retention_run_counts_run_id_retention_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."retention_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closed_accounts_closed_idx" ON "closed_accounts" USING btree ("carried_out_identifications","closed_at");--> statement-breakpoint
CREATE INDEX "closed_companies_closed_idx" ON "closed_companies" USING btree ("closed_at");--> statement-breakpoint
CREATE INDEX "closed_company_documents_closed_idx" ON "closed_company_documents" USING btree ("closed_at");--> statement-breakpoint
CREATE INDEX "retention_runs_started_idx" ON "retention_runs" USING btree ("started_at");--> statement-breakpoint
-- People rejected before this migration: their rejection's audit row, else the row's last change.
UPDATE "users" SET "rejected_at" = coalesce(
  (SELECT max(a."at") FROM "audit_events" a WHERE a."entity_type" = 'user' AND a."entity_id" = "users"."id" AND a."action" = 'user.rejected'),
  "updated_at")
WHERE "status" = 'Rejected';

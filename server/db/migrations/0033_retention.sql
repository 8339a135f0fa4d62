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
--> statement-breakpoint
-- People deleted before this migration have no archive row; their audit rows still name them.
-- Archived from the audit row of their deletion, so the retention job erases them (and anonymises
-- their audit rows) on the same rules. Whether they carried out identifications is unknown: they
-- count as having done so if their company recorded any process before the deletion (kept 10 years
-- and 6 months rather than erased too early, PassDEÜV § 1d Abs. 2).
INSERT INTO "closed_accounts" ("id", "company_id", "role", "status", "email", "salutation", "first_name", "last_name",
  "birth_date", "reason", "closed_at", "carried_out_identifications")
SELECT DISTINCT ON (a."entity_id") a."entity_id", a."company_id",
  coalesce(a."before" ->> 'role', CASE WHEN a."action" = 'administrator.deleted' THEN 'LumioAdmin' ELSE 'Employee' END),
  coalesce(a."before" ->> 'status', ''), coalesce(a."before" ->> 'email', ''), a."before" ->> 'salutation',
  coalesce(a."before" ->> 'firstName', ''), coalesce(a."before" ->> 'lastName', ''),
  CASE WHEN a."before" ->> 'birthDate' ~ '^\d{4}-\d{2}-\d{2}$' THEN (a."before" ->> 'birthDate')::date END,
  'deleted', a."at",
  a."company_id" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "identification_processes" p WHERE p."company_id" = a."company_id" AND p."created_at" <= a."at")
FROM "audit_events" a
WHERE a."action" IN ('user.deleted', 'administrator.deleted')
  AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = a."entity_id")
ORDER BY a."entity_id", a."at" DESC
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Companies deleted before this migration (a company with processes cannot be deleted), from the
-- audit row 'company.deleted' that holds their data.
INSERT INTO "closed_companies" ("id", "name", "legal_form", "address", "country", "phone_number", "phone_number2",
  "website", "member_id", "company_created_at", "closed_at")
SELECT DISTINCT ON (a."entity_id") a."entity_id", coalesce(a."before" ->> 'name', ''),
  coalesce(a."before" ->> 'legalForm', ''), coalesce(a."before" ->> 'address', ''),
  coalesce(a."before" ->> 'country', ''), coalesce(a."before" ->> 'phoneNumber', ''),
  a."before" ->> 'phoneNumber2', a."before" ->> 'website', a."before" ->> 'memberId',
  coalesce((a."before" ->> 'createdAt')::timestamptz, a."at"), a."at"
FROM "audit_events" a
WHERE a."action" = 'company.deleted' AND NOT EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = a."entity_id")
ORDER BY a."entity_id", a."at" DESC
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Their people went without an audit row of their own: whoever acted for such a company and has no
-- account any more is archived with the company's deletion as closure (name and e-mail unknown).
INSERT INTO "closed_accounts" ("id", "company_id", "role", "status", "email", "first_name", "last_name", "reason",
  "closed_at", "carried_out_identifications")
SELECT DISTINCT ON (a."actor_id") a."actor_id", a."company_id", coalesce(a."actor_role", 'Employee'), '',
  coalesce(a."actor_email", ''), '', '', 'deleted', cc."closed_at", false
FROM "audit_events" a
JOIN "closed_companies" cc ON cc."id" = a."company_id"
WHERE a."actor_id" IS NOT NULL AND a."actor_role" IN ('Owner', 'AccountAdministrator', 'Employee')
  AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = a."actor_id")
ORDER BY a."actor_id", a."at" DESC
ON CONFLICT DO NOTHING;

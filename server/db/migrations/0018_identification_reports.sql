CREATE TABLE "identification_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requested_by" uuid,
	"scope_company_id" uuid,
	"scope_system_integrator_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"post_paid_only" boolean DEFAULT false NOT NULL,
	"company_id" uuid,
	"company_name" text,
	"system_integrator_id" uuid,
	"system_integrator_name" text,
	"reseller_id" uuid,
	"reseller_name" text,
	"state" text DEFAULT 'Pending' NOT NULL,
	"file_size" bigint,
	"process_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "identification_reports_state" CHECK (state IN ('Pending', 'InProgress', 'Completed', 'Failed')),
	CONSTRAINT "identification_reports_period" CHECK ("identification_reports"."end_date" >= "identification_reports"."start_date")
);
--> statement-breakpoint
ALTER TABLE "identification_reports" ADD CONSTRAINT "identification_reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identification_reports" ADD CONSTRAINT "identification_reports_scope_company_id_companies_id_fk" FOREIGN KEY ("scope_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identification_reports" ADD CONSTRAINT "identification_reports_scope_system_integrator_id_system_integrators_id_fk" FOREIGN KEY ("scope_system_integrator_id") REFERENCES "public"."system_integrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identification_reports_updated_idx" ON "identification_reports" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "identification_reports_company_updated_idx" ON "identification_reports" USING btree ("scope_company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "identification_reports_integrator_updated_idx" ON "identification_reports" USING btree ("scope_system_integrator_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "identification_reports_requested_by_idx" ON "identification_reports" USING btree ("requested_by");
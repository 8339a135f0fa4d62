CREATE TABLE "identification_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"system_integrator_id" uuid NOT NULL,
	"reseller_id" uuid,
	"package_id" uuid,
	"postpaid" boolean NOT NULL,
	"machine_id" text NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"status" text DEFAULT 'Completed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "license_activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"machine_id" text NOT NULL,
	"replaced_machine_id" text,
	"forced" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"store_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"system_integrator_id" uuid NOT NULL,
	"reseller_id" uuid,
	"postpaid_allowed" boolean DEFAULT false NOT NULL,
	"bound_machine_id" text,
	"bound_at" timestamp with time zone,
	"suspended" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(key) || chr(31) || lower(coalesce(bound_machine_id, ''))) STORED NOT NULL,
	CONSTRAINT "licenses_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "package_notices" (
	"package_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_notices_package_id_kind_pk" PRIMARY KEY("package_id","kind")
);
--> statement-breakpoint
CREATE TABLE "prepaid_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"amount" integer NOT NULL,
	"used_amount" integer DEFAULT 0 NOT NULL,
	"remaining_amount" integer GENERATED ALWAYS AS (amount - used_amount) STORED NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prepaid_packages_amount_positive" CHECK ("prepaid_packages"."amount" >= 1),
	CONSTRAINT "prepaid_packages_used_within_amount" CHECK ("prepaid_packages"."used_amount" >= 0 AND "prepaid_packages"."used_amount" <= "prepaid_packages"."amount"),
	CONSTRAINT "prepaid_packages_end_after_start" CHECK ("prepaid_packages"."end_date" > "prepaid_packages"."start_date")
);
--> statement-breakpoint
ALTER TABLE "identification_processes" ADD CONSTRAINT "identification_processes_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identification_processes" ADD CONSTRAINT "identification_processes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identification_processes" ADD CONSTRAINT "identification_processes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identification_processes" ADD CONSTRAINT "identification_processes_system_integrator_id_system_integrators_id_fk" FOREIGN KEY ("system_integrator_id") REFERENCES "public"."system_integrators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identification_processes" ADD CONSTRAINT "identification_processes_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identification_processes" ADD CONSTRAINT "identification_processes_package_id_prepaid_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."prepaid_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_activations" ADD CONSTRAINT "license_activations_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_system_integrator_id_system_integrators_id_fk" FOREIGN KEY ("system_integrator_id") REFERENCES "public"."system_integrators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_notices" ADD CONSTRAINT "package_notices_package_id_prepaid_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."prepaid_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_packages" ADD CONSTRAINT "prepaid_packages_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identification_processes_idempotency_key" ON "identification_processes" USING btree ("license_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "identification_processes_company_created_idx" ON "identification_processes" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "identification_processes_integrator_created_idx" ON "identification_processes" USING btree ("system_integrator_id","created_at","id");--> statement-breakpoint
CREATE INDEX "identification_processes_license_created_idx" ON "identification_processes" USING btree ("license_id","created_at");--> statement-breakpoint
CREATE INDEX "identification_processes_package_idx" ON "identification_processes" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "identification_processes_created_idx" ON "identification_processes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "license_activations_license_at_idx" ON "license_activations" USING btree ("license_id","at");--> statement-breakpoint
CREATE INDEX "licenses_store_idx" ON "licenses" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "licenses_company_idx" ON "licenses" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "licenses_system_integrator_idx" ON "licenses" USING btree ("system_integrator_id");--> statement-breakpoint
CREATE INDEX "licenses_reseller_idx" ON "licenses" USING btree ("reseller_id");--> statement-breakpoint
CREATE INDEX "licenses_search_trgm" ON "licenses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prepaid_packages_license_idx" ON "prepaid_packages" USING btree ("license_id","end_date");
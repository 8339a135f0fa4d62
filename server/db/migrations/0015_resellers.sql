CREATE TABLE "resellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"system_integrator_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_system_integrator_id_system_integrators_id_fk" FOREIGN KEY ("system_integrator_id") REFERENCES "public"."system_integrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_integrator_name_key" ON "resellers" USING btree ("system_integrator_id",lower("name"));--> statement-breakpoint
CREATE INDEX "resellers_integrator_name_id" ON "resellers" USING btree ("system_integrator_id","name","id");--> statement-breakpoint
CREATE INDEX "resellers_search_trgm" ON "resellers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The reseller list's cached totals (server/lib/count-cache.ts), as migration 0004 does it for
-- system_integrators: every change sets a new version of the list 'resellers'.
CREATE TRIGGER resellers_list_version
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON resellers
FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
INSERT INTO list_versions (name, version) VALUES ('resellers', nextval('list_version_seq'))
ON CONFLICT (name) DO NOTHING;

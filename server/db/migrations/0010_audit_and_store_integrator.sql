CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"actor_role" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"company_id" uuid,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "system_integrator_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_events_company_idx" ON "audit_events" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","at");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_system_integrator_id_system_integrators_id_fk" FOREIGN KEY ("system_integrator_id") REFERENCES "public"."system_integrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stores_system_integrator_idx" ON "stores" USING btree ("system_integrator_id");
-- Issue 24: a machine is bound to one licence of a system integrator at a time. Who set the device
-- id by hand in the portal is kept with the activation.
ALTER TABLE "license_activations" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
-- Bindings made before the rule may share a machine within one integrator; the latest binding
-- keeps it, the older ones are released (their device activates again, or the integrator binds
-- it anew in the portal), so that the unique index below can be built.
UPDATE "licenses" SET "bound_machine_id" = NULL, "bound_at" = NULL, "updated_at" = now()
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "system_integrator_id", "bound_machine_id"
      ORDER BY "bound_at" DESC NULLS LAST, "updated_at" DESC, "id"
    ) AS "rank"
    FROM "licenses" WHERE "bound_machine_id" IS NOT NULL
  ) AS "bindings" WHERE "rank" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_machine_per_integrator_unique" ON "licenses" USING btree ("system_integrator_id","bound_machine_id") WHERE bound_machine_id is not null;--> statement-breakpoint
-- A password change ends the other sessions and keeps its own (server/idp/update-password.ts).
ALTER TABLE "users" ADD COLUMN "session_kept_sid" text;

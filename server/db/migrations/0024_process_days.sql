CREATE TABLE "identification_process_days" (
	"day" date NOT NULL,
	"license_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"system_integrator_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"prepaid" integer DEFAULT 0 NOT NULL,
	"postpaid" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "identification_process_days_license_id_day_kind_company_id_system_integrator_id_pk" PRIMARY KEY("license_id","day","kind","company_id","system_integrator_id")
);
--> statement-breakpoint
CREATE INDEX "identification_process_days_company_idx" ON "identification_process_days" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "identification_process_days_integrator_idx" ON "identification_process_days" USING btree ("system_integrator_id","day");--> statement-breakpoint
CREATE INDEX "identification_process_days_day_idx" ON "identification_process_days" USING btree ("day");--> statement-breakpoint
-- Keeps identification_process_days (server/modules/usage/usage.table.ts) in step with the
-- processes: once per statement, from the statement's old and new rows, in its transaction. A
-- group whose counts do not change is not written, so a cancellation (a status change) touches
-- only its 'cancelled' row and never the 'recorded' row a consumption of the same licence locks.
CREATE FUNCTION count_identification_process_days() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  -- A statement's trigger sees only the transition tables its event has (no old rows on INSERT).
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT created_at, license_id, company_id, system_integrator_id, postpaid, status, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT created_at, license_id, company_id, system_integrator_id, postpaid, status, -1 AS sign FROM old_rows'
    ELSE 'SELECT created_at, license_id, company_id, system_integrator_id, postpaid, status, 1 AS sign FROM new_rows
          UNION ALL
          SELECT created_at, license_id, company_id, system_integrator_id, postpaid, status, -1 FROM old_rows'
  END;
BEGIN
  EXECUTE format($q$
    WITH changed AS (
      SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date AS day, license_id, company_id, system_integrator_id,
        postpaid, status, sign
      FROM (%s) rows
    ),
    deltas AS (
      SELECT day, license_id, company_id, system_integrator_id, 'recorded' AS kind,
        sum(sign) FILTER (WHERE NOT postpaid) AS prepaid, sum(sign) FILTER (WHERE postpaid) AS postpaid
      FROM changed GROUP BY day, license_id, company_id, system_integrator_id
      UNION ALL
      SELECT day, license_id, company_id, system_integrator_id, 'cancelled',
        sum(sign) FILTER (WHERE NOT postpaid AND status = 'Cancelled'),
        sum(sign) FILTER (WHERE postpaid AND status = 'Cancelled')
      FROM changed GROUP BY day, license_id, company_id, system_integrator_id
    )
    INSERT INTO identification_process_days AS t (day, license_id, company_id, system_integrator_id, kind, prepaid, postpaid)
    SELECT day, license_id, company_id, system_integrator_id, kind, coalesce(prepaid, 0), coalesce(postpaid, 0)
    FROM deltas WHERE coalesce(prepaid, 0) <> 0 OR coalesce(postpaid, 0) <> 0
    ON CONFLICT (license_id, day, kind, company_id, system_integrator_id)
    DO UPDATE SET prepaid = t.prepaid + excluded.prepaid, postpaid = t.postpaid + excluded.postpaid
  $q$, changed);
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE TRIGGER identification_process_days_insert
AFTER INSERT ON identification_processes REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION count_identification_process_days();
--> statement-breakpoint
CREATE TRIGGER identification_process_days_update
AFTER UPDATE ON identification_processes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION count_identification_process_days();
--> statement-breakpoint
CREATE TRIGGER identification_process_days_delete
AFTER DELETE ON identification_processes REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION count_identification_process_days();
--> statement-breakpoint
-- The processes written before this migration.
INSERT INTO identification_process_days (day, license_id, company_id, system_integrator_id, kind, prepaid, postpaid)
SELECT day, license_id, company_id, system_integrator_id, kind, prepaid, postpaid FROM (
  SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date AS day, license_id, company_id, system_integrator_id,
    'recorded' AS kind, count(*) FILTER (WHERE NOT postpaid)::int AS prepaid, count(*) FILTER (WHERE postpaid)::int AS postpaid
  FROM identification_processes GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date, license_id, company_id, system_integrator_id,
    'cancelled', count(*) FILTER (WHERE NOT postpaid)::int, count(*) FILTER (WHERE postpaid)::int
  FROM identification_processes WHERE status = 'Cancelled' GROUP BY 1, 2, 3, 4
) counted WHERE prepaid <> 0 OR postpaid <> 0;

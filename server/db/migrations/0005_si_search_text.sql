DROP INDEX "system_integrators_name_trgm";--> statement-breakpoint
DROP INDEX "system_integrators_code_trgm";--> statement-breakpoint
ALTER TABLE "system_integrators" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name) || chr(31) || lower(code)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "system_integrators_search_trgm" ON "system_integrators" USING gin ("search_text" gin_trgm_ops);
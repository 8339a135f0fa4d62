-- Hand-edited after drizzle-kit (it knows neither UNLOGGED nor storage parameters): counters are
-- worth nothing after a crash, so no WAL is written for them; free space on every page lets the
-- upsert of each limited request update a row in place (HOT, the key never changes).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
) WITH (fillfactor = 50);

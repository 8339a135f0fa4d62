-- Bumps the version of a list (server/lib/count-cache.ts): the one named by the trigger's argument,
-- else the one named like the changed table, so a list that counts over several tables can bump
-- one name from each of them. It runs once per statement, in the statement's transaction: the new
-- version becomes visible together with the rows, on every server that shares the database. A
-- statement that changed no row bumps it too; that only costs one extra count. The upsert
-- recreates a deleted row instead of leaving the list without a version.
CREATE FUNCTION bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions (name, version) VALUES (coalesce(TG_ARGV[0], TG_TABLE_NAME), nextval('list_version_seq'))
  ON CONFLICT (name) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER system_integrators_list_version
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON system_integrators
FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version();
--> statement-breakpoint
INSERT INTO list_versions (name, version) VALUES ('system_integrators', nextval('list_version_seq'))
ON CONFLICT (name) DO NOTHING;

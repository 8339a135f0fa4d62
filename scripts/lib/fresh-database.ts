// The benchmarks' server processes and the browser suite on Keycloak start from an empty PostgreSQL
// database of their own, dropped and created through the cluster's `postgres` database.
import pg from 'pg';

/**
 * Drops and creates the URL's database. With `keepExisting` an existing one stays as it is (a
 * benchmark that reuses the rows it seeded in its last run).
 */
export async function freshPostgresDatabase(url: string, { keepExisting = false } = {}): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  // The name goes into DDL, where it cannot be a bound parameter.
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (keepExisting) {
      const exists = (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
      if (exists) return;
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Row counts and a checksum of every application table and the audit trail, to prove a refused
 * request wrote nothing.
 * The mail outbox and the reports count by their ids only: their jobs update earlier rows in the
 * background, while a refused request must not queue a mail or a report (nor the report's job).
 */
export async function snapshotTables(app: FastifyInstance): Promise<Record<string, string>> {
  const tables = [
    'users',
    'companies',
    'stores',
    'system_integrators',
    'resellers',
    // The delivery job marks an endpoint failing or switched off in the background (a test event
    // of an earlier request); what a request sets is its address, events, switch and secret.
    '(SELECT id, url, events, active, secret FROM webhook_endpoints)',
    // A refused request queues no delivery; the job updates earlier ones in the background.
    '(SELECT id FROM webhook_deliveries)',
    // The last use is written by the authentication of any API client's call, also a refused one.
    '(SELECT id, name, client_id, secret_hash FROM api_clients)',
    'company_applications',
    'documents',
    'password_setup_tokens',
    'email_change_requests',
    'employee_invitations',
    'eid_sessions',
    'eid_bindings',
    'closed_accounts',
    'closed_companies',
    'closed_company_documents',
    'eid_reviews',
    'licenses',
    'license_activations',
    'prepaid_packages',
    'identification_processes',
    'package_notices',
    // A refused request leaves no trace in the audit trail either.
    'audit_events',
    '(SELECT id FROM mail_outbox)',
    // Reports change state in the background (their job); a refused request must add none, nor a job.
    '(SELECT id FROM identification_reports)',
    "(SELECT id FROM pgboss.job WHERE name = 'identification-report')",
    // Data exports likewise ('Meine Daten'): their job changes them; a refused request adds none.
    '(SELECT id FROM data_exports)',
    "(SELECT id FROM pgboss.job WHERE name = 'data-export')",
    // An issued statement never changes, and a refused or bad request issues none.
    'statements',
  ];
  const out: Record<string, string> = {};
  for (const table of tables) {
    const result = await app.db.execute(
      sql.raw(
        `SELECT count(*)::text AS n, coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS h FROM ${table} t`,
      ),
    );
    const row = (result as unknown as { rows: { n: string; h: string }[] }).rows[0];
    out[table] = `${row.n}:${row.h}`;
  }
  return out;
}

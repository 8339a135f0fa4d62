import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { RETENTION_CATEGORIES, RETENTION_CATEGORY_TEXTS } from '../../src/domain/retention';
import { openDatabase } from '../../server/db/client';
import { seedDemoData } from '../../server/db/seed';

const root = new URL('../..', import.meta.url).pathname;
const TABLES = [
  'users',
  'closed_accounts',
  'closed_companies',
  'closed_company_documents',
  'company_applications',
  'documents',
  'employee_invitations',
  'identification_processes',
  'identification_reports',
  'audit_events',
  'retention_runs',
];

async function counts(dataDir: string): Promise<Record<string, number>> {
  const database = await openDatabase({ dataDir });
  try {
    const result: Record<string, number> = {};
    for (const table of TABLES) {
      const rows = await database.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
      result[table] = rows.rows[0].n;
    }
    return result;
  } finally {
    await database.close();
  }
}

describe('npm run retention -- --dry-run (issue 28)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumio-retention-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints in German per category what would go on the demo data, with the rule, and changes nothing', async () => {
    const database = await openDatabase({ dataDir });
    await seedDemoData(database.db, { pseudonymKey: randomBytes(32), secondFactorKey: randomBytes(32) });
    await database.close();
    const before = await counts(dataDir);

    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/retention.ts', '--dry-run'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const [code] = await once(child, 'exit');
    expect(code, output).toBe(0);
    expect(output).toContain('Probelauf der Löschregeln – es wird nichts geändert.');
    for (const category of RETENTION_CATEGORIES) {
      const text = RETENTION_CATEGORY_TEXTS[category];
      const block = output.slice(output.indexOf(text));
      expect(block, category).toMatch(/^.*\n {2}fällig: (\d[\d.]*)\n {2}Regel: /);
      const due = Number(/fällig: ([\d.]+)/.exec(block)![1].replaceAll('.', ''));
      expect(due, category).toBeGreaterThan(0);
    }
    expect(output).toContain('10 Jahre und 6 Monate');
    expect(output).not.toMatch(/\b(checked|deleted|anonymised|undefined)\b/);

    expect(await counts(dataDir)).toEqual(before);
  });
});

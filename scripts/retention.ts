// `npm run retention -- --dry-run`: prints in German, per category, what the retention job would
// delete or anonymise now, and the rule; changes nothing. Without --dry-run: one real run, as the
// daily job does (server/jobs/retention.job.ts), recorded in retention_runs.
// Works against the configured database (DATABASE_URL, else the embedded PGlite in DATA_DIR; the
// API must not run then: a PGlite database belongs to one process).
import { pino } from 'pino';
import { RETENTION_CATEGORY_TEXTS } from '../src/domain/retention';
import { retentionRule } from '../src/domain/retentionRules';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { idpAdminPortForJobs } from '../server/idp/admin-port-for-jobs';
import { retentionDryRun, runRetention } from '../server/modules/retention/retention-run';

const dryRun = process.argv.includes('--dry-run');
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
const log = pino({ level: 'warn' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const number = new Intl.NumberFormat('de-DE');
try {
  const options = {
    reportRetentionDays: config.reportRetentionDays,
    deleteAccount: (tx: Parameters<ReturnType<typeof idpAdminPortForJobs>['deleteUser']>[0], userId: string) =>
      idpAdminPortForJobs(config, database.db, log).deleteUser(tx, userId),
  };
  const categories = dryRun
    ? await retentionDryRun(database.db, options)
    : (await runRetention(database.db, options)).categories;
  console.log(dryRun ? 'Probelauf der Löschregeln – es wird nichts geändert.\n' : 'Löschlauf abgeschlossen.\n');
  for (const c of categories) {
    const rule = retentionRule(c.category);
    console.log(`${RETENTION_CATEGORY_TEXTS[c.category]}`);
    if (dryRun) {
      console.log(`  fällig: ${number.format(c.checked)}`);
    } else {
      console.log(
        `  geprüft: ${number.format(c.checked)}, gelöscht: ${number.format(c.deleted)}, anonymisiert: ${number.format(c.anonymised)}`,
      );
    }
    console.log(`  Regel: ${rule.what}`);
    console.log(`  Frist: ${rule.periodText}; Fristbeginn: ${rule.after}`);
    console.log(`  Rechtsgrundlage: ${rule.source}`);
  }
} finally {
  await database.close();
}

// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Zero-downtime upgrades and rollbacks (docs/production.md, A.8 and A.9) rely on one rule: while a
 * rolling restart runs, instances of the old release work on the schema the new release migrated,
 * and after a rollback the old release runs on it. So a migration from the first release that was
 * run as a service (issue 23) on only adds: tables, nullable or defaulted columns, indexes,
 * functions, triggers. Dropping, renaming, retyping or tightening comes one release later, in a
 * migration marked `-- lumio:breaking <why>`, which the release notes must announce (a stop of all
 * instances instead of a rolling restart).
 */
const migrations = join(new URL('../..', import.meta.url).pathname, 'server/db/migrations');
/** The migrations before the rule: written while nothing ran in production. */
const LAST_BEFORE_RULE = 18;

const BREAKING = [
  /\bDROP\s+(TABLE|COLUMN|SCHEMA|TYPE|VIEW)\b/i,
  /\bRENAME\b/i,
  /\bALTER\s+COLUMN\s+"?[\w]+"?\s+(SET\s+DATA\s+)?TYPE\b/i,
  /\bSET\s+NOT\s+NULL\b/i,
  // A NOT NULL column without a default anywhere in the statement (drizzle writes DEFAULT first).
  /^(?![^;]*\bDEFAULT\b)[^;]*\bALTER\s+TABLE\b[^;]*\bADD\s+COLUMN\b[^;]*\bNOT\s+NULL\b/i,
];

function breakingStatements(sql: string): string[] {
  if (/^--\s*lumio:breaking\s+\S/m.test(sql)) return [];
  return sql
    .split(/;|--> statement-breakpoint/)
    .map((statement) => statement.trim())
    .filter((statement) => BREAKING.some((pattern) => pattern.test(statement)));
}

describe('migrations only add (rolling restarts and rollbacks)', () => {
  const files = readdirSync(migrations).filter((name) => /^\d{4}_.*\.sql$/.test(name));

  it.each(files.filter((name) => Number(name.slice(0, 4)) > LAST_BEFORE_RULE).map((name) => [name]))(
    '%s drops, renames, retypes or tightens nothing (or is marked lumio:breaking)',
    (name) => {
      expect(breakingStatements(readFileSync(join(migrations, name), 'utf8'))).toEqual([]);
    },
  );

  it('recognises what would break the release before', () => {
    expect(breakingStatements('ALTER TABLE "users" DROP COLUMN "failed_logins";')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "a" RENAME COLUMN "b" TO "c";')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "a" ALTER COLUMN "b" SET DATA TYPE integer;')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "a" ALTER COLUMN "b" SET NOT NULL;')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "a" ADD COLUMN "b" text NOT NULL;')).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "a" ADD COLUMN "b" text NOT NULL DEFAULT \'x\';')).toEqual([]);
    expect(breakingStatements('ALTER TABLE "a" ADD COLUMN "b" text DEFAULT \'x\' NOT NULL;')).toEqual([]);
    expect(breakingStatements('CREATE TABLE "r" ("k" text PRIMARY KEY);\nCREATE INDEX "i" ON "r" ("k");')).toEqual([]);
    expect(breakingStatements('-- lumio:breaking the column moved in v1.3\nALTER TABLE "a" DROP COLUMN "b";')).toEqual(
      [],
    );
  });
});

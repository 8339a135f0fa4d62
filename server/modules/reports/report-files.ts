import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where report files live (REPORTS_DIR, server/config.ts): `<id>.zip` once complete, and while a
 * job writes it `<id>.zip.<attempt>.part` beside it. A finished file is only ever moved into its
 * name (rename within one directory is atomic), so a download, which opens `<id>.zip` only, never
 * sees half a file; a part left by a killed worker is removed by the next attempt or, at the
 * latest, by the report cleanup a day later.
 */

const FINAL_SUFFIX = '.zip';
const PART_SUFFIX = '.part';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

export function reportFilePath(dir: string, id: string): string {
  return join(dir, `${id}${FINAL_SUFFIX}`);
}

/** A new temporary file name for one attempt at building the report. */
export function partFilePath(dir: string, id: string): string {
  return join(dir, `${id}${FINAL_SUFFIX}.${randomUUID()}${PART_SUFFIX}`);
}

export async function ensureReportsDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
}

/** The report's id a file in the directory belongs to (final or part), if it is one of ours. */
export function reportIdOfFile(name: string): string | undefined {
  return UUID.exec(name)?.[0];
}

const isPart = (name: string) => name.endsWith(PART_SUFFIX);

/** Removes the report's file and any part of it; a missing file is no error. */
export async function removeReportFiles(dir: string, id: string, options: { partsOnly?: boolean } = {}) {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  await Promise.all(
    names
      .filter((name) => reportIdOfFile(name) === id && (!options.partsOnly || isPart(name)))
      .map((name) => rm(join(dir, name), { force: true })),
  );
}

/**
 * Files that no report row names any more (the row was deleted while a job still wrote, or a
 * worker died leaving a part), untouched for `minAgeMs`: removed. `known` answers which of the
 * ids still have a row. Files that are not a report's (no id in the name) are left alone.
 */
export async function sweepOrphanFiles(
  dir: string,
  known: (ids: string[]) => Promise<Set<string>>,
  minAgeMs: number,
  now = Date.now(),
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  const candidates: { name: string; id: string }[] = [];
  for (const name of names) {
    const id = reportIdOfFile(name);
    if (!id) continue;
    try {
      if (now - (await stat(join(dir, name))).mtimeMs >= minAgeMs) candidates.push({ name, id });
    } catch {
      // Removed meanwhile.
    }
  }
  if (candidates.length === 0) return 0;
  const alive = await known([...new Set(candidates.map((c) => c.id))]);
  // A part older than the cut-off belongs to no running attempt, whether or not its row exists.
  const orphans = candidates.filter((c) => !alive.has(c.id) || isPart(c.name));
  await Promise.all(orphans.map((c) => rm(join(dir, c.name), { force: true })));
  return orphans.length;
}

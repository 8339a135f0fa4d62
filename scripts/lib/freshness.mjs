// Whether a build output is older than its sources, by modification time (what `npm start`
// uses to build only when something changed).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time below `path` (a file or a directory), 0 when it does not exist. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** True when `output` is missing or older than any of `sources`. */
export function isStale(output, sources) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  return builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt;
}

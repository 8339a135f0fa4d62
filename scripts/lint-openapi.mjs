// `npm run lint:openapi`: lints the OpenAPI document that integrators generate clients from
// (GET /api/docs/json) with Redocly CLI's `recommended` rules (redocly.yaml). The document comes
// from the app built without listening (scripts/lib/openapi-document.ts), so the lint sees exactly
// what the server serves. Errors and warnings both fail: the document is generated, so every
// problem is a route schema to fix (server/modules/README.md says what a route declares).
//
// Offline: Redocly's telemetry is off (redocly.yaml and REDOCLY_TELEMETRY), its update check and
// notices are suppressed, and a Redocly run that takes longer than LINT_TIMEOUT_MS is ended, so
// nothing waits on a network that is not there.
//
// Usage: npm run lint:openapi [-- --out openapi.json]   (--out keeps the document in that file)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { tsImport } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
const LINT_TIMEOUT_MS = 60_000;

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
if (args.length > 0 && (outIndex !== 0 || args.length !== 2)) {
  console.error('Usage: npm run lint:openapi [-- --out <file>]');
  process.exit(2);
}

const started = performance.now();
const { openApiDocument } = await tsImport('./lib/openapi-document.ts', import.meta.url);
const document = await openApiDocument();
const built = performance.now();

const tempDir = outIndex === 0 ? undefined : mkdtempSync(join(tmpdir(), 'lumio-openapi-'));
const file = tempDir ? join(tempDir, 'openapi.json') : resolve(args[1]);
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);

try {
  const report = await redoclyLint(file);
  const problems = report.problems ?? [];
  for (const problem of problems) console.log(describe(problem));
  const { errors, warnings } = report.totals;
  const seconds = (ms) => (ms / 1000).toFixed(1);
  console.log(
    `OpenAPI-Dokument (${Object.keys(document.paths ?? {}).length} Pfade), Redocly ${report.version} recommended: ` +
      `${errors} Fehler, ${warnings} Warnungen (Dokument ${seconds(built - started)} s, Lint ${seconds(performance.now() - built)} s)`,
  );
  if (errors + warnings > 0) process.exitCode = 1;
} finally {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}

/** Runs `redocly lint` with the repository's redocly.yaml and returns its JSON report. */
function redoclyLint(path) {
  const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  const argv = [
    cli,
    'lint',
    path,
    '--config',
    join(root, 'redocly.yaml'),
    '--format',
    'json',
    '--max-problems',
    '1000',
    '--lint-config',
    'error',
  ];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, argv, {
      cwd: root,
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), LINT_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      try {
        // Exit code 1 only says that there were errors; the report says which.
        resolvePromise(JSON.parse(stdout));
      } catch {
        reject(new Error(`redocly lint ended (${signal ?? `exit ${code}`}) without a report:\n${stderr}${stdout}`));
      }
    });
  });
}

/** One line per problem, naming the operation (`GET /api/self`) where the problem lies in one. */
function describe({ severity, ruleId, message, location }) {
  const pointer = location?.[0]?.pointer ?? '';
  const parts = pointer.replace(/^#\//, '').split('/').map(decodePointerSegment);
  const where =
    parts[0] === 'paths' && parts.length >= 3 ? `${parts[2].toUpperCase()} ${parts[1]} (${pointer})` : pointer;
  return `${severity.padEnd(7)} ${ruleId}  ${where}: ${message}`;
}

function decodePointerSegment(segment) {
  return decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
}

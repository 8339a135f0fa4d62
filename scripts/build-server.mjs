// Builds the server into dist-server/ (server.mjs, worker.mjs and the migrations they apply), the way
// `npm start` runs it: one ES module, our TypeScript compiled by esbuild, the dependencies
// loaded from node_modules as usual, except drizzle-orm, which is bundled in.
//
// Why a build at all (measured in bench/README.md, "Start-up"): started through tsx, every module
// of the server and of node_modules passes tsx's loader hooks, and Node 24 reads drizzle-orm's
// 179 kB package.json anew for each of its modules (importing drizzle-orm alone takes 0.8 s on
// Node 24, 0.1 s on Node 20). Together that is about 1.5 s of a warm start that must stay under
// 5 s, also right after a crash (bench/recovery.mjs).
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
export const SERVER_BUNDLE = join(root, 'dist-server', 'server.mjs');
/**
 * `npm run worker`'s process, built with the server: through tsx the worker held about 300 MB
 * before its first job (drizzle-orm imported module by module), the bundle about 140 MB
 * (bench/README.md, "Reports").
 */
export const WORKER_BUNDLE = join(root, 'dist-server', 'worker.mjs');
/** Node flags of the worker process (scripts/lib/process-flags.mjs, shared with the production launcher). */
export { WORKER_NODE_FLAGS } from './lib/process-flags.mjs';
/** What the bundle is made of: when one of these is newer than the bundle, it is built again. */
export const SERVER_SOURCES = ['server', 'src/domain', 'package-lock.json'].map((p) => join(root, p));

const BUNDLED_PACKAGES = new Set(['drizzle-orm']);

/**
 * @param {string[]} [extraEntries] more entry points (repository-relative), each bundled into
 *   dist-server/<name>.mjs beside the server (bench/startup-phases.ts uses this).
 */
export async function buildServer(extraEntries = []) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((name) => !BUNDLED_PACKAGES.has(name))
    .flatMap((name) => [name, `${name}/*`]);
  const out = join(root, 'dist-server');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [
      join(root, 'server', 'server.ts'),
      join(root, 'server', 'worker.ts'),
      ...extraEntries.map((entry) => join(root, entry)),
    ],
    outdir: out,
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external,
    sourcemap: true,
    logLevel: 'warning',
    // Bundled CommonJS code may call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as lumioCreateRequire } from 'node:module'; const require = lumioCreateRequire(import.meta.url);",
    },
  });
  // server/db/client.ts finds its migrations next to itself (import.meta.url): here, next to the bundle.
  cpSync(join(root, 'server', 'db', 'migrations'), join(out, 'migrations'), { recursive: true });
  // server/html.ts finds the page templates the same way: dist-server/views.
  cpSync(join(root, 'server', 'views'), join(out, 'views'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();

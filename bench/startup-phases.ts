/**
 * Where the start-up time goes: does what server/server.ts does, step by step, and prints the
 * milliseconds since this process started (performance.now() counts from process start) after
 * each step as one JSON line. Used by bench/startup.mjs; argument: the DATA_DIR to open.
 */
export {};

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: startup-phases.ts <dataDir>');
// Bundled (dist-server/startup-phases.mjs), the dependencies are loaded before this line runs.
const marks: Record<string, number> = { 'node started, dependencies loaded': performance.now() };

const { build } = await import('../server/app');
const { loadConfig } = await import('../server/config');
const { openDatabase } = await import('../server/db/client');
marks['server modules evaluated'] = performance.now();

const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' });
const database = await openDatabase({ dataDir: config.dataDir });
marks['PGlite opened + migrations checked'] = performance.now();

const app = await build({ config, database });
marks['app built (demo seed check, IdP, plugins)'] = performance.now();

await app.listen({ port: 0, host: '127.0.0.1' });
marks['listening'] = performance.now();

await app.close();
await database.close();
console.log(JSON.stringify(marks));

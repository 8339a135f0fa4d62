/**
 * The server side of bench/document-upload.mjs, in its own process so the load generator does
 * not share the event loop (or the PGlite wasm thread) with the server it measures.
 *
 * Opens PGlite on BENCH_PGLITE_DIR, builds the real app (build() from server/app.ts: embedded
 * mode, the document key generated in that directory, the public rate limit raised to
 * BENCH_RATE_LIMIT so it never answers 429, the cap on unattached uploads raised so it never
 * answers 503), listens on 127.0.0.1:0 and reports { port } over IPC. It then answers the
 * parent's requests:
 *   - 'stats-reset' / 'stats': per upload, in the server, the time to receive the body (request
 *     start → handler), the handler (sniffing, encryption, INSERT) and the INSERT statement as the
 *     driver sees it; plus this process's CPU time (server and PGlite engine);
 *   - 'encrypt': encryptDocument() alone on a 2 MiB body, the encryption share of an upload;
 *   - 'cleanup': deletes the benchmark's uploads (unattached, with the file name the parent
 *     sends) and VACUUMs the table, so the data directory does not grow with every phase (the
 *     parent deletes the directory at the end);
 *   - 'stop'.
 *
 * BENCH_WHAT_IF (comma-separated) tries proposed fixes without changing the server; its figures
 * are experiments, never the budget's:
 *   - 'no-wal-zero': `SET wal_init_zero = off` on the PGlite session, so a new 16 MB WAL segment
 *     (one every 7-8 uploads) is not zero-filled first;
 *   - 'blob': the INSERT takes the ciphertext from PGlite's /dev/blob device
 *     (pg_read_binary_file) instead of a 2.8 MB base64 text parameter. The base64 text the
 *     repository built is decoded back here, which a real fix would not need to do.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { build } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { encryptDocument, loadDocumentKey } from '../server/modules/documents/crypto';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';

type Request =
  | { type: 'stats-reset' }
  | { type: 'stats' }
  | { type: 'encrypt'; bytes: number; runs: number }
  | { type: 'cleanup'; name: string; full?: boolean }
  | { type: 'stop' };

type Query = (text: string, params?: unknown[], options?: object) => Promise<{ rows: unknown[] }>;

interface QueryClient {
  query: Query;
  /** PGlite's transaction: its statements go through the transaction object's own query. */
  transaction<T>(callback: (tx: { query: Query }) => Promise<T>): Promise<T>;
}

const WHAT_IFS = ['no-wal-zero', 'blob'] as const;
type WhatIf = (typeof WHAT_IFS)[number];

function whatIfs(): Set<WhatIf> {
  const names = (process.env.BENCH_WHAT_IF ?? '').split(',').filter(Boolean);
  for (const name of names) {
    if (!(WHAT_IFS as readonly string[]).includes(name)) throw new Error(`unknown BENCH_WHAT_IF ${name}`);
  }
  return new Set(names as WhatIf[]);
}

/** The repository's `decode($n, 'base64')`, whose parameter carries the ciphertext. */
const BASE64_PARAMETER = /decode\(\$(\d+), 'base64'\)/;

/** Timings of the upload route, per request, in ms. */
interface Timings {
  receive: number[];
  handler: number[];
  insert: number[];
}

const emptyTimings = (): Timings => ({ receive: [], handler: [], insert: [] });

function summarize(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return {
    count: sorted.length,
    mean: sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length),
    p50: at(50),
    p95: at(95),
  };
}

async function main() {
  const dataDir = process.env.BENCH_PGLITE_DIR;
  if (!dataDir) throw new Error('BENCH_PGLITE_DIR is required');
  const experiments = whatIfs();

  const opened = performance.now();
  const database = await openDatabase({ dataDir });
  const openMs = performance.now() - opened;
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_SERVER_LOG === '1' ? 'info' : 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    DATA_DIR: dataDir,
    ...(process.env.BENCH_JOB_WORKERS ? { JOB_WORKERS: process.env.BENCH_JOB_WORKERS } : {}),
    // No demo data: the upload is public and touches no other table.
    SEED_DEMO_DATA: 'false',
    RATE_LIMIT_PUBLIC_PER_MINUTE: process.env.BENCH_RATE_LIMIT ?? '1000000',
    // A phase keeps up to a few hundred 2 MiB uploads unattached from one address, more than the
    // default caps (30 MiB per address, 2 GiB in all); the caps are still checked on every upload
    // (their cost is part of the figure).
    UPLOAD_UNATTACHED_MAX_COUNT: '1000000',
    UPLOAD_UNATTACHED_MAX_MB: '1000000',
    UPLOAD_UNATTACHED_PER_ADDRESS_MAX_COUNT: '1000000',
    UPLOAD_UNATTACHED_PER_ADDRESS_MAX_MB: '1000000',
  });
  const app = await build({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });

  // Where an upload's time goes, measured inside the server.
  let timings = emptyTimings();
  const started = new WeakMap<object, number>();
  const handlerStarted = new WeakMap<object, number>();
  const isUpload = (request: { method: string; url: string }) =>
    request.method === 'POST' && request.url === '/api/document';
  app.addHook('onRequest', async (request) => {
    if (isUpload(request)) started.set(request, performance.now());
  });
  app.addHook('preHandler', async (request) => {
    const at = started.get(request);
    if (at === undefined) return;
    const now = performance.now();
    handlerStarted.set(request, now);
    timings.receive.push(now - at);
  });
  app.addHook('onSend', async (request) => {
    const at = handlerStarted.get(request);
    if (at !== undefined) timings.handler.push(performance.now() - at);
  });

  const client = (database.db as unknown as { $client: QueryClient }).$client;
  if (experiments.has('no-wal-zero')) await client.query('SET wal_init_zero = off');
  /** The statement timed (and, for the 'blob' experiment, rewritten); `original` runs it. */
  const timed =
    (original: Query): Query =>
    async (text, params, options) => {
      const at = performance.now();
      const isInsert = /^insert into "documents"/i.test(text);
      try {
        const parameter = isInsert && experiments.has('blob') ? BASE64_PARAMETER.exec(text) : null;
        if (parameter && params) {
          // Same statement and parameter numbers: the blob is concatenated with an empty decode().
          const index = Number(parameter[1]) - 1;
          const blob = new Blob([Buffer.from(String(params[index]), 'base64')]);
          const rewritten = text.replace(
            parameter[0],
            `(pg_read_binary_file('/dev/blob') || decode($${index + 1}, 'base64'))`,
          );
          return await original(rewritten, params.with(index, ''), { ...options, blob });
        }
        return await original(text, params, options);
      } finally {
        if (isInsert) timings.insert.push(performance.now() - at);
      }
    };
  client.query = timed(client.query.bind(client));
  // The upload's INSERT runs inside a transaction (the cap's advisory lock, documents.repository.ts),
  // whose statements PGlite sends through the transaction object instead of client.query.
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      tx.query = timed(tx.query.bind(tx));
      return callback(tx);
    });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  let cpuSince = process.cpuUsage();
  answerParent<Request>(app, async (message) => {
    switch (message.type) {
      case 'stats-reset':
        timings = emptyTimings();
        cpuSince = process.cpuUsage();
        return { type: 'stats-reset' };
      case 'stats': {
        const cpu = process.cpuUsage(cpuSince);
        return {
          type: 'stats',
          receive: summarize(timings.receive),
          handler: summarize(timings.handler),
          insert: summarize(timings.insert),
          cpuMs: (cpu.user + cpu.system) / 1000,
        };
      }
      case 'encrypt': {
        // The route's own encryption call with the key the route uses, on a body of the size sent.
        const key = await loadDocumentKey(config);
        const body = randomBytes(message.bytes);
        const ms: number[] = [];
        for (let i = 0; i < message.runs; i++) {
          const at = performance.now();
          encryptDocument(key, randomUUID(), body);
          ms.push(performance.now() - at);
        }
        return { type: 'encrypted', ...summarize(ms) };
      }
      case 'cleanup': {
        const { rows } = (await database.db.execute(
          sql`DELETE FROM documents WHERE name = ${message.name} AND application_id IS NULL RETURNING id`,
        )) as unknown as { rows: unknown[] };
        // VACUUM makes the space of the deleted 2 MB rows reusable; FULL returns it to the disk.
        await database.db.execute(message.full ? sql`VACUUM FULL documents` : sql`VACUUM documents`);
        return { type: 'cleaned', deleted: rows.length };
      }
    }
  });

  sendToParent({ type: 'ready', port: address.port, openMs, whatIf: [...experiments] });
}

main().catch(failStartup);

// Node flags of the built processes, in a module without build tools, so that both the development
// scripts (scripts/worker.mjs, bench/) and the production launcher (scripts/start-prod.mjs, which
// runs without development dependencies) start them alike.

/**
 * Node flags of the worker process. A report build makes short-lived strings by the million while
 * it holds about 25 MB; with V8's defaults for this machine's memory they spill into the old
 * generation and V8 lets it grow: the worker's peak RSS rose from about 150 MB at rest to 165 MB
 * for 100,000 processes and 220-280 MB for 1,000,000. Smaller semi-spaces and an old-generation
 * limit far above what any job holds keep it at 145-160 MB for both, and no slower
 * (bench/README.md, "Reports").
 */
export const WORKER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=16', '--max-old-space-size=192'];

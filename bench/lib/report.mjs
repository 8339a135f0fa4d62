// Shared output of the benchmarks: a readable table for people and one JSON line that
// scripts/bench.mjs collects for the summary. A budget is PASS or OVER; a figure that cannot be
// measured (e.g. a route chunk that does not exist yet) is n/a. Verdicts never change the exit
// code: only a crash does.

/** Marks the machine-readable line in a benchmark's output. */
export const RESULT_MARKER = 'BENCH_RESULT ';

/**
 * @typedef {object} BudgetRow
 * @property {string} budget    what is measured, e.g. "landing page initial JS"
 * @property {string} limit     the budget as written, e.g. "≤ 180 KiB gzip"
 * @property {string} measured  the figure, e.g. "163.7 KiB"
 * @property {'PASS' | 'OVER' | 'n/a' | 'info'} verdict  'info' rows are context, not budgets
 */

/** @param {number | undefined} value @param {number} limit @returns {'PASS' | 'OVER' | 'n/a'} */
export function verdict(value, limit) {
  if (value === undefined || Number.isNaN(value)) return 'n/a';
  return value <= limit ? 'PASS' : 'OVER';
}

/** @param {string[][]} rows first row is the header */
export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((cell, i) => String(cell).padEnd(widths[i])).join('  ')).join('\n');
}

/** Prints the rows as a table and as the JSON line for scripts/bench.mjs. @param {string} name @param {BudgetRow[]} rows */
export function reportBudgets(name, rows) {
  console.log(`\n${name}:`);
  console.log(
    table([['budget', 'limit', 'measured', 'verdict'], ...rows.map((r) => [r.budget, r.limit, r.measured, r.verdict])]),
  );
  console.log(`${RESULT_MARKER}${JSON.stringify({ name, rows })}`);
}

/** @param {number[]} values @param {number} p percentile 0..100, nearest-rank */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** @param {number[]} values */
export function median(values) {
  return percentile(values, 50);
}

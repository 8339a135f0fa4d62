import { stringify } from 'csv-stringify/sync';
import { PORTAL_CSV_OPTIONS } from '../../../src/domain/csvFormat';
import {
  STATEMENT_DOCUMENT_TEXTS as T,
  type Statement,
  type SystemIntegratorStatement,
} from '../../../src/domain/statements';
import { correctionLines, storeLines, type StatementLine } from './statement-lines';

/**
 * A statement as CSV (issue 27, part 2) the way German spreadsheet software opens it with a double
 * click, with the options of the portal's other CSV exports (src/resources/administration/
 * administrationCsv.ts, server/modules/reports/report-csv.ts): UTF-8 with a byte order mark,
 * semicolons, CRLF, German headers, quoting by csv-stringify. escape_formulas puts an apostrophe
 * before a text beginning with =, +, -, @ (a studio named "=HYPERLINK(…)" stays text); counts are
 * passed as numbers, which it leaves alone, so a correction's -1 stays a number. One line per
 * studio × device × kind, then the corrections (statement-lines.ts); a statement is at most a few
 * thousand lines, so csv-stringify's per-record cost does not matter here (unlike the reports).
 */
const LINE_COLUMNS = [
  T.month,
  T.status,
  T.store,
  T.device,
  T.license,
  T.systemIntegratorLabel,
  T.kind,
  T.packageStart,
  T.packageEnd,
  T.used,
  T.remainingAtMonthEnd,
  T.originalMonth,
  T.cancelledAt,
] as const;

type Cell = string | number | null;

function lineCells(statement: Statement, line: StatementLine): Cell[] {
  return [
    statement.month,
    statement.status === 'preview' ? T.preview : T.issued,
    line.storeName,
    line.machineId,
    line.license,
    line.systemIntegratorName,
    line.kind,
    line.packageStart,
    line.packageEnd,
    line.units,
    line.remainingAtMonthEnd,
    line.originalMonth,
    line.cancelledAt,
  ];
}

/** Every line of the statement: its studios' in order, then its corrections. */
function statementRows(statement: Statement): Cell[][] {
  const lines = [...statement.stores.flatMap((store) => storeLines(statement, store)), ...correctionLines(statement)];
  return lines.map((line) => lineCells(statement, line));
}

function toCsv(header: readonly string[], rows: Cell[][]): string {
  return stringify([header as string[], ...rows], PORTAL_CSV_OPTIONS);
}

/** GET /api/company/{id}/statement/{month}/csv. */
export function statementCsv(statement: Statement): string {
  return toCsv(LINE_COLUMNS, statementRows(statement));
}

/** GET /api/system-integrator/{id}/statement/{month}/csv: the customer company in front of each line. */
export function systemIntegratorStatementCsv(s: SystemIntegratorStatement): string {
  const rows = s.companies.flatMap((company) =>
    statementRows(company).map((cells) => [company.company.name, company.company.legalForm, ...cells]),
  );
  return toCsv([T.companyLabel, T.legalFormLabel, ...LINE_COLUMNS], rows);
}

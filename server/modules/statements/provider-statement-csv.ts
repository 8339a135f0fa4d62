import type { Statement, StatementStatus } from '../../../src/domain/statements';
import { csvHeader, csvLine } from '../reports/report-csv';

/**
 * The provider's export of a month (issue 27, part 3; GET /api/statement/{month}/csv): one line per
 * company × system integrator with what the company's statement bills for that integrator's
 * licences. Written as every CSV of the portal (server/modules/reports/report-csv.ts, held to
 * csv-stringify's output): UTF-8 with BOM, semicolons, CRLF, German headers, a formula guard.
 * The status column says whether the month's numbers are issued ('ausgestellt') or a preview of
 * the running month ('vorläufig'); a spreadsheet filters on it, where a comment line would break
 * the header row.
 */
export const PROVIDER_STATEMENT_COLUMNS = [
  'Monat',
  'Status',
  'Firma',
  'Rechtsform',
  'Systemintegrator',
  'Postpaid abrechenbar',
  'Prepaid-Einheiten verbraucht',
  'Storniert',
  'Abrechenbar gesamt',
  'Korrekturen',
] as const;

export const PROVIDER_STATEMENT_STATUS: Record<StatementStatus, string> = {
  issued: 'ausgestellt',
  preview: 'vorläufig',
};

export function providerStatementFileName(month: string): string {
  return `Lumio-Abrechnung-${month}.csv`;
}

/** One company × integrator: the statement's own counts of the month and its corrections (negative units). */
export interface ProviderStatementLine {
  company: string;
  legalForm: string;
  systemIntegrator: string;
  postpaid: number;
  prepaid: number;
  cancelled: number;
  corrections: number;
}

const byGerman = new Intl.Collator('de');

/**
 * A statement's lines per system integrator, by integrator name. `names` names an integrator the
 * statement's own list lacks (renamed or added since it was issued, which keeps its names).
 */
export function providerLines(statement: Statement, names: ReadonlyMap<string, string>): ProviderStatementLine[] {
  const lines = new Map<string, ProviderStatementLine>();
  const nameOf = (id: string) => statement.systemIntegrators.find((si) => si.id === id)?.name ?? names.get(id) ?? id;
  const lineOf = (id: string) => {
    let line = lines.get(id);
    if (!line) {
      line = {
        company: statement.company.name,
        legalForm: statement.company.legalForm,
        systemIntegrator: nameOf(id),
        postpaid: 0,
        prepaid: 0,
        cancelled: 0,
        corrections: 0,
      };
      lines.set(id, line);
    }
    return line;
  };
  for (const device of statement.stores.flatMap((store) => store.devices)) {
    const line = lineOf(device.systemIntegratorId);
    line.postpaid += device.postpaid;
    line.prepaid += device.prepaid.reduce((sum, pkg) => sum + pkg.used, 0);
    line.cancelled += device.cancelled;
  }
  for (const correction of statement.corrections) lineOf(correction.systemIntegratorId).corrections += correction.units;
  return [...lines.values()].sort((a, b) => byGerman.compare(a.systemIntegrator, b.systemIntegrator));
}

/** The whole file: header, then the statements' lines in the statements' order. */
export function providerStatementCsv(
  month: string,
  status: StatementStatus,
  statements: readonly Statement[],
  names: ReadonlyMap<string, string>,
): string {
  let csv = csvHeader(PROVIDER_STATEMENT_COLUMNS);
  for (const line of statements.flatMap((statement) => providerLines(statement, names))) {
    csv += csvLine([
      month,
      PROVIDER_STATEMENT_STATUS[status],
      line.company,
      line.legalForm,
      line.systemIntegrator,
      String(line.postpaid),
      String(line.prepaid),
      String(line.cancelled),
      String(line.postpaid + line.prepaid),
      String(line.corrections),
    ]);
  }
  return csv;
}

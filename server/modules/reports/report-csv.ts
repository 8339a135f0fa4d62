/**
 * The two CSV files of a report (issue 14), written the way the portal's CSV export is
 * (src/resources/administration/administrationCsv.ts, spec section 9): UTF-8 with a byte order
 * mark, semicolons, CRLF line ends, a header row with German column names; a value holding a
 * semicolon, a quote or a line break is quoted (quotes doubled), and a value a spreadsheet would
 * run as a formula (beginning with =, +, -, @, their full-width forms, a tab or a carriage return)
 * gets an apostrophe before it.
 *
 * The export uses csv-stringify; here every cell of up to millions of rows passes `csvCell`,
 * about eight times faster than csv-stringify's per-record machinery (bench/README.md, "Reports").
 * tests/unit/reportCsv.test.ts holds `csvCell` and `csvLine` to csv-stringify's output with the
 * export's options, so both stay one convention.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_DELIMITER = ';';
export const CSV_RECORD_DELIMITER = '\r\n';

/** What csv-stringify quotes with the export's options: the delimiter, the quote, CR and LF. */
const NEEDS_QUOTES = /[;"\r\n]/;
/** csv-stringify's escape_formulas: =, +, -, @, tab, CR and the full-width =, +, -, @. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: string): string {
  if (value === '') return value;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record with its line end. */
export function csvLine(cells: readonly string[]): string {
  let line = csvCell(cells[0] ?? '');
  for (let i = 1; i < cells.length; i++) line += CSV_DELIMITER + csvCell(cells[i]);
  return line + CSV_RECORD_DELIMITER;
}

/** `vorgaenge.csv`: one row per identification process, in the order they happened. */
export const PROCESS_COLUMNS = [
  'Zeitpunkt',
  'Firma',
  'Studio',
  'Lizenzschlüssel',
  'Geräte-ID',
  'Systemintegrator',
  'Reseller',
  'Abrechnung',
  'Vorgangspaket',
  'Status',
  'Abrechenbar',
  'Vorgangs-ID',
] as const;

/** `zusammenfassung.csv`: per studio and month (Germany's calendar). */
export const SUMMARY_COLUMNS = ['Firma', 'Studio', 'Monat', 'Prepaid', 'Postpaid', 'Storniert', 'Abrechenbar'] as const;

/** The German words of the process file's values. */
export const CSV_VALUES = {
  prepaid: 'Prepaid',
  postpaid: 'Postpaid',
  completed: 'Abgeschlossen',
  cancelled: 'Storniert',
  yes: 'Ja',
  no: 'Nein',
} as const;

/** The header line of a file, after the byte order mark. */
export function csvHeader(columns: readonly string[]): string {
  return CSV_BOM + csvLine(columns);
}

/**
 * One studio's month: completed prepaid and postpaid processes, the cancelled ones (either kind),
 * and the billable ones (prepaid + postpaid, the completed ones).
 */
export interface SummaryRecord {
  company: string;
  studio: string;
  /** 'yyyy-MM'. */
  month: string;
  prepaid: number;
  postpaid: number;
  cancelled: number;
}

export function summaryLine(s: SummaryRecord): string {
  return csvLine([
    s.company,
    s.studio,
    s.month,
    String(s.prepaid),
    String(s.postpaid),
    String(s.cancelled),
    String(s.prepaid + s.postpaid),
  ]);
}

const byGerman = new Intl.Collator('de');

/** The summary's order: company, studio (German alphabetical order), month. */
export function compareSummaries(a: SummaryRecord, b: SummaryRecord): number {
  return (
    byGerman.compare(a.company, b.company) || byGerman.compare(a.studio, b.studio) || a.month.localeCompare(b.month)
  );
}

import { downloadCSV, type Exporter } from 'react-admin';
import { ADMINISTRATOR_COLUMNS, type Administrator } from '../../domain/administrators';
import { formatDate } from '../../domain/dates';
import { PORTAL_CSV_OPTIONS } from '../../domain/csvFormat';
import { roleLabel } from '../../domain/roles';
import { ADMINISTRATION_RESOURCE } from './names';

/** react-admin's translate, or any function of the same shape (tests pass the real catalogue). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Spec section 9: 'Verwaltung_{date without dots}.csv', e.g. Verwaltung_23112026.csv for the
 * 23.11.2026 — the German date (date-fns, src/domain/dates.ts) with its dots left out.
 */
export function administrationCsvFileName(date: Date, translate: Translate): string {
  return `${translate('app.administration.csvFileName', { date: formatDate(date).replaceAll('.', '') })}.csv`;
}

/**
 * The rows as CSV the way Excel and LibreOffice open it with a double click (spec section 9): a
 * UTF-8 byte order mark, semicolons, CRLF line ends, a header row with the table's German column
 * names and the roles' German names; a value holding a semicolon, a quote or a line break is
 * quoted (quotes doubled) by csv-stringify, not by hand. Its browser build is loaded on the first
 * export only, so the list itself stays as light as the other screens.
 *
 * Formula injection: a cell that begins with =, +, -, @ (also their full-width forms), a tab or
 * a carriage return would be run as a formula by the spreadsheet, so csv-stringify's
 * escape_formulas puts an apostrophe before it. No legitimate value of this table changes: German
 * first and last names do not begin with these characters, the role column holds our own German
 * names, and the portal refuses tabs and line breaks in names. Only an e-mail address whose local
 * part begins with +, - or = (allowed, but vanishingly rare) gains the apostrophe; without it the
 * spreadsheet would show such an address as a formula error instead of the address.
 */
export async function administrationCsv(rows: readonly Administrator[], translate: Translate): Promise<string> {
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  return stringify(
    rows.map((row) => ({ ...row, role: roleLabel(row.role, null) })),
    {
      ...PORTAL_CSV_OPTIONS,
      header: true,
      columns: ADMINISTRATOR_COLUMNS.map((key) => ({
        key,
        header: translate(`resources.${ADMINISTRATION_RESOURCE}.fields.${key}`),
      })),
    },
  );
}

/**
 * The list's exporter (react-admin's exporter mechanism): the records it is handed — the page the
 * list shows, see ExportCurrentPageButton — downloaded as the CSV file of today.
 */
export function administrationExporter(
  translate: Translate,
  today: () => Date = () => new Date(),
): Exporter<Administrator> {
  return async (records) => {
    const csv = await administrationCsv(records, translate);
    // downloadCSV adds the '.csv' itself.
    downloadCSV(csv, administrationCsvFileName(today(), translate).replace(/\.csv$/, ''));
  };
}

/**
 * The portal's CSV convention, for csv-stringify (the administrators' export in the browser, the
 * statements and the audit log on the server): what German spreadsheet software opens with a
 * double click — UTF-8 with a byte order mark, semicolons, CRLF — and escape_formulas, which puts an
 * apostrophe before a text beginning with =, +, -, @ (a name typed as "=HYPERLINK(…)" stays text).
 * With a record delimiter of its own, csv-stringify would quote only that (CRLF), not a lone \n or
 * \r: quote_record_delimiter quotes both. The process reports write the same convention by hand
 * for speed (server/modules/reports/report-csv.ts; a unit test holds it to csv-stringify's output).
 */
export const PORTAL_CSV_OPTIONS = {
  bom: true,
  delimiter: ';',
  record_delimiter: 'windows',
  quote_record_delimiter: true,
  escape_formulas: true,
} as const;

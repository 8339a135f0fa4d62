import { formatDate, todayInGermany } from '../../../src/domain/dates';
import {
  formatStatementNumber as n,
  STATEMENT_DOCUMENT_TEXTS as T,
  statementMonthLabel,
  type Statement,
  type SystemIntegratorStatement,
} from '../../../src/domain/statements';
import type { UsageCounts } from '../../../src/domain/usage';
import { correctionLines, storeLines } from './statement-lines';
import { StatementPdfWriter, type Column } from './statement-pdf-layout';

/**
 * A statement as PDF (issue 27, part 2): A4, title with the month in German, 'vorläufig' on a
 * preview (next to the title and in every page's footer), the holder, period, integrators, Lumio
 * as issuer and the issue day; per studio a table of its devices' lines (statement-lines.ts, the
 * same lines as the CSV), the corrections, the totals; 'Seite n von m' on every page. A pure
 * function of the JSON: an issued statement gives the same document every time.
 */

const STORE_COLUMNS: readonly Column[] = [
  { header: T.device, width: 145 },
  { header: T.license, width: 50 },
  { header: T.kind, width: 75 },
  { header: T.packagePeriod, width: 105 },
  { header: T.used, width: 50, align: 'right' },
  { header: T.remainingAtMonthEnd, width: 70, align: 'right' },
];

const CORRECTION_COLUMNS: readonly Column[] = [
  { header: T.store, width: 100 },
  { header: T.device, width: 75 },
  { header: T.license, width: 45 },
  { header: T.kind, width: 85 },
  { header: T.originalMonth, width: 80 },
  { header: T.cancelledAt, width: 65 },
  { header: T.used, width: 45, align: 'right' },
];

const germanDay = (iso: string) => formatDate(todayInGermany(new Date(iso)));
const periodText = (period: { startDate: string; endDate: string }) =>
  `${formatDate(period.startDate)}–${formatDate(period.endDate)}`;
const titleOf = (month: string) => `${T.title} ${statementMonthLabel(month)}`;

export interface PdfOptions {
  /** The day a preview shows as its 'Stand' (default now); an issued statement shows its issue day. */
  now?: Date;
}

/** The heading fields both documents share: issuer and the issue day (or a preview's 'Stand'). */
function issueFields(writer: StatementPdfWriter, issuedAt: string | null, now: Date) {
  writer.field(T.issuerLabel, T.issuer);
  if (issuedAt) writer.field(T.issuedAtLabel, germanDay(issuedAt));
  else writer.field(T.asOfLabel, `${formatDate(todayInGermany(now))} (${T.preview})`);
}

/** One company's studios, corrections and totals. */
function companyBody(writer: StatementPdfWriter, statement: Statement) {
  if (statement.stores.length === 0) writer.paragraph(T.noProcesses);
  for (const store of statement.stores) {
    writer.gap(6);
    writer.ensureSpace(60);
    writer.paragraph(`${T.store}: ${store.storeName}`, { size: 11, bold: true });
    const lines = storeLines(statement, store);
    writer.table(
      STORE_COLUMNS,
      lines.map((line) => [
        line.machineId,
        line.license,
        line.kind,
        line.packageStart
          ? `${line.packageStart}–${line.packageEnd}`
          : line.kind === T.kindPrepaid
            ? T.packageUntracked
            : '',
        n(line.units),
        line.remainingAtMonthEnd === null ? '' : n(line.remainingAtMonthEnd),
      ]),
    );
  }
  const corrections = correctionLines(statement);
  if (corrections.length > 0) {
    writer.gap(6);
    writer.ensureSpace(80);
    writer.paragraph(T.corrections, { size: 11, bold: true });
    writer.paragraph(T.correctionsNote);
    writer.table(
      CORRECTION_COLUMNS,
      corrections.map((line) => [
        line.storeName,
        line.machineId,
        line.license,
        line.kind,
        statementMonthLabel(line.originalMonth),
        line.cancelledAt,
        n(line.units),
      ]),
    );
  }
  totals(
    writer,
    statement.totals,
    corrections.reduce((sum, line) => sum + line.units, 0),
  );
}

const TOTAL_COLUMNS: readonly Column[] = [
  { header: T.totals, width: 395 },
  { header: T.used, width: 100, align: 'right' },
];

function totals(writer: StatementPdfWriter, counts: UsageCounts, correctionUnits: number) {
  const rows = [
    [T.totalPrepaid, n(counts.prepaid)],
    [T.totalPostpaid, n(counts.postpaid)],
    [T.totalCancelled, n(counts.cancelled)],
    [T.totalBillable, n(counts.billable)],
    // The month's own figures stay those of the usage view; corrections of earlier months come after.
    ...(correctionUnits !== 0
      ? [
          [T.totalCorrections, n(correctionUnits)],
          [T.totalBillableAfterCorrections, n(counts.billable + correctionUnits)],
        ]
      : []),
  ];
  writer.gap(6);
  writer.table(TOTAL_COLUMNS, rows, true);
}

function footer(month: string, status: Statement['status'], holder: string) {
  const title = titleOf(month) + (status === 'preview' ? ` (${T.preview})` : '');
  return (page: number, pages: number) => ({ left: `${T.issuer} · ${title} · ${holder}`, right: T.page(page, pages) });
}

/** GET /api/company/{id}/statement/{month}/pdf. */
export function statementPdf(statement: Statement, options: PdfOptions = {}): Promise<Buffer> {
  const now = options.now ?? new Date();
  const writer = new StatementPdfWriter({
    title: `${titleOf(statement.month)} – ${statement.company.name}`,
    createdAt: statement.issuedAt ? new Date(statement.issuedAt) : now,
  });
  const preview = statement.status === 'preview';
  writer.title(titleOf(statement.month), preview ? T.preview : undefined);
  if (preview) writer.paragraph(T.previewNote, { color: '#b00020' });
  writer.gap(4);
  writer.field(T.companyLabel, statement.company.name);
  writer.field(T.legalFormLabel, statement.company.legalForm);
  writer.field(T.addressLabel, [statement.company.address, statement.company.country].filter(Boolean).join(', '));
  writer.field(T.periodLabel, periodText(statement.period));
  writer.field(
    statement.systemIntegrators.length > 1 ? T.systemIntegratorsLabel : T.systemIntegratorLabel,
    statement.systemIntegrators.map((si) => si.name).join(', '),
  );
  issueFields(writer, statement.issuedAt, now);
  writer.gap(10);
  companyBody(writer, statement);
  return writer.finish(footer(statement.month, statement.status, statement.company.name));
}

/** GET /api/system-integrator/{id}/statement/{month}/pdf: one section per customer company, then the sum. */
export function systemIntegratorStatementPdf(s: SystemIntegratorStatement, options: PdfOptions = {}): Promise<Buffer> {
  const now = options.now ?? new Date();
  const writer = new StatementPdfWriter({
    title: `${titleOf(s.month)} – ${s.systemIntegratorName}`,
    createdAt: s.issuedAt ? new Date(s.issuedAt) : now,
  });
  const preview = s.status === 'preview';
  writer.title(titleOf(s.month), preview ? T.preview : undefined);
  if (preview) writer.paragraph(T.previewNote, { color: '#b00020' });
  writer.gap(4);
  writer.field(T.systemIntegratorLabel, s.systemIntegratorName);
  writer.field(T.periodLabel, periodText(s.period));
  issueFields(writer, s.issuedAt, now);
  writer.gap(10);
  if (s.companies.length === 0) writer.paragraph(T.noProcesses);
  for (const company of s.companies) {
    writer.ensureSpace(100);
    writer.paragraph(`${T.companyLabel}: ${company.company.name}`, { size: 13, bold: true });
    writer.paragraph(
      [company.company.legalForm, company.company.address, company.company.country].filter(Boolean).join(' · '),
    );
    writer.gap(4);
    companyBody(writer, company);
    writer.gap(8);
  }
  if (s.companies.length > 1) {
    writer.ensureSpace(110);
    writer.paragraph(`${T.totals}: ${s.systemIntegratorName}`, { size: 13, bold: true });
    const correctionUnits = s.companies.reduce(
      (sum, company) => sum + company.corrections.reduce((units, c) => units + c.units, 0),
      0,
    );
    totals(writer, s.totals, correctionUnits);
  }
  return writer.finish(footer(s.month, s.status, s.systemIntegratorName));
}

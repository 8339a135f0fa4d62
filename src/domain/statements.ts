import { lastDayOfMonth } from 'date-fns/lastDayOfMonth';
import { EARLIEST_PORTAL_MONTH, fromIsoDate, todayInGermany, toIsoDate } from './dates';
import { addMonths, monthOf, YEAR_MONTH_PATTERN, type UsageCounts } from './usage';

/**
 * Monthly statements (issue 27): what a company's studios used in one calendar month in Germany,
 * fixed once issued. Shared by the API (server/modules/statements) and the web app, so the month
 * rule and the answer's shape exist once. Months are "yyyy-MM" as in the usage view.
 */

export const STATEMENT_TEXTS = {
  monthInvalid: 'Bitte geben Sie einen Monat im Format JJJJ-MM an.',
  monthTooEarly: 'Abrechnungen gibt es ab Januar 2000.',
  monthInFuture: 'Für einen künftigen Monat gibt es noch keine Abrechnung.',
} as const;

/**
 * The web app's page of one company's statement for a month: the Owners' mail links to it. The
 * web app's route table (src/domain/routes.ts) has its first segment.
 */
export const STATEMENT_ROUTE_ROOT = 'statements';
export const statementPagePath = (companyId: string, month: string) => `${STATEMENT_ROUTE_ROOT}/${companyId}/${month}`;

/** The running calendar month in Germany, "yyyy-MM". */
export function runningMonth(now: Date = new Date()): string {
  return monthOf(todayInGermany(now));
}

/** The month before `month`: the one the job issues on the 1st. */
export function previousMonth(month: string): string {
  return addMonths(month, -1);
}

/** Whether `month` is still running in Germany (its statement is only a preview). */
export function isRunningMonth(month: string, now: Date = new Date()): boolean {
  return month === runningMonth(now);
}

/** The month's first and last calendar day, "yyyy-MM-dd". */
export function monthPeriod(month: string): { startDate: string; endDate: string } {
  const startDate = `${month}-01`;
  const first = fromIsoDate(startDate);
  if (!first) throw new Error(`not a month: ${month}`);
  return { startDate, endDate: toIsoDate(lastDayOfMonth(first)) };
}

/** The German text of why `month` has no statement, or undefined when it may have one. */
export function statementMonthProblem(month: string, now: Date = new Date()): string | undefined {
  if (!YEAR_MONTH_PATTERN.test(month)) return STATEMENT_TEXTS.monthInvalid;
  if (month < EARLIEST_PORTAL_MONTH) return STATEMENT_TEXTS.monthTooEarly;
  if (month > runningMonth(now)) return STATEMENT_TEXTS.monthInFuture;
  return undefined;
}

export type StatementStatus = 'issued' | 'preview';

/** Units of one prepaid package a device used in the month. */
export interface StatementPackageLine {
  /** Null for prepaid processes whose package the licence did not track. */
  packageId: string | null;
  startDate: string | null;
  endDate: string | null;
  /** Completed prepaid processes of the month. */
  used: number;
  /** Units left at the end of the month (counted back from the package's remaining amount); null without a package. */
  remainingAtMonthEnd: number | null;
}

/** One device (the machine id it sent) on one licence of a studio. */
export interface StatementDevice {
  machineId: string;
  licenseId: string;
  /** The system integrator the licence belongs to: its statement counts this device. */
  systemIntegratorId: string;
  /** The licence key's last five characters: enough to recognise it, not to use it. */
  licenseKeyEnd: string;
  prepaid: StatementPackageLine[];
  /** Completed postpaid processes (billable). */
  postpaid: number;
  /** Cancelled processes (not billed). */
  cancelled: number;
}

export interface StatementStore {
  storeId: string;
  storeName: string;
  devices: StatementDevice[];
}

/**
 * A process of an earlier, already issued month that was cancelled after that month's statement
 * was issued: it appears once, in the statement of the month of its cancellation, as a negative
 * line; the issued statement stays as it was.
 */
export interface StatementCorrection {
  processId: string;
  /** The month the process belongs to (its issued statement). */
  originalMonth: string;
  storeId: string;
  storeName: string;
  machineId: string;
  licenseId: string;
  systemIntegratorId: string;
  kind: 'prepaid' | 'postpaid';
  packageId: string | null;
  /** Always -1: one unit less than the issued statement billed. */
  units: number;
  cancelledAt: string;
}

/** The company as it was named when the statement was built (an issued one keeps it). */
export interface StatementCompany {
  name: string;
  legalForm: string;
  address: string;
  country: string;
}

/** GET /api/company/{id}/statement/{month}. */
export interface Statement {
  companyId: string;
  month: string;
  company: StatementCompany;
  /** The month's first and last day. */
  period: { startDate: string; endDate: string };
  /** The system integrators responsible: those of the company's licences, by name. */
  systemIntegrators: { id: string; name: string }[];
  status: StatementStatus;
  /** When it was issued (ISO timestamp); null for a preview. */
  issuedAt: string | null;
  stores: StatementStore[];
  corrections: StatementCorrection[];
  /** The month's own processes, as the usage view counts them (corrections not included). */
  totals: UsageCounts;
}

/** One entry of GET /api/company/{id}/statement. */
export interface StatementListEntry {
  month: string;
  status: StatementStatus;
  issuedAt: string | null;
}

/** The totals of a statement's studios. */
export function statementTotals(stores: readonly StatementStore[]): UsageCounts {
  const totals = { prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 };
  for (const device of stores.flatMap((store) => store.devices)) {
    totals.prepaid += device.prepaid.reduce((sum, line) => sum + line.used, 0);
    totals.postpaid += device.postpaid;
    totals.cancelled += device.cancelled;
  }
  totals.billable = totals.prepaid + totals.postpaid;
  return totals;
}

/**
 * A company's statement as one system integrator sees it: only the devices on its own licences
 * and their corrections, totals counted again over what is left (issue 27, part 3).
 */
export function statementForSystemIntegrator(statement: Statement, systemIntegratorId: string): Statement {
  const stores = statement.stores
    .map((store) => ({ ...store, devices: store.devices.filter((d) => d.systemIntegratorId === systemIntegratorId) }))
    .filter((store) => store.devices.length > 0);
  return {
    ...statement,
    systemIntegrators: statement.systemIntegrators.filter((si) => si.id === systemIntegratorId),
    stores,
    corrections: statement.corrections.filter((c) => c.systemIntegratorId === systemIntegratorId),
    totals: statementTotals(stores),
  };
}

/**
 * GET /api/system-integrator/{id}/statement/{month}: what an integrator invoices for a month, one
 * section per customer company (each its statement limited to the integrator's licences).
 * Issued when the month is over (its companies' statements are issued), a preview while it runs.
 */
export interface SystemIntegratorStatement {
  systemIntegratorId: string;
  systemIntegratorName: string;
  month: string;
  period: { startDate: string; endDate: string };
  status: StatementStatus;
  /** The latest issue time of its companies' statements; null for a preview or a month without any. */
  issuedAt: string | null;
  /** Customer companies with a device on one of its licences in the month, or a correction, by name. */
  companies: Statement[];
  /** Sum of the companies' totals. */
  totals: UsageCounts;
}

/** The sum of several statements' totals. */
export function sumTotals(statements: readonly Pick<Statement, 'totals'>[]): UsageCounts {
  const sum = { prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 };
  for (const { totals } of statements) {
    sum.prepaid += totals.prepaid;
    sum.postpaid += totals.postpaid;
    sum.cancelled += totals.cancelled;
    sum.billable += totals.billable;
  }
  return sum;
}

/**
 * The German words of a statement's PDF and CSV (issue 27, part 2). The web app's statement
 * screen shows the same words, so a figure is called the same on paper, in the spreadsheet and
 * on screen.
 */
export const STATEMENT_DOCUMENT_TEXTS = {
  title: 'Abrechnung',
  preview: 'vorläufig',
  previewNote:
    'Vorläufige Abrechnung: Der Monat läuft noch, die Zahlen können sich bis zur Ausstellung nach Monatsende ändern.',
  issued: 'ausgestellt',
  issuer: 'Lumio',
  issuerLabel: 'Aussteller',
  issuedAtLabel: 'Ausgestellt am',
  asOfLabel: 'Stand',
  companyLabel: 'Firma',
  legalFormLabel: 'Rechtsform',
  addressLabel: 'Anschrift',
  periodLabel: 'Zeitraum',
  systemIntegratorLabel: 'Systemintegrator',
  systemIntegratorsLabel: 'Systemintegratoren',
  store: 'Studio',
  device: 'Gerät',
  license: 'Lizenz',
  kind: 'Art',
  packagePeriod: 'Paketzeitraum',
  packageStart: 'Paket gültig von',
  packageEnd: 'Paket gültig bis',
  used: 'Anzahl',
  remainingAtMonthEnd: 'Rest am Monatsende',
  month: 'Monat',
  status: 'Status',
  originalMonth: 'Ursprungsmonat',
  cancelledAt: 'Storniert am',
  kindPrepaid: 'Prepaid',
  kindPostpaid: 'Postpaid',
  kindCancelled: 'Storniert',
  kindCorrectionPrepaid: 'Korrektur Prepaid',
  kindCorrectionPostpaid: 'Korrektur Postpaid',
  packageUntracked: 'ohne Paket',
  corrections: 'Korrekturen',
  correctionsNote:
    'Vorgänge früherer, bereits ausgestellter Monate, die nach der Ausstellung storniert wurden: je eine Einheit weniger.',
  totals: 'Summen',
  totalPrepaid: 'Prepaid-Vorgänge',
  totalPostpaid: 'Postpaid-Vorgänge',
  totalBillable: 'Abrechenbar',
  totalCancelled: 'Storniert (nicht berechnet)',
  totalCorrections: 'Korrekturen',
  totalBillableAfterCorrections: 'Abrechenbar nach Korrekturen',
  storeTotal: 'Summe Studio',
  noProcesses: 'In diesem Monat gab es keine Vorgänge.',
  page: (page: number, pages: number) => `Seite ${page} von ${pages}`,
  fileName: 'Abrechnung',
} as const;

/** "2026-10" → "Oktober 2026" (the month's German name, as the statement's title shows it). */
export function statementMonthLabel(month: string): string {
  // Anything but a month (a path typed by hand) is shown as it is, never as some other month.
  if (!YEAR_MONTH_PATTERN.test(month)) return month;
  const [year, monthNumber] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthNumber - 1, 1)),
  );
}

let germanNumber: Intl.NumberFormat | undefined;

/** A count in German notation: 12345 → "12.345", -1 → "-1". */
export function formatStatementNumber(value: number): string {
  // One formatter for all calls: making one costs more than a thousand formats (a long PDF has thousands).
  germanNumber ??= new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
  return germanNumber.format(value);
}

/**
 * A statement file's name: "Abrechnung-2026-10-Fotostudio-Sonnenschein-GmbH.pdf". Spaces become
 * hyphens and characters no file system takes are left out; the download's Content-Disposition
 * spells umlauts out for old clients and keeps the exact name in filename*.
 */
export function statementFileName(month: string, holderName: string, extension: 'pdf' | 'csv'): string {
  const holder = holderName
    // eslint-disable-next-line no-control-regex -- control characters are what is taken out here
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return `${[STATEMENT_DOCUMENT_TEXTS.fileName, month, holder].filter(Boolean).join('-')}.${extension}`;
}

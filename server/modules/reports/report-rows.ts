import {
  CSV_DELIMITER,
  CSV_RECORD_DELIMITER,
  CSV_VALUES,
  compareSummaries,
  csvCell,
  csvLine,
  type SummaryRecord,
} from './report-csv';
import type { NameCache, ProcessRow } from './report-query';

/**
 * A report's rows as CSV text (issue 14): the process file's lines and the summary's counts. Pure
 * apart from the names, which `names` reads on demand: every `get` of an id not read yet answers
 * undefined and notes the id, the caller reads the noted names (`loadMissing`) and asks again.
 */

/** The names a report's rows refer to (report-query.ts `reportNames`). */
export interface RowNames {
  company: Pick<NameCache, 'get'>;
  studio: Pick<NameCache, 'get'>;
  systemIntegrator: Pick<NameCache, 'get'>;
  reseller: Pick<NameCache, 'get'>;
  licenseKey: Pick<NameCache, 'get'>;
  packagePeriod: Pick<NameCache, 'get'>;
}

/**
 * The summary's running counts per studio and month. The rows come in time order, so the month
 * changes rarely: one map of studios per month, the current one at hand.
 */
export function summaryCounter(names: RowNames) {
  const months = new Map<string, Map<string, { companyId: string; counts: number[] }>>();
  let currentMonth = '';
  let current = new Map<string, { companyId: string; counts: number[] }>();
  return {
    /** `month` is 'MM.yyyy' in Germany. */
    add(row: ProcessRow, month: string) {
      if (month !== currentMonth) {
        currentMonth = month;
        current = months.get(month) ?? new Map();
        months.set(month, current);
      }
      let entry = current.get(row.store_id);
      if (!entry) {
        entry = { companyId: row.company_id, counts: [0, 0, 0] };
        current.set(row.store_id, entry);
      }
      entry.counts[row.status === 'Cancelled' ? 2 : row.postpaid ? 1 : 0] += 1;
    },
    /** Needs every studio's and company's name read (they were, for the process rows). */
    records(): SummaryRecord[] {
      const records: SummaryRecord[] = [];
      for (const [month, studios] of months) {
        for (const [storeId, { companyId, counts }] of studios) {
          records.push({
            company: names.company.get(companyId) ?? '',
            studio: names.studio.get(storeId) ?? '',
            month: `${month.slice(3, 7)}-${month.slice(0, 2)}`,
            prepaid: counts[0],
            postpaid: counts[1],
            cancelled: counts[2],
          });
        }
      }
      return records.sort(compareSummaries);
    },
  };
}

/**
 * What a licence's rows have in common, as finished CSV text: company, studio and key; integrator
 * and reseller. Checked against every row's own copies (a process keeps the studio, company,
 * integrator and reseller it had), so a row that differs from its licence's first one is written
 * from its own ids.
 */
interface LicenceText {
  storeId: string;
  companyId: string;
  systemIntegratorId: string;
  resellerId: string | null;
  /** 'company;studio;key;' */
  head: string;
  /** 'integrator;reseller;' */
  channel: string;
}

/**
 * The line of a process row ('dd.MM.yyyy HH:mm:ss' given), in the columns of PROCESS_COLUMNS; undefined
 * while a name it needs is not read yet.
 */
export function lineWriter(names: RowNames) {
  const licences = new Map<string, LicenceText>();
  const packages = new Map<string, string>();

  function licenceText(row: ProcessRow): LicenceText | undefined {
    const known = licences.get(row.license_id);
    if (
      known &&
      known.storeId === row.store_id &&
      known.companyId === row.company_id &&
      known.systemIntegratorId === row.system_integrator_id &&
      known.resellerId === row.reseller_id
    ) {
      return known;
    }
    const company = names.company.get(row.company_id);
    const studio = names.studio.get(row.store_id);
    const licenseKey = names.licenseKey.get(row.license_id);
    const systemIntegrator = names.systemIntegrator.get(row.system_integrator_id);
    const reseller = names.reseller.get(row.reseller_id);
    if (
      company === undefined ||
      studio === undefined ||
      licenseKey === undefined ||
      systemIntegrator === undefined ||
      reseller === undefined
    ) {
      return undefined;
    }
    const text: LicenceText = {
      storeId: row.store_id,
      companyId: row.company_id,
      systemIntegratorId: row.system_integrator_id,
      resellerId: row.reseller_id,
      head: csvLine([company, studio, licenseKey]).slice(0, -CSV_RECORD_DELIMITER.length) + CSV_DELIMITER,
      channel: csvLine([systemIntegrator, reseller]).slice(0, -CSV_RECORD_DELIMITER.length) + CSV_DELIMITER,
    };
    if (!known) licences.set(row.license_id, text);
    return text;
  }

  function packageCell(packageId: string | null): string | undefined {
    if (packageId === null) return '';
    let cell = packages.get(packageId);
    if (cell === undefined) {
      const period = names.packagePeriod.get(packageId);
      if (period === undefined) return undefined;
      cell = csvCell(period);
      packages.set(packageId, cell);
    }
    return cell;
  }

  /** The row's line, or undefined while a name it needs is not read yet (noted in `names`). */
  return (row: ProcessRow, at: string): string | undefined => {
    const licence = licenceText(row);
    const pkg = packageCell(row.package_id);
    if (licence === undefined || pkg === undefined) return undefined;
    return (
      at +
      CSV_DELIMITER +
      licence.head +
      csvCell(row.machine_id) +
      CSV_DELIMITER +
      licence.channel +
      (row.postpaid ? POSTPAID_CELLS : PREPAID_CELLS) +
      pkg +
      (row.status === 'Completed' ? COMPLETED_CELLS : CANCELLED_CELLS) +
      csvCell(row.id) +
      CSV_RECORD_DELIMITER
    );
  };
}

const POSTPAID_CELLS = CSV_VALUES.postpaid + CSV_DELIMITER;
const PREPAID_CELLS = CSV_VALUES.prepaid + CSV_DELIMITER;
/**
 * Status and billable: a process is billable when it was completed; a cancelled one gave its unit
 * back (domain research row 36: failed or cancelled identifications are not charged).
 */
const COMPLETED_CELLS = CSV_DELIMITER + CSV_VALUES.completed + CSV_DELIMITER + CSV_VALUES.yes + CSV_DELIMITER;
const CANCELLED_CELLS = CSV_DELIMITER + CSV_VALUES.cancelled + CSV_DELIMITER + CSV_VALUES.no + CSV_DELIMITER;

export type LineOf = ReturnType<typeof lineWriter>;

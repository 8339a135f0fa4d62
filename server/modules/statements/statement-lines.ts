import { formatDate, todayInGermany } from '../../../src/domain/dates';
import { STATEMENT_DOCUMENT_TEXTS as T, type Statement, type StatementStore } from '../../../src/domain/statements';

/**
 * A statement as the lines its PDF and its CSV print (issue 27, part 2): per studio and device one
 * line per prepaid package, one for the postpaid and one for the cancelled processes (a kind
 * without processes has no line), and one line per correction. One place decides how a device
 * splits into lines, so the two files always list the same lines with the same numbers.
 */
export interface StatementLine {
  storeName: string;
  machineId: string;
  /** "…ABCDE": the licence key's last five characters. */
  license: string;
  systemIntegratorName: string;
  kind: string;
  /** dd.MM.yyyy, empty without a package. */
  packageStart: string;
  packageEnd: string;
  /** Processes or units; negative on a correction. */
  units: number;
  remainingAtMonthEnd: number | null;
  /** Corrections only: the month ("yyyy-MM") the cancelled process was billed in, and the cancellation day (dd.MM.yyyy). */
  originalMonth: string;
  cancelledAt: string;
}

export const licenseLabel = (keyEnd: string) => (keyEnd ? `…${keyEnd}` : '');

/** The integrators' names by id, as the statement carries them. */
function integratorNames(statement: Statement): (id: string) => string {
  const names = new Map(statement.systemIntegrators.map((si) => [si.id, si.name]));
  return (id) => names.get(id) ?? '';
}

/** One studio's lines, in the order of its devices. */
export function storeLines(statement: Statement, store: StatementStore): StatementLine[] {
  const integrator = integratorNames(statement);
  const lines: StatementLine[] = [];
  for (const device of store.devices) {
    const common = {
      storeName: store.storeName,
      machineId: device.machineId,
      license: licenseLabel(device.licenseKeyEnd),
      systemIntegratorName: integrator(device.systemIntegratorId),
      originalMonth: '',
      cancelledAt: '',
    };
    for (const pkg of device.prepaid) {
      lines.push({
        ...common,
        kind: T.kindPrepaid,
        packageStart: formatDate(pkg.startDate),
        packageEnd: formatDate(pkg.endDate),
        units: pkg.used,
        remainingAtMonthEnd: pkg.remainingAtMonthEnd,
      });
    }
    const noPackage = { packageStart: '', packageEnd: '', remainingAtMonthEnd: null };
    if (device.postpaid > 0) lines.push({ ...common, ...noPackage, kind: T.kindPostpaid, units: device.postpaid });
    if (device.cancelled > 0) lines.push({ ...common, ...noPackage, kind: T.kindCancelled, units: device.cancelled });
  }
  return lines;
}

/** The correction lines: one unit less each, with the month it was billed in and the day of cancellation in Germany. */
export function correctionLines(statement: Statement): StatementLine[] {
  const integrator = integratorNames(statement);
  // A correction names its licence by id; its key's end is the device's, when the device has processes this month too.
  const keyEnds = new Map(
    statement.stores.flatMap((store) => store.devices.map((device) => [device.licenseId, device.licenseKeyEnd])),
  );
  return statement.corrections.map((correction) => ({
    storeName: correction.storeName,
    machineId: correction.machineId,
    license: licenseLabel(keyEnds.get(correction.licenseId) ?? ''),
    systemIntegratorName: integrator(correction.systemIntegratorId),
    kind: correction.kind === 'prepaid' ? T.kindCorrectionPrepaid : T.kindCorrectionPostpaid,
    packageStart: '',
    packageEnd: '',
    units: correction.units,
    remainingAtMonthEnd: null,
    originalMonth: correction.originalMonth,
    cancelledAt: formatDate(todayInGermany(new Date(correction.cancelledAt))),
  }));
}

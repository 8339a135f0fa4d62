import { licenseKeyEnd } from '../../../src/domain/licenses';
import {
  monthPeriod,
  statementTotals,
  type Statement,
  type StatementCorrection,
  type StatementDevice,
  type StatementStore,
} from '../../../src/domain/statements';
import type { DbOrTx } from '../../db/client';
import { statementsRepository, type StatementCountRow } from './statements.repository';

/**
 * One company's month (issue 27): per studio and device the prepaid units per package (with what
 * was left at the month's end), the postpaid and the cancelled processes, and the corrections of
 * earlier issued months. Counted with the usage view's own SQL (server/modules/usage), so the
 * totals equal GET /api/company/{id}/usage for the month as long as nothing was cancelled since.
 */
export async function buildStatement(
  db: DbOrTx,
  companyId: string,
  month: string,
  issue: { status: 'preview' } | { status: 'issued'; issuedAt: Date },
): Promise<Statement> {
  const repo = statementsRepository(db);
  const rows = await repo.countRows(companyId, month);
  const packageIds = [...new Set(rows.flatMap((row) => (row.packageId && row.prepaid > 0 ? [row.packageId] : [])))];
  const [packages, corrections, company, systemIntegrators] = await Promise.all([
    repo.packagesAtMonthEnd(packageIds, month),
    repo.corrections(companyId, month),
    repo.company(companyId),
    repo.systemIntegrators(companyId),
  ]);
  if (!company) throw new Error(`no company ${companyId}`);
  const packageById = new Map(packages.map((pkg) => [pkg.id, pkg]));
  const stores = groupStores(rows, (id) => packageById.get(id));
  return {
    companyId,
    month,
    company,
    period: monthPeriod(month),
    systemIntegrators,
    status: issue.status,
    issuedAt: issue.status === 'issued' ? issue.issuedAt.toISOString() : null,
    stores,
    corrections: corrections.map((row): StatementCorrection => ({
      processId: row.processId,
      originalMonth: row.originalMonth,
      storeId: row.storeId,
      storeName: row.storeName,
      machineId: row.machineId,
      licenseId: row.licenseId,
      systemIntegratorId: row.systemIntegratorId,
      kind: row.postpaid ? 'postpaid' : 'prepaid',
      packageId: row.packageId,
      units: -1,
      cancelledAt: row.cancelledAt.toISOString(),
    })),
    totals: statementTotals(stores),
  };
}

/** The count rows (ordered by studio, device, licence) as studios with their devices and package lines. */
function groupStores(
  rows: readonly StatementCountRow[],
  packageOf: (id: string) => { startDate: string; endDate: string; remainingAtMonthEnd: number } | undefined,
): StatementStore[] {
  const stores = new Map<string, StatementStore>();
  const devices = new Map<string, StatementDevice>();
  for (const row of rows) {
    let store = stores.get(row.storeId);
    if (!store) {
      store = { storeId: row.storeId, storeName: row.storeName, devices: [] };
      stores.set(row.storeId, store);
    }
    const deviceKey = `${row.storeId}\u0000${row.licenseId}\u0000${row.machineId}`;
    let device = devices.get(deviceKey);
    if (!device) {
      device = {
        machineId: row.machineId,
        licenseId: row.licenseId,
        systemIntegratorId: row.systemIntegratorId,
        licenseKeyEnd: licenseKeyEnd(row.licenseKey),
        prepaid: [],
        postpaid: 0,
        cancelled: 0,
      };
      devices.set(deviceKey, device);
      store.devices.push(device);
    }
    device.postpaid += row.postpaid;
    device.cancelled += row.cancelled;
    if (row.prepaid > 0) {
      const pkg = row.packageId ? packageOf(row.packageId) : undefined;
      device.prepaid.push({
        packageId: row.packageId,
        startDate: pkg?.startDate ?? null,
        endDate: pkg?.endDate ?? null,
        used: row.prepaid,
        remainingAtMonthEnd: pkg?.remainingAtMonthEnd ?? null,
      });
    }
  }
  return [...stores.values()];
}

import {
  CustomRoutes,
  reactRouterProvider,
  type DataProvider,
  type GetListParams,
  type GetOneParams,
} from 'react-admin';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { AccessGuard } from '../../../src/components/auth';
import type { CompanyHistoryPage } from '../../../src/dataProvider';
import type { License, PrepaidPackage } from '../../../src/domain/licenses';
import type { Reseller } from '../../../src/domain/reseller';
import type { Self } from '../../../src/domain/self';
import { renderAdminApp } from './adminApp';

/** Ids are UUIDs: the dialogs check the payload with the server's schemas (z.uuid). */
export const IDS = {
  company: '0b6f4c1e-3f51-4c1b-9d0c-2b8a3c4d5e61',
  studio: '1c7a5d2f-4a62-4d2c-8e1d-3c9b4d5e6f72',
  license: '2d8b6e3a-5b73-4e3d-9f2e-4dac5e6f7083',
  package: '3e9c7f4b-6c84-4f4e-8a3f-5ebd6f708194',
  integrator: '4fad805c-7d95-4a5f-9b40-6fce708192a5',
  reseller: '5abe916d-8ea6-4b60-8c51-70df8192a3b6',
  otherReseller: '6bcfa27e-9fb7-4c71-9d62-81e092a3b4c7',
};

export const COMPANY = { id: IDS.company, name: 'Fotostudio Sonnenschein GmbH', legalForm: 'GmbH' };
export const STUDIO = {
  id: IDS.studio,
  name: 'Sonnenschein Mitte',
  address: 'Torstraße 88, 10119 Berlin',
  country: 'Deutschland',
};
export const KEY = 'K7Q2M-8ZT4X-W3N9P-HC6VR-5DJ0E';
export const LICENSE: License = {
  id: IDS.license,
  key: KEY,
  companyId: IDS.company,
  store: { id: IDS.studio, name: STUDIO.name },
  systemIntegrator: { id: IDS.integrator, name: 'FotoSoft GmbH' },
  reseller: null,
  postpaidAllowed: false,
  boundMachineId: null,
  suspended: false,
  createdAt: '2026-11-20T09:00:00.000Z',
};
export const BOUND_LICENSE: License = {
  ...LICENSE,
  id: '7cd0b38f-a0c8-4d82-8e73-92f1a3b4c5d8',
  key: 'A1B2C-D3E4F-G5H6J-K7M8N-P9Q0R',
  reseller: { id: IDS.reseller, name: 'Foto Express Handel GmbH' },
  postpaidAllowed: true,
  boundMachineId: 'studio-pc-01',
};
export const PACKAGE: PrepaidPackage = {
  id: IDS.package,
  licenseId: IDS.license,
  startDate: '2026-11-01',
  endDate: '2026-12-31',
  amount: 100,
  usedAmount: 40,
  remainingAmount: 60,
  suspended: false,
  state: 'valid',
};
export const RESELLERS: Reseller[] = [
  { id: IDS.reseller, name: 'Foto Express Handel GmbH' },
  { id: IDS.otherReseller, name: 'Passbild-Service Nord' },
];

const person = (role: Self['role'], associatedEntity: string | null): Self => ({
  id: `u-${role}`,
  firstName: 'Erika',
  lastName: 'Beispiel',
  salutation: null,
  email: `${role.toLowerCase()}@example.test`,
  birthDate: null,
  role,
  status: 'VerifiedAndApproved',
  associatedEntity: associatedEntity ? { id: associatedEntity } : null,
});

export const INTEGRATOR = person('SystemIntegratorAdmin', IDS.integrator);
export const OWNER = person('Owner', IDS.company);
export const LUMIO_ADMIN = person('LumioAdmin', null);

export const emptyHistory: CompanyHistoryPage = { pageIndex: 0, pageSize: 10, totalItemCount: 0, items: [] };

/** A data provider answering the four levels and the dialogs' calls, every call recorded. */
export function fakeDataProvider({
  licenses = [LICENSE, BOUND_LICENSE],
  packages = [PACKAGE],
}: { licenses?: License[]; packages?: PrepaidPackage[] } = {}) {
  const lists: Record<string, unknown[]> = {
    'license-companies': [COMPANY],
    'license-studios': [STUDIO],
    'studio-licenses': licenses,
    'prepaid-packages': packages,
    resellers: RESELLERS,
  };
  const records: Record<string, unknown> = {
    'license-companies': COMPANY,
    'license-studios': STUDIO,
    licenses: licenses[0] ?? LICENSE,
  };
  const calls = {
    getList: vi.fn(async (resource: string, _params: GetListParams) => {
      const data = lists[resource] ?? [];
      return { data, total: data.length };
    }),
    getOne: vi.fn(async (resource: string, _params: GetOneParams) => ({ data: records[resource] })),
    create: vi.fn(async (resource: string, { data }: { data: Record<string, unknown> }) => ({
      data:
        resource === 'licenses'
          ? { ...LICENSE, id: 'new-license', key: 'NEUER0-SCHLU-SSEL0-12345-ABCDE', ...data }
          : { id: 'new', ...data },
    })),
    update: vi.fn(
      async (_resource: string, { id, data, previousData }: { id: string; data: object; previousData: object }) => ({
        data: { ...previousData, ...data, id },
      }),
    ),
    increasePackageAmount: vi.fn(async (_licenseId: string, _packageId: string, { amount }: { amount: number }) => ({
      ...PACKAGE,
      amount: PACKAGE.amount + amount,
      remainingAmount: PACKAGE.remainingAmount + amount,
    })),
    getLicenseHistory: vi.fn(async () => emptyHistory),
    getPackageHistory: vi.fn(async () => emptyHistory),
    // The usage view below the studios and the packages (src/resources/licenses/usage).
    getCompanyUsage: vi.fn(async () => ({
      companyId: IDS.company,
      from: '2025-11',
      to: '2026-11',
      storeId: null,
      licenseId: null,
      stores: [],
      months: [],
      rows: [],
      totals: { prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 },
    })),
    getPackageConsumption: vi.fn(async () => ({
      packageId: PACKAGE.id,
      licenseId: PACKAGE.licenseId,
      startDate: PACKAGE.startDate,
      endDate: PACKAGE.endDate,
      amount: PACKAGE.amount,
      usedAmount: PACKAGE.usedAmount,
      remainingAmount: PACKAGE.remainingAmount,
      suspended: PACKAGE.suspended,
      state: PACKAGE.state,
      granularity: 'day',
      points: [],
    })),
  };
  return { dataProvider: calls as unknown as DataProvider, calls };
}

/** The route as App.tsx mounts it: a guarded custom route (src/customRoutes/guardedRoutes.tsx). */
export function renderLicenseManagement(
  Page: ComponentType,
  path: string,
  { dataProvider, self }: { dataProvider: DataProvider; self: Self },
) {
  // react-admin's own Route: the test's import of react-router may resolve to another build.
  const { Route } = reactRouterProvider;
  return renderAdminApp(path, {
    dataProvider,
    self,
    resources: (
      <CustomRoutes>
        <Route
          path="/license-management/*"
          element={
            <AccessGuard resource="license-management" action="list">
              <Page />
            </AccessGuard>
          }
        />
      </CustomRoutes>
    ),
  });
}

/** The level paths. */
export const PATHS = {
  companies: '/license-management',
  studios: `/license-management/${IDS.company}`,
  licenses: `/license-management/${IDS.company}/${IDS.studio}`,
  packages: `/license-management/${IDS.company}/${IDS.studio}/${IDS.license}`,
};

import { statementTotals, type Statement, type StatementDevice } from '../../src/domain/statements';

export const FOTOSOFT = { id: '11111111-1111-4111-8111-111111111111', name: 'FotoSoft Systemhaus GmbH' };

/** A device of FotoSoft's licence …K7Q2Z with one package line, postpaid and cancelled processes. */
export function buildDevice(overrides: Partial<StatementDevice> = {}): StatementDevice {
  return {
    machineId: 'KASSE-1',
    licenseId: '22222222-2222-4222-8222-222222222222',
    systemIntegratorId: FOTOSOFT.id,
    licenseKeyEnd: 'K7Q2Z',
    prepaid: [
      {
        packageId: '33333333-3333-4333-8333-333333333333',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        used: 1234,
        remainingAtMonthEnd: 8766,
      },
    ],
    postpaid: 56,
    cancelled: 7,
    ...overrides,
  };
}

/** An issued October 2026 statement of a company with umlauts and quotes in its names; totals counted from its studios. */
export function buildStatement(overrides: Partial<Statement> = {}): Statement {
  const stores = overrides.stores ?? [
    {
      storeId: '44444444-4444-4444-8444-444444444444',
      storeName: 'Passbild „Lichtblick“ Köln',
      devices: [buildDevice(), buildDevice({ machineId: 'THEKE-2', prepaid: [], postpaid: 3, cancelled: 0 })],
    },
    {
      storeId: '55555555-5555-4555-8555-555555555555',
      storeName: 'Fotostudio Groß Düsseldorf',
      devices: [buildDevice({ machineId: 'KASSE-9', postpaid: 0, cancelled: 2 })],
    },
  ];
  return {
    companyId: '66666666-6666-4666-8666-666666666666',
    month: '2026-10',
    company: {
      name: 'Fotostudio Sonnenschein Müller GmbH',
      legalForm: 'GmbH',
      address: 'Hauptstraße 5, 50667 Köln',
      country: 'Deutschland',
    },
    period: { startDate: '2026-10-01', endDate: '2026-10-31' },
    systemIntegrators: [FOTOSOFT],
    status: 'issued',
    issuedAt: '2026-11-01T02:00:03.000Z',
    corrections: [
      {
        processId: '77777777-7777-4777-8777-777777777777',
        originalMonth: '2026-09',
        storeId: '44444444-4444-4444-8444-444444444444',
        storeName: 'Passbild „Lichtblick“ Köln',
        machineId: 'KASSE-1',
        licenseId: '22222222-2222-4222-8222-222222222222',
        systemIntegratorId: FOTOSOFT.id,
        kind: 'postpaid',
        packageId: null,
        units: -1,
        cancelledAt: '2026-10-01T22:30:00.000Z',
      },
    ],
    ...overrides,
    stores,
    totals: overrides.totals ?? statementTotals(stores),
  };
}

import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import {
  PROVIDER_STATEMENT_COLUMNS,
  providerLines,
  providerStatementCsv,
  providerStatementFileName,
} from '../../server/modules/statements/provider-statement-csv';
import type { Statement, StatementDevice } from '../../src/domain/statements';

const SI_A = '00000000-0000-4000-8000-00000000000a';
const SI_B = '00000000-0000-4000-8000-00000000000b';
const SI_RENAMED = '00000000-0000-4000-8000-00000000000c';

const device = (systemIntegratorId: string, counts: { prepaid: number[]; postpaid: number; cancelled: number }) =>
  ({
    machineId: 'PC-1',
    licenseId: '00000000-0000-4000-8000-000000000001',
    systemIntegratorId,
    licenseKeyEnd: 'ABCDE',
    prepaid: counts.prepaid.map((used) => ({
      packageId: null,
      startDate: null,
      endDate: null,
      used,
      remainingAtMonthEnd: null,
    })),
    postpaid: counts.postpaid,
    cancelled: counts.cancelled,
  }) satisfies StatementDevice;

const correction = (systemIntegratorId: string) => ({
  processId: '00000000-0000-4000-8000-000000000002',
  originalMonth: '2026-09',
  storeId: '00000000-0000-4000-8000-000000000003',
  storeName: 'Mitte',
  machineId: 'PC-1',
  licenseId: '00000000-0000-4000-8000-000000000001',
  systemIntegratorId,
  kind: 'postpaid' as const,
  packageId: null,
  units: -1,
  cancelledAt: '2026-10-01T00:05:00.000Z',
});

const statement = (name: string, overrides: Partial<Statement> = {}): Statement => ({
  companyId: '00000000-0000-4000-8000-000000000010',
  month: '2026-10',
  company: { name, legalForm: 'GmbH', address: 'Testweg 1', country: 'Deutschland' },
  period: { startDate: '2026-10-01', endDate: '2026-10-31' },
  systemIntegrators: [
    { id: SI_A, name: 'Zeta Systeme' },
    { id: SI_B, name: 'Ätna Technik' },
  ],
  status: 'issued',
  issuedAt: '2026-11-01T02:00:00.000Z',
  stores: [],
  corrections: [],
  totals: { prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 },
  ...overrides,
});

describe('the provider export of a month (GET /api/statement/{month}/csv)', () => {
  it('sums a company’s devices per integrator, corrections apart, integrators in German order', () => {
    const company = statement('Studio Eins GmbH', {
      stores: [
        {
          storeId: 's1',
          storeName: 'Mitte',
          devices: [
            device(SI_A, { prepaid: [3, 2], postpaid: 4, cancelled: 1 }),
            device(SI_B, { prepaid: [1], postpaid: 0, cancelled: 0 }),
          ],
        },
        { storeId: 's2', storeName: 'Nord', devices: [device(SI_A, { prepaid: [], postpaid: 2, cancelled: 2 })] },
      ],
      corrections: [correction(SI_A), correction(SI_A), correction(SI_RENAMED)],
    });

    const lines = providerLines(company, new Map([[SI_RENAMED, 'Neu Benannt AG']]));

    expect(lines).toEqual([
      expect.objectContaining({
        systemIntegrator: 'Ätna Technik',
        prepaid: 1,
        postpaid: 0,
        cancelled: 0,
        corrections: 0,
      }),
      expect.objectContaining({ systemIntegrator: 'Neu Benannt AG', prepaid: 0, postpaid: 0, corrections: -1 }),
      expect.objectContaining({
        systemIntegrator: 'Zeta Systeme',
        prepaid: 5,
        postpaid: 6,
        cancelled: 3,
        corrections: -2,
      }),
    ]);
  });

  it('writes what csv-stringify writes with the portal’s options: BOM, semicolons, CRLF, quotes, formula guard', () => {
    const tricky = statement('=Müller; "Passbilder"', {
      stores: [
        { storeId: 's1', storeName: 'Mitte', devices: [device(SI_A, { prepaid: [7], postpaid: 3, cancelled: 1 })] },
      ],
    });

    const csv = providerStatementCsv('2026-10', 'preview', [tricky], new Map());

    const reference = stringify(
      [
        [...PROVIDER_STATEMENT_COLUMNS],
        ['2026-10', 'vorläufig', '=Müller; "Passbilder"', 'GmbH', 'Zeta Systeme', '3', '7', '1', '10', '0'],
      ],
      { delimiter: ';', record_delimiter: 'windows', quote_record_delimiter: true, escape_formulas: true },
    );
    expect(csv).toBe(`\uFEFF${reference}`);
    expect(csv).toContain(`;"'=Müller; ""Passbilder""";`);
    expect(providerStatementFileName('2026-10')).toBe('Lumio-Abrechnung-2026-10.csv');
  });

  it('writes only the header for a month without processes, issued months as ‘ausgestellt’', () => {
    expect(providerStatementCsv('2026-10', 'issued', [statement('Leer GmbH')], new Map())).toBe(
      `\uFEFF${PROVIDER_STATEMENT_COLUMNS.join(';')}\r\n`,
    );
    const one = statement('Eins GmbH', {
      stores: [{ storeId: 's', storeName: 'S', devices: [device(SI_B, { prepaid: [], postpaid: 1, cancelled: 0 })] }],
    });
    expect(providerStatementCsv('2026-10', 'issued', [one], new Map()).split('\r\n')[1]).toBe(
      '2026-10;ausgestellt;Eins GmbH;GmbH;Ätna Technik;1;0;0;1;0',
    );
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { statementCsv, systemIntegratorStatementCsv } from '../../server/modules/statements/statement-csv';
import { sumTotals, type SystemIntegratorStatement } from '../../src/domain/statements';
import { buildDevice, buildStatement, FOTOSOFT } from './statementFixtures';

const BOM = '\uFEFF';

/** The records of a CSV without quoted fields (the fixtures' names hold no ; or line break). */
function records(csv: string): string[][] {
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv
    .slice(BOM.length)
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split(';'));
}

const column = (rows: string[][], name: string) => rows[0].indexOf(name);

describe('statementCsv', () => {
  it('writes UTF-8 with a byte order mark, semicolons, CRLF and German headers', () => {
    const csv = statementCsv(buildStatement());

    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv).not.toMatch(/[^\r]\n/);
    expect(records(csv)[0]).toEqual([
      'Monat',
      'Status',
      'Studio',
      'Gerät',
      'Lizenz',
      'Systemintegrator',
      'Art',
      'Paket gültig von',
      'Paket gültig bis',
      'Anzahl',
      'Rest am Monatsende',
      'Ursprungsmonat',
      'Storniert am',
    ]);
  });

  it('has one line per studio × device × kind whose numbers add up to the totals, then the corrections', () => {
    const statement = buildStatement();

    const rows = records(statementCsv(statement));

    const [header, ...lines] = rows;
    const at = (name: string) => header.indexOf(name);
    expect(lines.map((l) => [l[at('Studio')], l[at('Gerät')], l[at('Art')], l[at('Anzahl')]])).toEqual([
      ['Passbild „Lichtblick“ Köln', 'KASSE-1', 'Prepaid', '1234'],
      ['Passbild „Lichtblick“ Köln', 'KASSE-1', 'Postpaid', '56'],
      ['Passbild „Lichtblick“ Köln', 'KASSE-1', 'Storniert', '7'],
      ['Passbild „Lichtblick“ Köln', 'THEKE-2', 'Postpaid', '3'],
      ['Fotostudio Groß Düsseldorf', 'KASSE-9', 'Prepaid', '1234'],
      ['Fotostudio Groß Düsseldorf', 'KASSE-9', 'Storniert', '2'],
      ['Passbild „Lichtblick“ Köln', 'KASSE-1', 'Korrektur Postpaid', '-1'],
    ]);
    const sum = (kind: string) =>
      lines.filter((l) => l[at('Art')] === kind).reduce((total, l) => total + Number(l[at('Anzahl')]), 0);
    expect(sum('Prepaid')).toBe(statement.totals.prepaid);
    expect(sum('Postpaid')).toBe(statement.totals.postpaid);
    expect(sum('Storniert')).toBe(statement.totals.cancelled);
  });

  it('prints package periods and dates as dd.MM.yyyy, the licence end and the cancellation day in Germany', () => {
    const rows = records(statementCsv(buildStatement()));

    const prepaid = rows[1];
    expect(prepaid[column(rows, 'Paket gültig von')]).toBe('01.01.2026');
    expect(prepaid[column(rows, 'Paket gültig bis')]).toBe('31.12.2026');
    expect(prepaid[column(rows, 'Rest am Monatsende')]).toBe('8766');
    expect(prepaid[column(rows, 'Lizenz')]).toBe('…K7Q2Z');
    expect(prepaid[column(rows, 'Systemintegrator')]).toBe(FOTOSOFT.name);
    expect(prepaid[column(rows, 'Status')]).toBe('ausgestellt');
    const correction = rows[rows.length - 1];
    expect(correction[column(rows, 'Ursprungsmonat')]).toBe('2026-09');
    // 22:30 UTC on 1 October is already 2 October in Berlin.
    expect(correction[column(rows, 'Storniert am')]).toBe('02.10.2026');
    expect(correction[column(rows, 'Lizenz')]).toBe('…K7Q2Z');
  });

  it('marks every line of a preview as vorläufig', () => {
    const rows = records(statementCsv(buildStatement({ status: 'preview', issuedAt: null })));

    expect(rows.slice(1).every((row) => row[column(rows, 'Status')] === 'vorläufig')).toBe(true);
  });

  it('puts an apostrophe before a studio or device a spreadsheet would run as a formula, but not before a negative count', () => {
    const statement = buildStatement({
      stores: [
        { storeId: '44444444-4444-4444-8444-444444444444', storeName: '=HYPERLINK("x")', devices: [buildDevice()] },
        {
          storeId: '55555555-5555-4555-8555-555555555555',
          storeName: '@Studio',
          devices: [buildDevice({ machineId: '+49-KASSE' }), buildDevice({ machineId: '-1+1' })],
        },
      ],
    });

    const csv = statementCsv(statement);

    expect(csv).toContain(`"'=HYPERLINK(""x"")";KASSE-1;`);
    expect(csv).toContain(";'@Studio;'+49-KASSE;");
    expect(csv).toContain(";'@Studio;'-1+1;");
    expect(csv).toMatch(/;Korrektur Postpaid;;;-1;;2026-09;/);
  });

  it('writes an empty month as the header alone', () => {
    const csv = statementCsv(buildStatement({ stores: [], corrections: [] }));

    expect(records(csv)).toHaveLength(1);
  });
});

describe('systemIntegratorStatementCsv', () => {
  it('puts the customer company and its legal form in front of each of its lines', () => {
    const first = buildStatement();
    const second = buildStatement({
      company: {
        name: 'Bildwerk Süd KG',
        legalForm: 'KG',
        address: 'Am Markt 1, 80331 München',
        country: 'Deutschland',
      },
      corrections: [],
    });
    const s: SystemIntegratorStatement = {
      systemIntegratorId: FOTOSOFT.id,
      systemIntegratorName: FOTOSOFT.name,
      month: '2026-10',
      period: first.period,
      status: 'issued',
      issuedAt: first.issuedAt,
      companies: [first, second],
      totals: sumTotals([first, second]),
    };

    const rows = records(systemIntegratorStatementCsv(s));

    expect(rows[0].slice(0, 4)).toEqual(['Firma', 'Rechtsform', 'Monat', 'Status']);
    const lines = rows.slice(1);
    expect(lines.filter((l) => l[0] === 'Fotostudio Sonnenschein Müller GmbH')).toHaveLength(7);
    expect(lines.filter((l) => l[0] === 'Bildwerk Süd KG' && l[1] === 'KG')).toHaveLength(6);
    const units = rows[0].indexOf('Anzahl');
    const kind = rows[0].indexOf('Art');
    const billable = lines
      .filter((l) => l[kind] === 'Prepaid' || l[kind] === 'Postpaid')
      .reduce((sum, l) => sum + Number(l[units]), 0);
    expect(billable).toBe(s.totals.billable);
  });
});

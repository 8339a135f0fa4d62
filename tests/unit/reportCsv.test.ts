import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvHeader, csvLine, SUMMARY_COLUMNS, summaryLine } from '../../server/modules/reports/report-csv';
import { germanTimeFormatter } from '../../server/modules/reports/german-time';
import { ReportFileWriter } from '../../server/modules/reports/report-file-store';
import type { DbOrTx } from '../../server/db/client';
import type { ProcessRow } from '../../server/modules/reports/report-query';
import { lineWriter, summaryCounter, type RowNames } from '../../server/modules/reports/report-rows';

/** csv-stringify with the options of the portal's CSV export (src/resources/administration/administrationCsv.ts). */
const reference = (rows: string[][]) =>
  stringify(rows, {
    delimiter: ';',
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    escape_formulas: true,
  });

const TRICKY = [
  'Fotostudio Sonnenschein GmbH',
  'Müller & Söhne; Passbilder',
  'Studio "Lichtblick"',
  'Zeile\neins',
  'CR\rallein',
  'CRLF\r\nbeide',
  '=SUMME(A1:A3)',
  '+49 30 123',
  '-PC;1',
  '@admin',
  '\tTab vorne',
  '\rCR vorne',
  '＝Vollbreite',
  '＋Vollbreite',
  '－Vollbreite',
  '＠Vollbreite',
  'a=b+c-d@e',
  '',
  ' ',
  'Ümlaut–Gedankenstrich',
];

describe('the report CSV (the portal’s CSV convention)', () => {
  it('writes every cell as csv-stringify does with the export’s options: quoting and formula escaping', () => {
    for (const value of TRICKY) expect(csvLine([value]), JSON.stringify(value)).toBe(reference([[value]]));
    expect(csvLine(TRICKY)).toBe(reference([TRICKY]));
  });

  it('starts a file with a byte order mark and the German header, semicolons and CRLF', () => {
    expect(csvHeader(SUMMARY_COLUMNS)).toBe('\uFEFFFirma;Studio;Monat;Prepaid;Postpaid;Storniert;Abrechenbar\r\n');
    expect(csvCell('Firma')).toBe('Firma');
  });

  it('counts billable as prepaid plus postpaid in the summary', () => {
    expect(
      summaryLine({ company: 'A; B', studio: 'Mitte', month: '2026-03', prepaid: 7, postpaid: 2, cancelled: 1 }),
    ).toBe('"A; B";Mitte;2026-03;7;2;1;9\r\n');
  });
});

/** Names as report-query.ts reads them; here all known. */
function names(entries: Record<string, string>): RowNames {
  const cache = { get: (id: string | null) => (id === null ? '' : entries[id]) };
  return {
    company: cache,
    studio: cache,
    systemIntegrator: cache,
    reseller: cache,
    licenseKey: cache,
    packagePeriod: cache,
  };
}

const NAMES = {
  c1: 'Fotostudio Sonnenschein GmbH',
  s1: 'Sonnenschein Neukölln',
  s2: 'Sonnenschein Potsdam',
  l1: 'SNNSC-HN01K-PC01B-FTSFT-DEM01',
  i1: 'FotoSoft GmbH',
  r1: '=Foto "Express"; Handel',
  p1: '01.01.2026–31.12.2026',
};

const row = (overrides: Partial<ProcessRow>): ProcessRow => ({
  id: '0b0c7f5e-8d0c-4f0a-9a43-2f0a1c9d5e11',
  at_epoch: '0',
  license_id: 'l1',
  store_id: 's1',
  company_id: 'c1',
  system_integrator_id: 'i1',
  reseller_id: null,
  package_id: 'p1',
  postpaid: false,
  machine_id: 'STUDIO-PC-01',
  status: 'Completed',
  ...overrides,
});

describe('the rows of vorgaenge.csv', () => {
  const at = '28.03.2026 23:59:59';

  it('writes a prepaid, completed process: package period, Abgeschlossen, billable', () => {
    expect(lineWriter(names(NAMES))(row({}), at)).toBe(
      reference([
        [
          at,
          NAMES.c1,
          NAMES.s1,
          NAMES.l1,
          'STUDIO-PC-01',
          NAMES.i1,
          '',
          'Prepaid',
          NAMES.p1,
          'Abgeschlossen',
          'Ja',
          row({}).id,
        ],
      ]),
    );
  });

  it('writes a postpaid, cancelled process with its reseller: no package, Storniert, not billable, escaped names', () => {
    const process = row({
      postpaid: true,
      package_id: null,
      status: 'Cancelled',
      reseller_id: 'r1',
      machine_id: '-PC;1',
    });
    expect(lineWriter(names(NAMES))(process, at)).toBe(
      reference([
        [
          at,
          NAMES.c1,
          NAMES.s1,
          NAMES.l1,
          '-PC;1',
          NAMES.i1,
          NAMES.r1,
          'Postpaid',
          '',
          'Storniert',
          'Nein',
          process.id,
        ],
      ]),
    );
  });

  it('writes a process from its own studio when it differs from its licence’s earlier ones', () => {
    const write = lineWriter(names(NAMES));
    write(row({}), at);
    expect(write(row({ store_id: 's2' }), at)).toContain(`;${NAMES.s2};`);
    expect(write(row({}), at)).toContain(`;${NAMES.s1};`);
  });

  it('answers undefined while a name is not read yet', () => {
    expect(lineWriter(names({ ...NAMES, s1: undefined as unknown as string }))(row({}), at)).toBeUndefined();
  });
});

describe('zusammenfassung.csv', () => {
  it('counts per studio and month: completed prepaid, completed postpaid, cancelled; sorted by company, studio, month', () => {
    const summary = summaryCounter(names({ ...NAMES, c2: 'Atelier Zeit', s3: 'Zentrale', s4: 'Ärztehaus' }));
    summary.add(row({}), '03.2026');
    summary.add(row({ postpaid: true, package_id: null }), '03.2026');
    summary.add(row({ status: 'Cancelled' }), '03.2026');
    summary.add(row({}), '04.2026');
    summary.add(row({ store_id: 's3', company_id: 'c2' }), '03.2026');
    summary.add(row({ store_id: 's4', company_id: 'c2' }), '03.2026');
    expect(summary.records()).toEqual([
      { company: 'Atelier Zeit', studio: 'Ärztehaus', month: '2026-03', prepaid: 1, postpaid: 0, cancelled: 0 },
      { company: 'Atelier Zeit', studio: 'Zentrale', month: '2026-03', prepaid: 1, postpaid: 0, cancelled: 0 },
      { company: NAMES.c1, studio: NAMES.s1, month: '2026-03', prepaid: 1, postpaid: 1, cancelled: 1 },
      { company: NAMES.c1, studio: NAMES.s1, month: '2026-04', prepaid: 1, postpaid: 0, cancelled: 0 },
    ]);
  });
});

describe('Germany’s time of the rows', () => {
  const intl = new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const expected = (seconds: number) => intl.format(new Date(seconds * 1000)).replace(', ', ' ');

  it('equals Intl’s answer every minute around both changes of 2026 and across a year', () => {
    const time = germanTimeFormatter();
    const around = (iso: string) => Date.parse(iso) / 1000;
    for (const change of [around('2026-03-29T01:00:00Z'), around('2026-10-25T01:00:00Z')]) {
      for (let s = change - 3 * 3600; s <= change + 3 * 3600; s += 59) expect(time.format(s)).toBe(expected(s));
    }
    for (let s = around('2025-12-31T22:30:00Z'); s < around('2027-01-01T00:00:00Z'); s += 7919) {
      expect(time.format(s)).toBe(expected(s));
    }
  });

  it('names the month of the last time formatted, in Germany', () => {
    const time = germanTimeFormatter();
    expect(time.format(Date.parse('2026-03-31T22:30:00Z') / 1000)).toBe('01.04.2026 00:30:00');
    expect(time.month).toBe('04.2026');
  });
});

describe('report files in the database', () => {
  /** A stand-in for the database: records every chunk inserted. */
  function recordingDb() {
    const rows: { reportId: string; attempt: string; seq: number; data: Buffer }[] = [];
    const db = {
      insert: () => ({
        values: async (row: (typeof rows)[number]) => {
          rows.push({ ...row, data: Buffer.from(row.data) });
        },
      }),
    };
    return { rows, db: db as unknown as DbOrTx };
  }

  it('are stored as chunks of one size in the order written, the last one shorter, under one new attempt', async () => {
    const { rows, db } = recordingDb();
    const writer = new ReportFileWriter(db, 'report-1', 4);
    const bytes = Buffer.from('PK0123456789abc');
    await pipeline(Readable.from([bytes.subarray(0, 3), bytes.subarray(3, 9), bytes.subarray(9)]), writer);
    expect(rows.map((row) => row.data.toString())).toEqual(['PK01', '2345', '6789', 'abc']);
    expect(rows.map((row) => row.seq)).toEqual([0, 1, 2, 3]);
    expect(new Set(rows.map((row) => row.attempt))).toEqual(new Set([writer.attempt]));
    expect(writer.size).toBe(bytes.length);
    expect(new ReportFileWriter(db, 'report-1').attempt).not.toBe(writer.attempt);
  });
});

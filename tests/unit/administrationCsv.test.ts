import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Administrator } from '../../src/domain/administrators';
import { createI18nProvider } from '../../src/i18n';
import { deMessages } from '../../src/i18n/de';
import {
  administrationCsv,
  administrationCsvFileName,
  administrationExporter,
} from '../../src/resources/administration/administrationCsv';

const missing: string[] = [];
const i18n = createI18nProvider(deMessages, (key) => missing.push(key));
const translate = (key: string, options?: Record<string, unknown>) => i18n.translate(key, options);

const admin = (overrides: Partial<Administrator>): Administrator => ({
  id: 'a-1',
  firstName: 'Sabine',
  lastName: 'System',
  email: 'systemadmin@lumio.example',
  role: 'SystemAdmin',
  systemIntegratorId: null,
  ...overrides,
});

const BOM = '\uFEFF';
const HEADER = 'Vorname;Nachname;E-Mail;Rolle';

/** The file's lines without the byte order mark. */
const linesOf = (csv: string) => csv.slice(BOM.length).split('\r\n');

/** The blob's bytes (jsdom's Blob has no arrayBuffer(); its FileReader reads it). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the administration CSV (spec section 9)', () => {
  it('starts with a BOM, separates by semicolons and names the columns in German', async () => {
    const csv = await administrationCsv(
      [
        admin({}),
        admin({
          id: 'a-2',
          firstName: 'Ingo',
          lastName: 'Integrator',
          email: 'integrator@fotosoft.example',
          role: 'SystemIntegratorAdmin',
          systemIntegratorId: 'si-1',
        }),
        admin({ id: 'a-3', firstName: 'Anton', lastName: 'Admin', email: 'admin@lumio.example', role: 'LumioAdmin' }),
      ],
      translate,
    );
    expect(csv.startsWith(BOM)).toBe(true);
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(linesOf(csv)).toEqual([
      HEADER,
      'Sabine;System;systemadmin@lumio.example;System-Admin',
      'Ingo;Integrator;integrator@fotosoft.example;System-Integrator-Admin',
      'Anton;Admin;admin@lumio.example;Lumio-Admin',
      '',
    ]);
    // Neither ids nor the integrator: only the table's columns.
    expect(csv).not.toContain('a-2');
    expect(csv).not.toContain('si-1');
    expect(missing).toEqual([]);
  });

  it('quotes values holding a semicolon, a quote or a line break, so spreadsheets keep them in one cell', async () => {
    const csv = await administrationCsv(
      [
        admin({ firstName: 'Anna;Lena', lastName: 'Müller "die Ältere"', email: 'anna@lumio.example' }),
        admin({ firstName: 'Zeile\nzwei', lastName: 'Wagen\rRücklauf', email: 'zeile@lumio.example' }),
      ],
      translate,
    );
    expect(csv.slice(BOM.length)).toBe(
      `${HEADER}\r\n` +
        '"Anna;Lena";"Müller ""die Ältere""";anna@lumio.example;System-Admin\r\n' +
        '"Zeile\nzwei";"Wagen\rRücklauf";zeile@lumio.example;System-Admin\r\n',
    );
  });

  it('keeps a spreadsheet from running a cell as a formula', async () => {
    const csv = await administrationCsv(
      [admin({ firstName: '=HYPERLINK("http://evil.example")', lastName: '+1', email: '@x' })],
      translate,
    );
    expect(linesOf(csv)[1]).toBe(`"'=HYPERLINK(""http://evil.example"")";'+1;'@x;System-Admin`);
  });

  it('leaves ordinary names, umlauts and hyphenated names exactly as they are', async () => {
    const csv = await administrationCsv(
      [admin({ firstName: 'Jörg-Peter', lastName: "O'Neill von Straße", email: 'j.p+admin@lumio.example' })],
      translate,
    );
    expect(linesOf(csv)[1]).toBe("Jörg-Peter;O'Neill von Straße;j.p+admin@lumio.example;System-Admin");
  });

  it('is only the header for an empty page', async () => {
    expect(await administrationCsv([], translate)).toBe(`${BOM}${HEADER}\r\n`);
  });

  it('is named Verwaltung_{date without dots}.csv', () => {
    expect(administrationCsvFileName(new Date(2026, 10, 23, 14, 5), translate)).toBe('Verwaltung_23112026.csv');
    expect(administrationCsvFileName(new Date(2027, 0, 2, 0, 0), translate)).toBe('Verwaltung_02012027.csv');
  });

  it('downloads the records it is handed as that file (react-admin exporter)', async () => {
    const created: Blob[] = [];
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:administration';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.getAttribute('download') ?? '' });
    });
    const exporter = administrationExporter(translate, () => new Date(2026, 10, 23));

    await exporter([admin({})], vi.fn(), {} as never, 'administration');

    expect(clicked).toEqual([{ href: 'blob:administration', download: 'Verwaltung_23112026.csv' }]);
    const bytes = await bytesOf(created[0]);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      `${HEADER}\r\nSabine;System;systemadmin@lumio.example;System-Admin\r\n`,
    );
    expect(created[0].type).toBe('text/csv;charset=utf-8');
  });
});

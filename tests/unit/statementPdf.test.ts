// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { statementPdf, systemIntegratorStatementPdf } from '../../server/modules/statements/statement-pdf';
import { statementTotals, sumTotals, type StatementStore } from '../../src/domain/statements';
import { pdfPages } from '../api/helpers/pdfText';
import { buildDevice, buildStatement, FOTOSOFT } from './statementFixtures';

/** `count` studios of three devices each: enough lines to run over several pages. */
function manyStores(count: number): StatementStore[] {
  return Array.from({ length: count }, (_, i) => ({
    storeId: `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`,
    storeName: `Studio Nr. ${i + 1} Übersee`,
    devices: [
      buildDevice({ machineId: `KASSE-${i}-A` }),
      buildDevice({ machineId: `KASSE-${i}-B`, prepaid: [] }),
      buildDevice({ machineId: `KASSE-${i}-C`, cancelled: 0 }),
    ],
  }));
}

describe('statementPdf', () => {
  it('is an A4 PDF whose text holds the company, the month in German, umlauts, quotes and the totals', async () => {
    const statement = buildStatement();

    const pdf = await statementPdf(statement);

    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const [text] = await pdfPages(pdf);
    expect(text).toContain('Abrechnung Oktober 2026');
    expect(text).toContain('Fotostudio Sonnenschein Müller GmbH');
    expect(text).toContain('Hauptstraße 5, 50667 Köln');
    expect(text).toContain('01.10.2026–31.10.2026');
    expect(text).toContain(FOTOSOFT.name);
    expect(text).toContain('Lumio');
    // Issued at 02:00 UTC on 1 November: that day in Germany.
    expect(text).toContain('01.11.2026');
    expect(text).toContain('Passbild „Lichtblick“ Köln');
    expect(text).toContain('Fotostudio Groß Düsseldorf');
    expect(text).toContain('Rest am Monatsende');
    expect(text).toContain('…K7Q2Z');
    expect(text).toContain('01.01.2026–31.12.2026');
    // Totals in German notation: 2 × 1234 prepaid, 59 postpaid, 9 cancelled, 2527 billable.
    expect(statement.totals).toEqual({ prepaid: 2468, postpaid: 59, cancelled: 9, billable: 2527 });
    expect(text).toContain('2.468');
    expect(text).toContain('2.527');
    expect(text).toContain('Korrektur Postpaid');
    expect(text).toContain('September 2026');
    expect(text).toContain('Abrechenbar nach Korrekturen');
    expect(text).toContain('2.526');
    expect(text).toContain('Seite 1 von 1');
    expect(text).not.toContain('vorläufig');
  });

  it('marks a preview as vorläufig at the title and on every page', async () => {
    const stores = manyStores(30);
    const statement = buildStatement({ status: 'preview', issuedAt: null, stores, totals: statementTotals(stores) });

    const pages = await pdfPages(await statementPdf(statement, { now: new Date('2026-10-15T10:00:00Z') }));

    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('Vorläufige Abrechnung');
    expect(pages[0]).toContain('15.10.2026 (vorläufig)');
    for (const page of pages) expect(page).toContain('Abrechnung Oktober 2026 (vorläufig)');
  });

  it('numbers every page and repeats the table header on a page a studio’s table continues on', async () => {
    // One studio with 120 devices: its table cannot fit on one page.
    const devices = Array.from({ length: 120 }, (_, i) =>
      buildDevice({ machineId: `GERÄT-${i}`, postpaid: 0, cancelled: 0 }),
    );
    const stores = [{ storeId: '44444444-4444-4444-8444-444444444444', storeName: 'Großstudio', devices }];
    const statement = buildStatement({ stores, corrections: [], totals: statementTotals(stores) });

    const pages = await pdfPages(await statementPdf(statement));

    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => expect(page).toContain(`Seite ${i + 1} von ${pages.length}`));
    const withDevices = pages.filter((page) => page.includes('GERÄT-'));
    expect(withDevices.length).toBeGreaterThanOrEqual(3);
    for (const page of withDevices)
      expect(page).toMatch(/Gerät Lizenz Art Paketzeitraum Anzahl Rest am Monatsende GERÄT-/);
    const all = pages.join('\n');
    for (const i of [0, 60, 119]) expect(all).toContain(`GERÄT-${i} `);
    expect(all).toContain('148.080'); // 120 × 1234
  });

  it('shortens a device id too long for its column in the middle, keeping both ends', async () => {
    const stores = [
      {
        storeId: '44444444-4444-4444-8444-444444444444',
        storeName: 'Sonnenschein Neukölln',
        devices: [buildDevice({ machineId: 'STUDIO-SONNENSCHEIN-NEUKOELLN-KASSE-02', prepaid: [] })],
      },
    ];

    const [text] = await pdfPages(
      await statementPdf(buildStatement({ stores, corrections: [], totals: statementTotals(stores) })),
    );

    expect(text).toMatch(/STUDIO-SONNE\S*…\S*KASSE-02 …K7Q2Z Postpaid 56/);
    expect(text).not.toContain('STUDIO-SONNENSCHEIN-NEUKOELLN-KASSE-02');
  });

  it('says so when the month had no processes', async () => {
    const [text] = await pdfPages(
      await statementPdf(
        buildStatement({ stores: [], corrections: [], totals: { prepaid: 0, postpaid: 0, cancelled: 0, billable: 0 } }),
      ),
    );

    expect(text).toContain('In diesem Monat gab es keine Vorgänge.');
  });
});

describe('systemIntegratorStatementPdf', () => {
  it('has a section per customer company and the integrator’s sum', async () => {
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

    const pages = await pdfPages(
      await systemIntegratorStatementPdf({
        systemIntegratorId: FOTOSOFT.id,
        systemIntegratorName: FOTOSOFT.name,
        month: '2026-10',
        period: first.period,
        status: 'issued',
        issuedAt: first.issuedAt,
        companies: [first, second],
        totals: sumTotals([first, second]),
      }),
    );

    const all = pages.join('\n');
    expect(all).toContain(`Systemintegrator ${FOTOSOFT.name}`);
    expect(all).toContain('Firma: Fotostudio Sonnenschein Müller GmbH');
    expect(all).toContain('Firma: Bildwerk Süd KG');
    expect(all).toContain(`Summen: ${FOTOSOFT.name}`);
    expect(all).toContain('5.054'); // 2527 + 2527
    expect(all).toContain(`Seite 1 von ${pages.length}`);
  });
});

import { formatDate, todayInGermany } from '../../src/domain/dates';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { logIn } from './support/login';
import { unzip } from './support/zip';

/**
 * Issue 14, route identification-process-reports: the Owner requests a report of the last 30 days,
 * sees it 'Ausstehend' (or already 'In Bearbeitung') and then 'Abgeschlossen' without reloading,
 * downloads the ZIP under the server's file name and reads its CSVs: every process is the Owner's
 * company's, and the summary adds up to the process rows. Demo data: server/db/seed-licenses.ts.
 */
test('the owner requests a report, watches it finish and reads the downloaded CSV', async ({ page }) => {
  const today = todayInGermany();
  const start = new Date(`${today}T12:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 30);
  const startText = formatDate(start.toISOString().slice(0, 10));
  const period = `${startText} – ${formatDate(today)}`;
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });

  await logIn(page, DEMO_USERS.owner);
  await page.getByRole('list', { name: 'Bereiche' }).getByRole('link', { name: 'Vorgangsauswertung' }).click();
  await expect(page).toHaveURL(/\/identification-process-reports/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vorgangsauswertung anfordern' })).toBeVisible();
  await expect(page).toHaveTitle('Vorgangsauswertung anfordern – Lumio');

  // The Owner's form: the dates (the end today), the system integrator; no company, reseller or Post-Paid.
  const form = page.getByRole('form', { name: 'Vorgangsauswertung anfordern' });
  await expect(form.getByRole('textbox', { name: 'Datum bis' })).toHaveValue(formatDate(today));
  await expect(form.getByRole('combobox', { name: 'Systemintegrator' })).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Firma' })).toHaveCount(0);
  await expect(form.getByRole('checkbox', { name: /Post-Paid/ })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Anfordern' })).toBeDisabled();

  await form.getByRole('textbox', { name: 'Datum von' }).fill(startText);
  // What the first row of the results shows, every change of it, from the request on: a report of
  // the demo data is built in well under a second, so the states are recorded as they are shown.
  await page.evaluate(() => {
    const shown: string[] = [];
    Object.assign(window, { shownFirstRows: shown });
    const record = () => {
      const text = document.querySelector('tbody tr')?.textContent ?? '';
      if (shown.at(-1) !== text) shown.push(text);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await form.getByRole('button', { name: 'Anfordern' }).click();
  const success = page.getByTestId('success-dialog');
  await expect(success).toContainText('Auswertung wurde angefordert');
  await success.getByRole('button', { name: 'Ok' }).click();

  // The new report is the first row; the list asks again by itself until it is finished.
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText(period);
  await expect(row).toContainText('Abgeschlossen', { timeout: 60_000 });
  expect(navigations.filter((url) => url.includes('/identification-process-reports'))).toHaveLength(1);
  const shown = await page.evaluate(() => (window as unknown as { shownFirstRows: string[] }).shownFirstRows);
  const states = shown
    .filter((text) => text.includes(period))
    .map((text) => /Ausstehend|In Bearbeitung|Abgeschlossen|Fehlgeschlagen/.exec(text)?.[0]);
  expect(states[0]).toMatch(/Ausstehend|In Bearbeitung/);
  expect(states.at(-1)).toBe('Abgeschlossen');

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Auswertung ${period} herunterladen` }).click();
  const download = await downloading;
  const compact = (text: string) => text.replaceAll('.', '');
  expect(download.suggestedFilename()).toBe(
    `Vorgangsauswertung_${compact(startText)}-${compact(formatDate(today))}.zip`,
  );
  const files = await unzip(await download.path());
  expect([...files.keys()]).toEqual(['vorgaenge.csv', 'zusammenfassung.csv']);

  const processLines = files.get('vorgaenge.csv')!.split('\r\n').filter(Boolean);
  expect(processLines[0]).toBe(
    '\uFEFFZeitpunkt;Firma;Studio;Lizenzschlüssel;Geräte-ID;Systemintegrator;Reseller;Abrechnung;Vorgangspaket;Status;Abrechenbar;Vorgangs-ID',
  );
  const processes = processLines.slice(1).map((line) => line.split(';'));
  expect(processes.length).toBeGreaterThan(0);
  for (const cells of processes) {
    expect(cells[1]).toBe('Fotostudio Sonnenschein GmbH');
    expect(cells[0]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(cells[10]).toBe(cells[9] === 'Abgeschlossen' ? 'Ja' : 'Nein');
  }

  const summaryLines = files.get('zusammenfassung.csv')!.split('\r\n').filter(Boolean);
  expect(summaryLines[0]).toBe('\uFEFFFirma;Studio;Monat;Prepaid;Postpaid;Storniert;Abrechenbar');
  const counted = summaryLines
    .slice(1)
    .map((line) => line.split(';'))
    .reduce((sum, cells) => sum + Number(cells[3]) + Number(cells[4]) + Number(cells[5]), 0);
  expect(counted).toBe(processes.length);
});

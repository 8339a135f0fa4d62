import type { Page } from '@playwright/test';
import {
  RETENTION_CATEGORIES,
  RETENTION_CATEGORY_TEXTS,
  RETENTION_RUN_STATUS_TEXTS,
  type RetentionRunView,
} from '../../src/domain/retention';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { logIn, mainMenu } from './support/login';

/*
 * Issue 28, part 2: 'Datenlöschung' in 'Verwaltung', the SystemAdmin's view of the retention
 * job's last runs (GET /api/retention-run): per run its start, end and state in German, and per
 * category how many rows it checked, deleted and anonymised. Nobody else has it.
 */

/** A timestamp as the browser (Europe/Berlin, playwright.config.ts) shows it: '28.11.2026, 03:00'. */
const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

const COUNT_HEADERS = ['Kategorie', 'geprüft', 'gelöscht', 'anonymisiert'];

async function openRetention(page: Page) {
  await mainMenu(page).getByRole('link', { name: 'Verwaltung' }).click();
  await expect(page).toHaveURL(/\/administration$/);
  await page.getByRole('link', { name: 'Datenlöschung' }).click();
  await expect(page).toHaveURL(/\/administration\/retention$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Datenlöschung' })).toBeVisible();
  await expect(page.getByTestId('list-footer')).toContainText('Gesamt:');
}

/** A run's section: its heading 'Lauf vom …' and the table of its categories. */
async function expectRun(page: Page, run: Pick<RetentionRunView, 'startedAt' | 'finishedAt' | 'status'>) {
  const title = `Lauf vom ${formatDateTime(run.startedAt)}`;
  const section = page.getByRole('listitem', { name: title });
  await expect(section.getByRole('heading', { name: title })).toBeVisible();
  await expect(section).toContainText(RETENTION_RUN_STATUS_TEXTS[run.status]);
  if (run.finishedAt) await expect(section).toContainText(formatDateTime(run.finishedAt));
  const table = section.getByRole('table', { name: title });
  await expect(table.locator('thead th')).toHaveText(COUNT_HEADERS);
  await expect(table.locator('tbody th')).toHaveText(RETENTION_CATEGORIES.map((c) => RETENTION_CATEGORY_TEXTS[c]));
  return table;
}

test('the SystemAdmin reads the last retention runs in German, every category with its counts', async ({ page }) => {
  await logIn(page, DEMO_USERS.systemAdmin);
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/retention-run' && response.request().method() === 'GET',
  );
  await openRetention(page);
  const response = await answered;
  expect(response.status()).toBe(200);
  const { items, totalItemCount } = (await response.json()) as { items: RetentionRunView[]; totalItemCount: number };
  // The demo data's seed ran the retention job once (server/db/seed.ts).
  expect(items.length).toBeGreaterThan(0);
  await expect(page.getByTestId('list-footer')).toContainText(`Gesamt: ${totalItemCount}`);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    items.map((run) => `Lauf vom ${formatDateTime(run.startedAt)}`),
  );
  const table = await expectRun(page, items[0]);
  // Figures as the API counted them, German thousands separators.
  const rows = table.locator('tbody tr');
  for (const [i, counts] of items[0].categories.entries()) {
    await expect(rows.nth(i).locator('td')).toHaveText(
      [counts.checked, counts.deleted, counts.anonymised].map((n) => n.toLocaleString('de-DE')),
    );
  }
});

test('the LumioAdmin has no Datenlöschung and is refused at its address', async ({ page }) => {
  await logIn(page, DEMO_USERS.lumioAdmin);
  await mainMenu(page).getByRole('link', { name: 'Verwaltung' }).click();
  await expect(page.getByTestId('list-footer')).toContainText('Gesamt:');
  await expect(page.getByRole('link', { name: 'Datenlöschung' })).toHaveCount(0);
  await page.goto('/administration/retention');
  await expect(page.getByRole('heading', { level: 1, name: 'Zugriff verweigert' })).toBeVisible();
});

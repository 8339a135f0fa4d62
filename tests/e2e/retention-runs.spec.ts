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

test('the SystemAdmin reads the last retention runs in German, or that there are none yet', async ({ page }) => {
  await logIn(page, DEMO_USERS.systemAdmin);
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/retention-run' && response.request().method() === 'GET',
  );
  await openRetention(page);
  const response = await answered;
  expect(response.status()).toBe(200);
  const { items, totalItemCount } = (await response.json()) as { items: RetentionRunView[]; totalItemCount: number };
  await expect(page.getByTestId('list-footer')).toContainText(`Gesamt: ${totalItemCount}`);
  if (items.length === 0) {
    await expect(page.getByRole('status').filter({ hasText: 'Noch keine Löschläufe.' })).toBeVisible();
    return;
  }
  const table = await expectRun(page, items[0]);
  // Figures as the API counted them, German thousands separators.
  const first = items[0].categories[0];
  await expect(table.locator('tbody tr').first().locator('td')).toHaveText(
    [first.checked, first.deleted, first.anonymised].map((n) => n.toLocaleString('de-DE')),
  );
});

test('the SystemAdmin sees every category of a run with its counts, the newest run first', async ({ page }) => {
  const runs: RetentionRunView[] = [
    {
      id: '00000000-0000-4000-8000-000000000002',
      startedAt: '2026-11-28T02:00:00.000Z',
      finishedAt: null,
      status: 'failed',
      categories: RETENTION_CATEGORIES.map((category) => ({ category, checked: 3, deleted: 0, anonymised: 0 })),
    },
    {
      id: '00000000-0000-4000-8000-000000000001',
      startedAt: '2026-11-27T02:00:00.000Z',
      finishedAt: '2026-11-27T02:03:10.000Z',
      status: 'finished',
      categories: RETENTION_CATEGORIES.map((category, i) => ({
        category,
        checked: 12_345 + i,
        deleted: i,
        anonymised: i * 2,
      })),
    },
  ];
  // The screen as it shows runs, whatever the retention job has done on this server so far.
  await page.route('**/api/retention-run?**', (route) =>
    route.fulfill({
      json: { pageIndex: 0, pageSize: 20, orderBy: null, filter: null, totalItemCount: runs.length, items: runs },
    }),
  );
  await logIn(page, DEMO_USERS.systemAdmin);
  await openRetention(page);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    runs.map((run) => `Lauf vom ${formatDateTime(run.startedAt)}`),
  );
  await expectRun(page, runs[0]);
  const finished = await expectRun(page, runs[1]);
  await expect(finished.locator('tbody tr').nth(1).locator('td')).toHaveText(['12.346', '1', '2']);
});

test('the LumioAdmin has no Datenlöschung and is refused at its address', async ({ page }) => {
  await logIn(page, DEMO_USERS.lumioAdmin);
  await mainMenu(page).getByRole('link', { name: 'Verwaltung' }).click();
  await expect(page.getByTestId('list-footer')).toContainText('Gesamt:');
  await expect(page.getByRole('link', { name: 'Datenlöschung' })).toHaveCount(0);
  await page.goto('/administration/retention');
  await expect(page.getByRole('heading', { level: 1, name: 'Zugriff verweigert' })).toBeVisible();
});

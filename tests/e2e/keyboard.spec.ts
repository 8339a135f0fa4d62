import type { Page } from '@playwright/test';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { expectVisibleFocus, tabTo } from './support/layoutChecks';
import { logIn } from './support/login';

/**
 * Issue 8, WCAG 2.1.1 and 2.4.7: a keyboard user opens list rows and sorts columns, and sees
 * where the focus is. The lists share one component; two of them stand for all.
 */
const LISTS: {
  list: string;
  user: (typeof DEMO_USERS)[keyof typeof DEMO_USERS];
  path: string;
  listHeading: string;
  /** The opened record's page shows the name the row's link had. */
  expectRecord: (page: Page, name: string) => Promise<void>;
}[] = [
  {
    list: 'Firmen',
    user: DEMO_USERS.lumioAdmin,
    path: '/companies',
    listHeading: 'Firmen',
    expectRecord: async (page, name) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Firma' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Unternehmen' })).toContainText(name);
    },
  },
  {
    list: 'System-Integratoren',
    user: DEMO_USERS.systemAdmin,
    path: '/system-integrators',
    listHeading: 'System-Integrator',
    expectRecord: async (page, name) => {
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    },
  },
];

for (const { list, user, path, listHeading, expectRecord } of LISTS) {
  test(`${list}: sorting and opening a row work with the keyboard alone`, async ({ page }) => {
    await logIn(page, user);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: listHeading })).toBeVisible();
    await expect(page.getByTestId('list-footer')).toContainText('Gesamt:');

    // From the search box on: the first sort header shows its focus and sorts with Enter.
    const rowLink = page.locator('tbody tr').first().getByRole('link');
    const firstByName = (await rowLink.textContent())!.trim();
    await page.getByRole('textbox', { name: 'Suchbegriff eingeben' }).focus();
    const nameHeader = page.getByRole('columnheader').first().getByRole('button');
    await tabTo(page, nameHeader);
    await expectVisibleFocus(nameHeader);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/order=DESC/);
    await expect(rowLink).not.toHaveText(firstByName);

    // The first row's name is a link: Tab reaches it, it shows its focus, Enter opens the record.
    const name = (await rowLink.textContent())!.trim();
    await tabTo(page, rowLink);
    await expectVisibleFocus(rowLink);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`${path}/[^/?]+$`));
    await expectRecord(page, name);
  });
}

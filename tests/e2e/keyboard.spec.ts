import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { expectVisibleFocus, tabTo } from './support/layoutChecks';
import { logIn, mainMenu } from './support/login';

/**
 * Issue 8, WCAG 2.1.1 and 2.4.7: a keyboard user opens list rows and sorts columns, and sees
 * where the focus is. The lists share one component; two of them stand for all.
 */
const LISTS: {
  list: string;
  user: (typeof DEMO_USERS)[keyof typeof DEMO_USERS];
  path: string;
  listHeading: string;
  /** What opens a row: a link to the record's page, or a button opening its dialog. */
  opener: (row: Locator) => Locator;
  /** The opened record shows the name its row's opener had. */
  expectRecord: (page: Page, name: string) => Promise<void>;
}[] = [
  {
    list: 'Firmen',
    user: DEMO_USERS.lumioAdmin,
    path: '/companies',
    listHeading: 'Firmen',
    opener: (row) => row.getByRole('link'),
    expectRecord: async (page, name) => {
      await expect(page).toHaveURL(/\/companies\/[^/?]+$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Firma' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Unternehmen' })).toContainText(name);
    },
  },
  {
    list: 'System-Integratoren',
    user: DEMO_USERS.systemAdmin,
    path: '/system-integrators',
    listHeading: 'System-Integrator',
    // createEditSystemIntegrator opens over the list.
    opener: (row) => row.getByRole('button'),
    expectRecord: async (page, name) => {
      await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    },
  },
];

for (const { list, user, path, listHeading, opener, expectRecord } of LISTS) {
  test(`${list}: sorting and opening a row work with the keyboard alone`, async ({ page }) => {
    await logIn(page, user);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: listHeading })).toBeVisible();
    await expect(page.getByTestId('list-footer')).toContainText('Gesamt:');

    // From the search box on: the first sort header shows its focus and sorts with Enter.
    const rowLink = opener(page.locator('tbody tr').first());
    const firstByName = (await rowLink.textContent())!.trim();
    await page.getByRole('textbox', { name: 'Suchbegriff eingeben' }).focus();
    const nameHeader = page.getByRole('columnheader').first().getByRole('button');
    await tabTo(page, nameHeader);
    await expectVisibleFocus(nameHeader);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/order=DESC/);
    await expect(rowLink).not.toHaveText(firstByName);

    // The first row's name opens it: Tab reaches it, it shows its focus, Enter opens the record.
    const name = (await rowLink.textContent())!.trim();
    await tabTo(page, rowLink);
    await expectVisibleFocus(rowLink);
    await page.keyboard.press('Enter');
    await expectRecord(page, name);
  });
}

/** The page's h1, which takes the focus on every route change (issue 25, WCAG 2.4.3). */
const pageHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('the focus moves to the new page’s heading after login, a menu link, opening a row and ‘Zurück’', async ({
  page,
}) => {
  await logIn(page, DEMO_USERS.lumioAdmin);
  await expect(pageHeading(page, 'Übersicht')).toBeFocused();

  // A menu link stays on screen: the focus still moves on to the page it opened.
  await mainMenu(page).getByRole('link', { name: 'Firmen' }).focus();
  await page.keyboard.press('Enter');
  await expect(pageHeading(page, 'Firmen')).toBeFocused();

  const rowLink = page.locator('tbody tr').first().getByRole('link');
  await tabTo(page, rowLink);
  await page.keyboard.press('Enter');
  await expect(pageHeading(page, 'Firma')).toBeFocused();

  await page.getByRole('link', { name: 'Zurück' }).focus();
  await page.keyboard.press('Enter');
  await expect(pageHeading(page, 'Firmen')).toBeFocused();
  // From the heading, Tab goes on into the page, not back to the top of the document.
  await page.keyboard.press('Tab');
  await expect(page.locator('#main-content :focus')).toHaveCount(1);
});

test('a dialog opens with the focus in its first field, and Enter in the invite dialog sends the invitation', async ({
  page,
}) => {
  await logIn(page, DEMO_USERS.owner);
  await page.getByRole('list', { name: 'Bereiche' }).getByRole('link', { name: 'Firma & Studios' }).click();
  await expect(pageHeading(page, 'Firma')).toBeFocused();
  await page.getByRole('button', { name: 'Studio hinzufügen' }).click();
  const addStudio = page.getByRole('dialog', { name: 'Studio hinzufügen' });
  await expect(addStudio.getByRole('textbox', { name: /Studioname/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(addStudio).toBeHidden();

  await mainMenu(page).getByRole('link', { name: 'Mitarbeitende', exact: true }).click();
  await expect(pageHeading(page, 'Mitarbeitende')).toBeFocused();
  await page.getByRole('button', { name: 'Mitarbeitende einladen' }).click();
  const invite = page.getByRole('dialog', { name: 'Mitarbeitende einladen' });
  const email = invite.getByRole('textbox', { name: 'E-Mail' });
  await expect(email).toBeFocused();
  // Enter before the address is valid sends nothing ('Einladen' is disabled).
  await page.keyboard.type('tastatur');
  await page.keyboard.press('Enter');
  await expect(invite).toBeVisible();
  await page.keyboard.type(`-${Date.now()}@studio-test.example`);
  await page.keyboard.press('Enter');
  const invited = page.getByTestId('success-dialog');
  await expect(invited.getByRole('heading', { name: 'Der Mitarbeitende wurde eingeladen' })).toBeVisible();
  await invited.getByRole('button', { name: 'Ok' }).click();
  await expect(invite).toBeHidden();
});

test('the skip link shows when focused and its Enter sends the next Tab into the page, past the menu', async ({
  page,
}) => {
  await logIn(page, DEMO_USERS.lumioAdmin);
  const skip = page.getByRole('button', { name: 'Zum Inhalt springen' });

  await skip.focus();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');

  await expect(page.locator('#main-content :focus')).toHaveCount(1);
  await expect(mainMenu(page).locator(':focus')).toHaveCount(0);
});

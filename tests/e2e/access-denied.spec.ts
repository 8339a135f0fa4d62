import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { logIn } from './support/login';

/**
 * Issue 8, part 6: every route the role table refuses shows the same page in place (the address
 * stays), readable, with the way back to the overview: resource lists, resource forms and custom
 * routes alike.
 */
const REFUSED = [
  { user: DEMO_USERS.owner, path: '/companies', what: 'a resource list' },
  { user: DEMO_USERS.owner, path: '/administration', what: 'the administrators list' },
  { user: DEMO_USERS.lumioAdmin, path: '/system-integrators/create', what: 'a form of a list the user may see' },
  {
    user: DEMO_USERS.lumioAdmin,
    path: '/system-integrators/00000000-0000-4000-8000-000000000000',
    what: 'a record of a list the user may see',
  },
];

for (const { user, path, what } of REFUSED) {
  test(`${user.role} opening ${path} (${what}) sees 'Zugriff verweigert' there and gets back`, async ({ page }) => {
    await logIn(page, user);
    await page.goto(path);

    await expect(page.getByRole('heading', { level: 1, name: 'Zugriff verweigert' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      'Sie haben nicht die nötigen Berechtigungen, um diese Seite aufzurufen.',
    );
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page).toHaveTitle('Zugriff verweigert – Lumio');

    await page.getByRole('link', { name: 'Zur Übersicht' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('list', { name: 'Bereiche' })).toBeVisible();
  });
}

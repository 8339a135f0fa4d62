import { formatDate, todayInGermany } from '../../src/domain/dates';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { expectLoginPage, logIn, mainMenu, submitLoginForm } from './support/login';
import { linkMatching, waitForMail } from './support/mails';

/**
 * Issue 25 part 4: a link from a mail into the signed-in portal leads a logged-out reader to the
 * login (spec section 2) and, after it, to the page the link named, not to the dashboard. Both
 * identity providers share this path: the web app hands keycloak-js the page as redirectUri.
 */
test('the report-ready link leads a logged-out owner through the login to the reports page', async ({
  page,
  browser,
}) => {
  // Arrange: the owner requests a report and gets the mail that it is ready.
  await logIn(page, DEMO_USERS.owner);
  await page.getByRole('list', { name: 'Bereiche' }).getByRole('link', { name: 'Vorgangsauswertung' }).click();
  const form = page.getByRole('form', { name: 'Vorgangsauswertung anfordern' });
  const start = new Date(`${todayInGermany()}T12:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 7);
  await form.getByRole('textbox', { name: 'Datum von' }).fill(formatDate(start.toISOString().slice(0, 10)));
  await form.getByRole('button', { name: 'Anfordern' }).click();
  await page.getByTestId('success-dialog').getByRole('button', { name: 'Ok' }).click();
  const mail = await waitForMail(page.request, {
    to: DEMO_USERS.owner.email,
    subject: 'Ihre Vorgangsauswertung ist fertig',
  });
  const link = linkMatching(mail, /\/identification-process-reports$/);

  // Act: the link opened in a browser without a session (the mail programme's).
  const reader = await (await browser.newContext()).newPage();
  await reader.goto(link);

  // Assert: the login, then the page the link named.
  await expectLoginPage(reader);
  const self = await submitLoginForm(reader, DEMO_USERS.owner);
  expect(self.status()).toBe(200);
  await expect(reader).toHaveURL(/\/identification-process-reports$/);
  await expect(reader.getByRole('heading', { level: 1, name: 'Vorgangsauswertung anfordern' })).toBeVisible();
  await expect(mainMenu(reader).getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await reader.context().close();
});

test('a deep link with a query keeps both through the login', async ({ page }) => {
  await page.goto('/employees?filter=%7B%7D');

  await expectLoginPage(page);
  await submitLoginForm(page, DEMO_USERS.owner);

  await expect(page).toHaveURL(/\/employees\?filter=%7B%7D$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mitarbeitende' })).toBeVisible();
});

import type { Page } from '@playwright/test';
import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { waitForInvitationLink } from './support/invitations';
import { logIn, mainMenu, menuButton } from './support/login';
import { mailsTo } from './support/mails';

/*
 * Issue 25 part 4: sent invitations were invisible. The employees page lists the open ones, and
 * each can be sent again (a new link; the old one stops working) or withdrawn (its link stops
 * working), each after its German confirmation dialog, on a desktop and on a phone.
 */

const RUN = Date.now();
const openInvitations = (page: Page) => page.getByRole('region', { name: 'Offene Einladungen' });

async function invite(page: Page, email: string) {
  await page.getByRole('button', { name: 'Mitarbeitende einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mitarbeitende einladen' });
  await dialog.getByRole('textbox', { name: 'E-Mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Einladen' }).click();
  await page.getByTestId('success-dialog').getByRole('button', { name: 'Ok' }).click();
}

async function expectInvalidLink(page: Page, link: string) {
  await page.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Das hat leider nicht geklappt!' });
  await expect(dialog).toContainText('Der Link ist falsch oder nicht mehr gültig.');
}

test('the owner sees a sent invitation, sends it again and withdraws it', async ({ page, request, browser }) => {
  const email = `offen-${RUN}@studio-test.example`;
  await logIn(page, DEMO_USERS.owner);
  await mainMenu(page).getByRole('link', { name: 'Mitarbeitende', exact: true }).click();
  await invite(page, email);
  const first = await waitForInvitationLink(request, email);

  // Listed, with both actions.
  const row = openInvitations(page).getByRole('listitem').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Gültig bis');

  // Resend: confirmation, success, a new mail; the old link no longer works.
  await row.getByRole('button', { name: `Einladung an ${email} erneut senden` }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`Soll die Einladung an ${email} erneut gesendet werden?`);
  await confirm.getByRole('button', { name: 'Erneut senden' }).click();
  const success = page.getByTestId('success-dialog');
  await expect(success).toContainText(`Die Einladung an ${email} wurde erneut gesendet.`);
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect.poll(async () => (await mailsTo(request, { to: email, subject: 'Einladung zu Lumio' })).length).toBe(2);
  const second = await waitForInvitationLink(request, email);
  expect(second.link).not.toBe(first.link);
  const visitor = await (await browser.newContext()).newPage();
  await expectInvalidLink(visitor, first.link);

  // Withdraw: cancel keeps it, confirming removes it from the list and kills the new link.
  await row.getByRole('button', { name: `Einladung an ${email} zurückziehen` }).click();
  await expect(confirm).toContainText(`Soll die Einladung an ${email} wirklich zurückgezogen werden?`);
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Einladung an ${email} zurückziehen` }).click();
  await confirm.getByRole('button', { name: 'Zurückziehen' }).click();
  await expect(success).toContainText(`Die Einladung an ${email} wurde zurückgezogen.`);
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(row).toHaveCount(0);
  await expectInvalidLink(visitor, second.link);
  await visitor.context().close();
});

test('on a phone both actions of an open invitation are reachable and the page does not scroll sideways', async ({
  page,
}) => {
  const email = `telefon-${RUN}@studio-test.example`;
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, DEMO_USERS.owner);
  await page.goto('/employees');
  await expect(menuButton(page)).toBeVisible();
  await invite(page, email);

  const row = openInvitations(page).getByRole('listitem').filter({ hasText: email });
  const resend = row.getByRole('button', { name: `Einladung an ${email} erneut senden` });
  const withdraw = row.getByRole('button', { name: `Einladung an ${email} zurückziehen` });
  await resend.scrollIntoViewIfNeeded();
  for (const button of [resend, withdraw]) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await withdraw.click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Zurückziehen' }).click();
  await page.getByTestId('success-dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(row).toHaveCount(0);
});

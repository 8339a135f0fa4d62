import { AccessibilityWatch, describeViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';

/**
 * The suite's own axe check (support/accessibility.ts) can fail: a screen that turns unreadable
 * is reported before the test's next step, with the rule and the element.
 */
test('the axe check reports a new screen with unreadable text before the next step', async ({ context }) => {
  const page = await context.newPage();
  const watch = await AccessibilityWatch.attach(page);
  await page.goto('/imprint');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  expect(watch.found).toEqual([]);

  // A new section whose heading is light grey on white (1.9:1).
  await page.evaluate(() => {
    const heading = document.createElement('h2');
    heading.textContent = 'Blasser Abschnitt';
    heading.style.color = '#bbbbbb';
    document.querySelector('main')!.append(heading);
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Blasser Abschnitt' })).toBeVisible();

  expect(describeViolations(watch.found)).toEqual([expect.stringMatching(/^\/imprint: color-contrast \(serious\) /)]);
  await page.close();
});

test('the screen check reports a message key shown instead of its German text', async ({ context }) => {
  const page = await context.newPage();
  const watch = await AccessibilityWatch.attach(page);
  await page.goto('/imprint');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  expect(watch.messageKeys).toEqual([]);

  // A new section whose heading and button never made it into the catalogue.
  await page.evaluate(() => {
    const heading = document.createElement('h2');
    heading.textContent = 'app.licenses.title';
    const button = document.createElement('button');
    button.textContent = 'Anlegen';
    button.setAttribute('aria-label', 'resources.licenses.fields.key');
    document.querySelector('main')!.append(heading, button);
  });
  await expect(page.getByRole('heading', { level: 2, name: 'app.licenses.title' })).toBeVisible();

  expect(watch.messageKeys).toEqual([
    { url: expect.stringMatching(/\/imprint$/), keys: ['app.licenses.title', 'resources.licenses.fields.key'] },
  ]);
  await page.close();
});

import { test as base, expect } from '@playwright/test';
import { AccessibilityWatch, describeViolations } from './accessibility';

export { expect };

/**
 * The `test` of every browser spec (eslint refuses `test` from '@playwright/test' in tests/e2e).
 * Its automatic fixture runs axe-core on every screen the test visits (see AccessibilityWatch)
 * and fails the test on any WCAG 2.1 A/AA violation, with one line per failing element, and on a
 * message key shown instead of its German text. A new
 * spec or screen is covered without doing anything. A test that opens a further page of its own
 * (context.newPage) attaches a watch to it with AccessibilityWatch.attach.
 */
export const test = base.extend<{ accessibility: AccessibilityWatch }>({
  accessibility: [
    async ({ page }, use, testInfo) => {
      const watch = await AccessibilityWatch.attach(page);
      await use(watch);
      await watch.checkLastScreen();
      if (watch.found.length > 0) {
        await testInfo.attach('axe-violations.json', {
          body: JSON.stringify(watch.found, null, 2),
          contentType: 'application/json',
        });
      }
      expect(describeViolations(watch.found), 'axe-core: Verstöße gegen WCAG 2.1 AA').toEqual([]);
      expect(watch.messageKeys, 'Textschlüssel statt deutscher Texte').toEqual([]);
    },
    { auto: true },
  ],
});

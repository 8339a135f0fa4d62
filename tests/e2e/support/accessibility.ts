import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { installScreenWatch, UNCHECKED_ATTRIBUTE } from './screenWatch';

/** Issue 8: WCAG 2.1 A and AA, nothing switched off. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Pages the suite opens that are not Lumio's screens: Swagger UI (the API's developer
 * documentation, a third-party page served as is).
 */
const NOT_OUR_SCREENS = [/^\/api\/docs(\/|$)/];

/**
 * A real Keycloak's pages (login, password change) when the suite runs against one: Keycloak's own
 * theme, not Lumio's screens. The embedded IdP's pages are Lumio's and are checked.
 */
const FOREIGN_ORIGINS = process.env.E2E_KEYCLOAK_URL ? [new URL(process.env.E2E_KEYCLOAK_URL).origin] : [];

function isOurScreen(url: string): boolean {
  const { origin, pathname } = new URL(url);
  return !FOREIGN_ORIGINS.includes(origin) && !NOT_OUR_SCREENS.some((path) => path.test(pathname));
}

/** axe-core as @axe-core/playwright itself loads it (its own dependency). */
const axeCoreSource: string = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
  'axe-core',
).source;

/**
 * AxeBuilder evaluates its axe source in every frame at every check: 2 × 500 KB of script to parse
 * per check, seconds on a busy machine. The watch loads axe-core into a document once, when it is
 * missing, and hands AxeBuilder an empty source instead; keycloak-js's hidden iframes hold no
 * content and are left out (iframes: false).
 */
const AXE_ALREADY_LOADED = ';';

/** How long a screen may keep loading or animating before it is checked as it is. */
const SETTLE_TIMEOUT_MS = 3_000;

/**
 * Screens already checked in this worker (the key of screenWatch.ts): the landing page, the login
 * form and each role's dashboard appear in most tests; one check each is enough.
 */
const checkedKeys = new Set<string>();

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export interface ScreenViolations {
  url: string;
  violations: Violation[];
}

/**
 * Watches a page and runs axe-core on every screen it shows, once the screen has settled and
 * before the test acts on it or asserts on it: a Playwright locator handler fires before every
 * action and auto-waiting assertion while the in-page watcher marks the screen as unchecked (a
 * new address, headings, dialog or alert). The test's next step therefore waits for the check,
 * so no screen slips by between two steps, and no spec has to remember to call anything.
 */
/**
 * A message key on the screen instead of its German text ('app.resellers.create'): a text missing
 * from the catalogue, or an area's text used before the area's texts were loaded.
 */
const MESSAGE_KEY = /\b(?:ra|app|resources)\.[\w-]+\.[\w.-]*\w/g;

/** Message keys in the document's visible text, title and the attributes people hear or see. */
function messageKeysOnScreen(pattern: string): string[] {
  const keys = new RegExp(pattern, 'g');
  const attributes = ['aria-label', 'title', 'placeholder', 'alt'];
  const texts = [document.title, document.body.innerText];
  for (const element of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))) {
    for (const attribute of attributes) texts.push(element.getAttribute(attribute) ?? '');
  }
  return [...new Set(texts.flatMap((text) => text.match(keys) ?? []))];
}

export class AccessibilityWatch {
  readonly found: ScreenViolations[] = [];
  /** Screens that showed message keys instead of German texts. */
  readonly messageKeys: { url: string; keys: string[] }[] = [];

  private constructor(private readonly page: Page) {}

  static async attach(page: Page): Promise<AccessibilityWatch> {
    const watch = new AccessibilityWatch(page);
    await page.addInitScript(installScreenWatch, UNCHECKED_ATTRIBUTE);
    await page.addLocatorHandler(page.locator(`html[${UNCHECKED_ATTRIBUTE}]`), () => watch.checkScreen(), {
      noWaitAfter: true,
    });
    return watch;
  }

  /** The screen the test ended on has not met an action yet: check it too. */
  async checkLastScreen(): Promise<void> {
    if (this.page.isClosed()) return;
    const unchecked = await this.page
      .locator(`html[${UNCHECKED_ATTRIBUTE}]`)
      .count()
      .catch(() => 0);
    if (unchecked > 0) await this.checkScreen();
  }

  /** One check at a time: a locator handler and the final check may ask at once. */
  private queue: Promise<void> = Promise.resolve();

  private checkScreen(): Promise<void> {
    this.queue = this.queue.then(() => this.checkNow());
    return this.queue;
  }

  private async checkNow(): Promise<void> {
    const { page } = this;
    try {
      for (let attempt = 1; ; attempt += 1) {
        const key = await page.evaluate((timeout) => window.__lumioScreenWatch?.settled(timeout), SETTLE_TIMEOUT_MS);
        if (key === undefined) return;
        const url = page.url();
        if (!checkedKeys.has(key) && isOurScreen(url)) {
          // Legacy mode runs in the page itself; the default mode opens a helper tab per check.
          if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCoreSource);
          // options() replaces all options, withTags() then adds the tags to them.
          const results = await new AxeBuilder({ page, axeSource: AXE_ALREADY_LOADED })
            .options({ resultTypes: ['violations'], iframes: false })
            .withTags(WCAG_TAGS)
            .setLegacyMode(true)
            .analyze();
          // A dialog that mounted while axe ran was seen at opacity 0 (1.01:1 in CI): that result
          // is of no screen the user sees, so the settled screen is checked again.
          const valid = await page.evaluate((checked) => window.__lumioScreenWatch?.stillSettledOn(checked), key);
          if (!valid && attempt < MAX_CHECK_ATTEMPTS) continue;
          checkedKeys.add(key);
          if (results.violations.length > 0) this.found.push({ url, violations: results.violations });
          const keys = await page.evaluate(messageKeysOnScreen, MESSAGE_KEY.source);
          if (keys.length > 0) this.messageKeys.push({ url, keys });
        }
        await page.evaluate((checked) => window.__lumioScreenWatch?.markChecked(checked), key);
        return;
      }
    } catch (error) {
      // The app navigated away during the check (a redirect, the login): the next document is
      // a screen of its own and gets its own check.
      // axe loaded into the old document and analyze() ran in the new one: 'run' (legacy mode) or
      // 'runPartial' of undefined.
      if (
        !/Execution context was destroyed|Target page, context or browser has been closed|reading '(?:run|runPartial)'/.test(
          String(error),
        )
      ) {
        throw error;
      }
    }
  }
}

/** Checks of a screen that changed under axe before its result is taken as the screen's. */
const MAX_CHECK_ATTEMPTS = 3;

/** One readable line per failing element, for the test's error message. */
export function describeViolations(found: readonly ScreenViolations[]): string[] {
  return found.flatMap(({ url, violations }) =>
    violations.flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${new URL(url).pathname}: ${violation.id} (${violation.impact}) ${node.target.join(' ')} – ${
            node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
          }`,
      ),
    ),
  );
}

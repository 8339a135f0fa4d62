import type { Locator, Page } from '@playwright/test';
import { formatDate, todayInGermany } from '../../src/domain/dates';
import { DEMO_USERS, type DemoUserKey } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { logIn } from './support/login';

/**
 * Issue 25, parts 3 and 4: a phone walk over every list screen of every role. At 390 × 844 (a
 * touch phone) each list fits the width, every action the desktop table offers on a row is a
 * button on that row's card, and tapping a card opens what a click on the desktop row opens (and
 * never runs an action). The desktop table is read in the same page at 1280 px, so the two
 * layouts of one screen are compared on the same data. axe-core checks every screen on the way
 * (the fixture). One login per role.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

interface ListScreen {
  /** What the screen is, for the failure messages. */
  name: string;
  /** The address; without it the screen is the one the previous screen's first row opens. */
  path?: string;
  /** How many tables the screen shows (the employees page: pending people and everyone). */
  tables?: number;
  /** The demo data may leave the list empty (nothing to compare then but the width). */
  mayBeEmpty?: boolean;
  /** The row the walk opens (and whose screen comes next); the first row without it. */
  openRow?: RegExp;
  /** Gives an empty list of the demo data its rows first, as the role would on that screen. */
  prepare?: (page: Page) => Promise<void>;
}

/**
 * The demo data has no report: the owner asks for one of the last 30 days on the screen, so that
 * the walk meets a finished report's row and its download.
 */
async function requestReport(page: Page): Promise<void> {
  const start = new Date(`${todayInGermany()}T12:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 30);
  const form = page.getByRole('form', { name: 'Vorgangsauswertung anfordern' });
  await form.getByRole('textbox', { name: 'Datum von' }).fill(formatDate(start.toISOString().slice(0, 10)));
  await form.getByRole('button', { name: 'Anfordern' }).click();
  const success = page.getByTestId('success-dialog');
  await expect(success).toContainText('Auswertung wurde angefordert');
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(phoneLists(page).locator('> li').first()).toContainText('Abgeschlossen', { timeout: 60_000 });
}

/**
 * Every list screen each role reaches from its menu or its dashboard tiles, in walking order
 * (src/domain/navigation.ts). `menu` is the role's whole header menu by address: a new menu entry
 * fails this spec until it is listed here, as a list screen or as no list.
 */
const WALKS: Record<Exclude<DemoUserKey, 'unverifiedOwner'>, { menu: string[]; screens: ListScreen[] }> = {
  systemAdmin: {
    menu: ['/dashboard', '/administration', '/system-integrators', '/audit-log'],
    screens: [
      { name: 'Verwaltung', path: '/administration' },
      { name: 'System-Integratoren', path: '/system-integrators' },
      // Issue 28: the audit log, read-only (no row opens, no row action); the demo data writes no rows.
      { name: 'Protokoll', path: '/audit-log', mayBeEmpty: true },
    ],
  },
  lumioAdmin: {
    menu: ['/dashboard', '/administration', '/companies', '/identification-process-reports', '/audit-log'],
    screens: [
      { name: 'Verwaltung', path: '/administration' },
      { name: 'Firmen', path: '/companies' },
      // The first company's page: its studios, with their system integrator.
      { name: 'Firma (Studios)' },
      // The demo data has no open application or eID review: these two lists start empty.
      { name: 'Offene Anträge (Kachel)', path: '/open-applications', mayBeEmpty: true },
      { name: 'eID-Prüfungen (Kachel)', path: '/verification-check', mayBeEmpty: true },
      { name: 'Vorgangsauswertung', path: '/identification-process-reports', mayBeEmpty: true },
      { name: 'Protokoll', path: '/audit-log', mayBeEmpty: true },
    ],
  },
  systemIntegratorAdmin: {
    menu: ['/dashboard', '/license-management', '/reseller', '/webhooks', '/api-clients'],
    screens: [
      { name: 'Lizenzverwaltung: Firmen', path: '/license-management' },
      { name: 'Lizenzverwaltung: Studios' },
      { name: 'Lizenzverwaltung: Lizenzen' },
      { name: 'Lizenzverwaltung: Pakete' },
      { name: 'Reseller', path: '/reseller' },
      // Issue 26: FotoSoft has no receiver or API client in the demo data; other specs add them as Bildwerk.
      { name: 'Webhooks', path: '/webhooks', mayBeEmpty: true },
      { name: 'API-Zugänge', path: '/api-clients', mayBeEmpty: true },
      { name: 'Vorgangsauswertung (Kachel)', path: '/identification-process-reports', mayBeEmpty: true },
    ],
  },
  owner: {
    menu: ['/dashboard', '/company-management', '/license-management/*', '/employees', '/employees#*', '/audit-log'],
    screens: [
      { name: 'Firmenverwaltung (Studios)', path: '/company-management' },
      { name: 'Mitarbeitende', path: '/employees', tables: 2 },
      // The first studio, 'Sonnenschein Mitte', has no licence in the demo data.
      { name: 'Lizenzverwaltung: Studios', path: 'licenses', openRow: /Neukölln/ },
      { name: 'Lizenzverwaltung: Lizenzen' },
      { name: 'Lizenzverwaltung: Pakete' },
      { name: 'Vorgangsauswertung (Kachel)', path: '/identification-process-reports', prepare: requestReport },
      { name: 'Protokoll', path: '/audit-log', mayBeEmpty: true },
    ],
  },
  accountAdministrator: {
    menu: ['/dashboard', '/company-management', '/employees', '/employees#*'],
    screens: [
      { name: 'Firmenverwaltung (Studios)', path: '/company-management' },
      { name: 'Mitarbeitende', path: '/employees', tables: 2 },
    ],
  },
  // An approved employee's menu has no list: only the dashboard.
  employee: { menu: ['/dashboard'], screens: [] },
};

/** One row of a list as either layout offers it. */
interface RowOffer {
  /** Accessible names of the row's action buttons and links (not the one that opens the row). */
  actions: string[];
  /** Whether clicking (tapping) the row itself opens something. */
  opens: boolean;
}

/** What a click or tap led to: another address, a dialog, or a new section on the same page. */
type Outcome = string;

/**
 * The rows of a desktop table or the cards of a phone list, read in the page in one go. A row's
 * first part opens it (LumioDatagrid's first cell holds the row's link or button; a card's entry
 * is a link or button, or plain text when the row opens nothing); the rest are its actions, named
 * as a screen reader names them (aria-labelledby, aria-label, text). Self-contained: it runs in
 * the page.
 */
function rowOffersIn(element: Element, layout: string): RowOffer[] {
  const nameOf = (control: Element): string => {
    const labelledBy = control.getAttribute('aria-labelledby');
    const text = labelledBy
      ? labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : (control.getAttribute('aria-label') ?? control.textContent ?? '');
    return text.replace(/\s+/g, ' ').trim();
  };
  const rows =
    layout === 'desktop'
      ? Array.from(element.querySelectorAll('tbody > tr.RaDatagrid-row'))
      : Array.from(element.querySelectorAll(':scope > li'));
  return rows.map((row) => {
    const [entry, ...rest] = Array.from(row.children);
    const parts = layout === 'desktop' ? [entry!, ...rest] : rest;
    const actions = parts
      .flatMap((part) => Array.from(part.querySelectorAll('button, a[href], [role="button"], [role="link"]')))
      // A desktop cell's value shown as a link opens the row (RowLink, OpenRecordButton): no action.
      .filter((control) => control.checkVisibility() && !(layout === 'desktop' && control.matches('.MuiLink-root')))
      .map(nameOf)
      .sort();
    const opens =
      layout === 'desktop'
        ? row.classList.contains('RaDatagrid-clickableRow')
        : !!entry?.matches('a[href], button, [role="button"], .MuiListItemButton-root');
    return { actions, opens };
  });
}

const desktopTables = (page: Page) => page.locator('main table.RaDatagrid-table');
/**
 * The lists standing in for the tables on a phone: not the open invitations' plain list, nor a
 * company's 'Letzte Änderungen' (a list at every width, filled once any spec changed the company).
 */
const phoneLists = (page: Page) => page.locator('main ul.MuiList-root:has(> li):not([data-testid="company-history"])');

/** What the page shows now: address, open dialog, and the page's headings. */
async function screenState(page: Page): Promise<{ path: string; dialog: string | null; headings: string[] }> {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
    const dialogTitle = dialog?.querySelector('h1, h2, h3, [id$="-title"]')?.textContent ?? null;
    return {
      path: `${location.pathname}${location.hash}`,
      dialog: dialog ? dialogTitle?.trim() || 'Dialog' : null,
      headings: Array.from(document.querySelectorAll('main h1, main h2, main h3')).map((h) => h.textContent!.trim()),
    };
  });
}

/**
 * Clicks (or taps) the target and describes what opened. Afterwards the list screen is back as it
 * was: the dialog closed, the previous address (history back), or the page loaded again.
 */
async function openAndReturn(page: Page, target: Locator, how: 'click' | 'tap'): Promise<Outcome> {
  const before = await screenState(page);
  const describe = (state: Awaited<ReturnType<typeof screenState>>): Outcome | null => {
    if (state.path !== before.path) return `Adresse ${state.path}`;
    if (state.dialog) return `Dialog '${state.dialog}'`;
    const added = state.headings.filter((heading) => !before.headings.includes(heading));
    return added.length > 0 ? `Abschnitt '${added.join(', ')}'` : null;
  };
  if (how === 'tap') await target.tap();
  else await target.click({ position: { x: 2, y: 2 } });
  let outcome: Outcome | null = null;
  await expect
    .poll(async () => (outcome = describe(await screenState(page))), { message: 'Der Klick öffnet etwas' })
    .not.toBeNull();
  const after = await screenState(page);
  if (after.dialog) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } else if (after.path !== before.path) {
    await page.goBack();
    await expect.poll(async () => (await screenState(page)).path).toBe(before.path);
  } else {
    await page.reload();
  }
  return outcome!;
}

/** The page never scrolls sideways: its scrolling element is no wider than the window. */
async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    clientWidth: document.scrollingElement!.clientWidth,
  }));
  expect(scrollWidth, `${screen}: Seitenbreite bei ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
}

/** Every action button on the phone's cards is on screen, within the width, large enough to tap. */
async function expectActionsReachable(list: Locator, screen: string): Promise<void> {
  const boxes = await list.evaluate((element) =>
    Array.from(element.querySelectorAll(':scope > li'))
      .flatMap((card) => Array.from(card.children).slice(1))
      .flatMap((part) => Array.from(part.querySelectorAll<HTMLElement>('button, a[href]')))
      .map((button) => {
        const box = button.getBoundingClientRect();
        return {
          name: button.getAttribute('aria-label') ?? button.textContent,
          left: box.left,
          right: box.right,
          height: box.height,
        };
      }),
  );
  for (const box of boxes) {
    expect(box.left, `${screen}: '${box.name}' links im Bild`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${screen}: '${box.name}' rechts im Bild`).toBeLessThanOrEqual(PHONE.width);
    expect(box.height, `${screen}: '${box.name}' groß genug zum Tippen`).toBeGreaterThanOrEqual(24);
  }
}

/** The screen's data is there: a table, a list, or the empty state. */
async function waitForList(page: Page, screen: ListScreen, phone: boolean): Promise<void> {
  const lists = phone ? phoneLists(page) : desktopTables(page);
  const empty = page.locator('main').getByRole('status');
  if (screen.mayBeEmpty) await expect(lists.first().or(empty.first())).toBeVisible();
  else await expect(lists).toHaveCount(screen.tables ?? 1);
}

const rowToOpen = (rows: Locator, screen: ListScreen): Locator =>
  (screen.openRow ? rows.filter({ hasText: screen.openRow }) : rows).first();

/**
 * Walks one list screen: phone first (width, cards, tap), then the same screen at desktop width
 * (rows, row click). Returns the address the first row opens on the desktop (the next level).
 */
async function walkScreen(page: Page, screen: ListScreen): Promise<string | null> {
  await waitForList(page, screen, true);
  await expectNoSidewaysScroll(page, screen.name);
  const lists = phoneLists(page);
  const cards: RowOffer[][] = [];
  const phoneOutcomes: (Outcome | null)[] = [];
  for (let index = 0; index < (await lists.count()); index += 1) {
    const list = lists.nth(index);
    cards.push(await list.evaluate(rowOffersIn, 'phone'));
    await expectActionsReachable(list, screen.name);
    const first = cards[index]![0];
    phoneOutcomes.push(
      first?.opens
        ? await openAndReturn(page, rowToOpen(list.locator('> li'), screen).locator('> *').first(), 'tap')
        : null,
    );
    await waitForList(page, screen, true);
  }

  await page.setViewportSize(DESKTOP);
  await waitForList(page, screen, false);
  const tables = desktopTables(page);
  const rows: RowOffer[][] = [];
  const desktopOutcomes: (Outcome | null)[] = [];
  for (let index = 0; index < (await tables.count()); index += 1) {
    const table = tables.nth(index);
    rows.push(await table.evaluate(rowOffersIn, 'desktop'));
    const first = rows[index]![0];
    // A click on the row itself: the first cell's corner, beside whatever link the cell holds.
    const firstCell = rowToOpen(table.locator('tbody > tr.RaDatagrid-row'), screen).locator('> td').first();
    desktopOutcomes.push(first?.opens ? await openAndReturn(page, firstCell, 'click') : null);
    await waitForList(page, screen, false);
  }
  await page.setViewportSize(PHONE);

  expect(cards.length, `${screen.name}: so viele Listen wie Tabellen`).toBe(rows.length);
  rows.forEach((tableRows, table) => {
    if (!screen.mayBeEmpty) expect(tableRows.length, `${screen.name}: Zeilen`).toBeGreaterThan(0);
    expect(cards[table]!.length, `${screen.name}: eine Karte je Zeile`).toBe(tableRows.length);
    tableRows.forEach((row, index) => {
      const card = cards[table]![index]!;
      expect(card.actions, `${screen.name}, Zeile ${index + 1}: dieselben Aktionen wie am Desktop`).toEqual(
        row.actions,
      );
      expect(card.opens, `${screen.name}, Zeile ${index + 1}: die Karte öffnet, was die Zeile öffnet`).toBe(row.opens);
    });
    expect(phoneOutcomes[table], `${screen.name}: Tippen öffnet, was der Klick auf die Zeile öffnet`).toBe(
      desktopOutcomes[table],
    );
  });
  const opened = desktopOutcomes[0];
  return opened?.startsWith('Adresse ') ? opened.slice('Adresse '.length) : null;
}

/** The role's header menu, by address ('*' for an id or an anchor). */
async function menuAddresses(page: Page): Promise<string[]> {
  await page.setViewportSize(DESKTOP);
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  const hrefs = await menu
    .getByRole('link')
    .evaluateAll((links) =>
      links.map(
        (link) => new URL((link as HTMLAnchorElement).href).pathname + new URL((link as HTMLAnchorElement).href).hash,
      ),
    );
  await page.setViewportSize(PHONE);
  return hrefs
    .filter((href) => !/^\/profile/.test(href))
    .map((href) => href.replace(/\/license-management\/.+$/, '/license-management/*').replace(/#.+$/, '#*'));
}

test.describe('every list on a phone (390 × 844, touch)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  for (const [role, walk] of Object.entries(WALKS)) {
    test(`${DEMO_USERS[role as keyof typeof WALKS].role}: every list fits, its rows keep their actions, a tap opens the row`, async ({
      page,
    }) => {
      // Up to six screens, each at two widths, each row opened twice: more than one screen's time.
      test.setTimeout(300_000);
      await logIn(page, DEMO_USERS[role as keyof typeof WALKS]);
      expect(await menuAddresses(page)).toEqual(walk.menu);

      let next: string | null = null;
      for (const screen of walk.screens) {
        const path = screen.path === 'licenses' ? await ownLicencesPath(page) : (screen.path ?? next);
        await test.step(screen.name, async () => {
          expect(path, `${screen.name}: erreichbar`).not.toBeNull();
          await page.goto(path!);
          await screen.prepare?.(page);
          next = await walkScreen(page, screen);
        });
      }
    });
  }
});

/** The owner's licences start at the own company (the menu's 'Lizenzen' links there). */
async function ownLicencesPath(page: Page): Promise<string> {
  await page.setViewportSize(DESKTOP);
  const href = await page
    .getByRole('navigation', { name: 'Hauptmenü' })
    .getByRole('link', { name: 'Lizenzen' })
    .getAttribute('href');
  await page.setViewportSize(PHONE);
  return href!;
}

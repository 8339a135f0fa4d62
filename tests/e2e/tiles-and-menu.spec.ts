import { expect, test } from './support/fixtures';
import { visibleMenuEntries, visibleTiles } from '../../src/domain/navigation';
import { appShellMessages } from '../../src/i18n/de/appShell';
import { DEMO_USERS, type DemoUserKey } from './support/demoUsers';
import { logIn, mainMenu } from './support/login';

/**
 * Spec section 2, written out by hand per demo user: the tiles table and the header-menu rules
 * (the menu's own rules for 'Offene Anträge', 'Firmen' and 'Vorgangsauswertung' replace the tile
 * rules for those entries). This is the second, independent statement next to the role table in
 * src/domain/navigation.ts: if the table drifts from the spec, these lists catch it.
 */
const EXPECTED: Record<DemoUserKey, { tiles: string[]; menu: string[] }> = {
  systemAdmin: {
    tiles: ['Profilverwaltung', 'Verwaltung', 'System-Integrator'],
    // Issue 28: 'Protokoll' (the audit log) is a menu entry only, for both administrators and the Owner.
    menu: ['Übersicht', 'Verwaltung', 'System-Integrator', 'Protokoll'],
  },
  lumioAdmin: {
    tiles: ['Profilverwaltung', 'Verwaltung', 'Firmen', 'Offene Anträge', 'eID-Prüfungen', 'Vorgangsauswertung'],
    menu: ['Übersicht', 'Verwaltung', 'Firmen', 'Vorgangsauswertung', 'Protokoll'],
  },
  systemIntegratorAdmin: {
    tiles: ['Profilverwaltung', 'Reseller', 'Vorgangsauswertung', 'Lizenzen'],
    // Issue 26: 'Webhooks' and 'API-Zugänge' are menu entries only, no tiles.
    menu: ['Übersicht', 'Lizenzen', 'Reseller', 'Webhooks', 'API-Zugänge'],
  },
  owner: {
    tiles: ['Profilverwaltung', 'Mitarbeitende', 'Firma & Studios', 'Vorgangsauswertung', 'Lizenzen'],
    menu: ['Übersicht', 'Firma & Studio', 'Lizenzen', 'Mitarbeitende', 'Offene Anträge', 'Protokoll'],
  },
  accountAdministrator: {
    tiles: ['Profilverwaltung', 'Mitarbeitende', 'Firma & Studios'],
    menu: ['Übersicht', 'Firma & Studio', 'Mitarbeitende', 'Offene Anträge'],
  },
  employee: {
    tiles: ['Profilverwaltung'],
    menu: ['Übersicht'],
  },
  unverifiedOwner: {
    tiles: ['Profilverwaltung', 'eID-Verifizierung'],
    menu: ['Übersicht', 'eID-Verifizierung'],
  },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Resolves an `app.…` message key against the shell catalogue the app itself uses. */
function german(key: string): string {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], appShellMessages);
  if (typeof text !== 'string') throw new Error(`Kein Text für ${key}`);
  return text;
}

for (const [key, user] of Object.entries(DEMO_USERS) as [DemoUserKey, (typeof DEMO_USERS)[DemoUserKey]][]) {
  test(`${user.email} (${user.role}, ${user.status}) sees exactly the tiles and menu entries of the role table`, async ({
    page,
  }) => {
    const countRequests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/company-application') countRequests.push(url);
    });
    // What the server counted: other specs' applications may be open while this one runs.
    const countsAnswered: number[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.pathname !== '/api/company-application' || url.searchParams.get('pageSize') !== '1') return;
      // A body the page closed before it arrived counts nothing (the poll below then waits in vain).
      const body = (await response.json().catch(() => undefined)) as { totalItemCount: number } | undefined;
      if (body) countsAnswered.push(body.totalItemCount);
    });

    const self = await logIn(page, user);
    expect({ role: self.role, status: self.status }).toEqual({ role: user.role, status: user.status });

    const tiles = visibleTiles({ role: user.role, status: user.status, associatedEntity: self.associatedEntity });
    const menu = visibleMenuEntries({ role: user.role, status: user.status, associatedEntity: self.associatedEntity });

    // The role table and the hand-written reading of the spec agree …
    expect(tiles.map((tile) => german(tile.titleKey))).toEqual(EXPECTED[key].tiles);
    expect(menu.map((entry) => german(entry.labelKey))).toEqual(EXPECTED[key].menu);

    // … and the screen shows exactly that, in that order, each linking where the table says.
    const tileLinks = page.getByRole('list', { name: 'Bereiche' }).getByRole('link');
    await expect(tileLinks).toHaveText(EXPECTED[key].tiles.map((title) => new RegExp(`^${escapeRegExp(title)}`)));
    for (const [index, tile] of tiles.entries()) {
      await expect(tileLinks.nth(index)).toHaveAccessibleName(german(tile.titleKey));
      await expect(tileLinks.nth(index)).toHaveAttribute('href', tile.href);
    }

    const menuLinks = mainMenu(page).getByRole('link');
    // An entry may carry a badge after its label (the company's pending people on 'Offene Anträge').
    await expect(menuLinks).toHaveText([
      ...EXPECTED[key].menu.map((label) => new RegExp(`^${escapeRegExp(label)}`)),
      user.displayName,
      'Passwort ändern',
    ]);
    for (const [index, entry] of menu.entries()) {
      await expect(menuLinks.nth(index)).toHaveAttribute('href', entry.href);
    }
    await expect(mainMenu(page).getByRole('link', { name: user.displayName })).toHaveAttribute(
      'href',
      '/profile-management',
    );
    await expect(mainMenu(page).getByRole('link', { name: 'Passwort ändern' })).toHaveAttribute('href', '/profile');
    await expect(mainMenu(page).getByRole('button')).toHaveText(['Abmelden']);

    // Spec: only the product admin loads the open-applications count, from a page of size 1, and
    // the badge shows the total the server answered.
    const badge = page.getByTestId('open-application-count');
    if (user.role === 'LumioAdmin') {
      await expect(badge).toHaveText(/^\d+$/);
      await expect
        .poll(async () => countsAnswered.length > 0 && (await badge.textContent()) === String(countsAnswered.at(-1)), {
          message: 'the badge shows the last count GET /api/company-application?pageSize=1 answered',
        })
        .toBe(true);
      expect(countRequests.map((url) => url.searchParams.get('pageSize'))).toContain('1');
    } else {
      await expect(badge).toHaveCount(0);
      expect(countRequests).toEqual([]);
    }

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/imprint');
  });
}

test("the owner's 'Lizenzen' leads straight to the own company", async ({ page }) => {
  const self = await logIn(page, DEMO_USERS.owner);
  expect(self.associatedEntity).not.toBeNull();
  const ownCompany = `/license-management/${self.associatedEntity?.id}`;

  await expect(page.getByRole('list', { name: 'Bereiche' }).getByRole('link', { name: 'Lizenzen' })).toHaveAttribute(
    'href',
    ownCompany,
  );
  await mainMenu(page).getByRole('link', { name: 'Lizenzen' }).click();
  await expect(page).toHaveURL(ownCompany);
});

import { DEMO_USERS } from './support/demoUsers';
import { expect, test } from './support/fixtures';
import { logIn } from './support/login';
import { linkMatching, mailsTo } from './support/mails';
import { unzip } from './support/zip';

const READY_SUBJECT = 'Ihre Daten stehen zum Herunterladen bereit';

/**
 * Issue 28 part 3, 'Meine Daten' on the profile: the employee asks for their data, sees it being
 * prepared, gets the mail with a link to the profile, downloads the ZIP there and finds their own
 * data in the readable summary and in the JSON files.
 */
test('a person asks for their own data, is mailed when it is ready and downloads the ZIP', async ({ page }) => {
  const user = DEMO_USERS.employee;
  const mailsBefore = (await mailsTo(page.request, { to: user.email, subject: READY_SUBJECT })).length;
  await logIn(page, user);
  await page.goto('/profile-management');
  const section = page.getByRole('region', { name: 'Meine Daten' });
  await expect(section).toBeVisible();

  await section.getByRole('button', { name: /^(Meine Daten anfordern|Neu anfordern)$/ }).click();

  // While it is prepared (often only a moment), then ready without reloading the page.
  await expect(section.getByText(/^Bereit bis \d{2}\.\d{2}\.\d{4}$/)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await mailsTo(page.request, { to: user.email, subject: READY_SUBJECT })).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(mailsBefore);
  const [mail] = await mailsTo(page.request, { to: user.email, subject: READY_SUBJECT });
  expect(linkMatching(mail, /\/profile-management$/)).toMatch(/\/profile-management$/);
  expect(mail.text).toContain('Meine Daten');

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Meine_Daten_\d{8}\.zip$/);
  const files = await unzip(await download.path());
  expect([...files.keys()].sort()).toEqual(
    [
      'Meine_Daten.html',
      'eid_verknuepfung.json',
      'firma_und_rolle.json',
      'identifizierungsvorgaenge.json',
      'profil.json',
      'protokolleintraege.json',
      'statusverlauf.json',
    ].sort(),
  );
  const [firstName, lastName] = user.displayName.split(' ');
  const html = files.get('Meine_Daten.html')!;
  expect(html).toContain('Meine Daten bei Lumio');
  expect(html).toContain(firstName);
  expect(html).toContain(lastName);
  expect(html).toContain(user.email);
  // The demo's PC names her as the person at the device in some of its recent processes.
  expect(html).toMatch(/Sie haben [\d.]+ Identifizierungsvorgänge durchgeführt\./);
  expect(html).toContain('<td>Sonnenschein Neukölln</td>');
  expect(html).toContain('Vorgänge, die ohne Angabe einer Person erfasst wurden');
  const profile = JSON.parse(files.get('profil.json')!) as Record<string, unknown>;
  expect(profile).toMatchObject({ firstName, lastName, email: user.email, role: user.role, status: user.status });
  const processes = JSON.parse(files.get('identifizierungsvorgaenge.json')!) as {
    count: number;
    items: { studio: string; licenseKeyEnd: string }[];
  };
  expect(processes.count).toBeGreaterThan(0);
  expect(processes.items).toHaveLength(processes.count);
  expect(processes.items[0]).toMatchObject({ studio: 'Sonnenschein Neukölln', licenseKeyEnd: 'DEM01' });
  // The other people of the company are not in it (the owner's last name is also the company's
  // name, 'Fotostudio Sonnenschein GmbH', which is the person's employer and so in it).
  const all = [...files.values()].join('\n');
  for (const other of [DEMO_USERS.owner, DEMO_USERS.accountAdministrator]) {
    expect(all).not.toContain(other.email);
    expect(all).not.toContain(other.displayName);
    expect(all).not.toContain(other.displayName.split(' ')[0]);
  }
});

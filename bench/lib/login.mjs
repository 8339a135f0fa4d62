// The demo users of the embedded identity provider and the real login through its form, as the
// page benchmarks (bundle-size, wire-bytes, lighthouse) sign in.

export const PASSWORD = 'lumio-demo';
export const USERS = {
  owner: 'inhaber@studio-sonnenschein.example',
  /** Approved, eID verification still open (the demo's way to VerifiedAndApproved). */
  newOwner: 'neu@studio-morgenrot.example',
  lumioAdmin: 'admin@lumio.example',
  systemAdmin: 'systemadmin@lumio.example',
  integrator: 'integrator@fotosoft.example',
};

/** Waits until the first element of `locator` is visible (60 s at most). */
export const visible = (locator) => () => locator.first().waitFor({ state: 'visible', timeout: 60_000 });

/** Landing page → 'Jetzt anmelden' → the identity provider's form, filled in but not sent yet. */
export async function openLoginForm(page, base, email) {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
}

/** Sends the filled-in login form. */
export const submitLoginForm = (page) => page.locator('#kc-login').click();

/** What every signed-in user sees first: the dashboard's tiles. */
export const dashboardShown = (page) => visible(page.getByRole('list', { name: 'Bereiche' }));

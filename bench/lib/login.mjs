// The demo users of the embedded identity provider and the real login through its form, as the
// page benchmarks (bundle-size, wire-bytes, lighthouse) sign in.
import { totpCode, DEMO_TOTP_SECRET } from '../../scripts/lib/totp.mjs';

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

/** Sends the filled-in login form, and the second factor's code when the provider asks for one. */
export async function submitLoginForm(page) {
  await page.locator('#kc-login').click();
  await answerSecondFactor(page);
}

const usedSteps = new Set();

/**
 * The demo accounts of the provider roles are asked for a code after the password (their app has
 * DEMO_TOTP_SECRET); a code is accepted once, so each login takes one of the window's steps not
 * used yet by this process.
 */
export async function answerSecondFactor(page) {
  const otp = page.locator('input[name="otp"]');
  await otp
    .or(page.getByRole('list', { name: 'Bereiche' }))
    .first()
    .waitFor({ timeout: 60_000 });
  if (!(await otp.isVisible())) return;
  const now = Math.floor(Date.now() / 30_000);
  const step = [now, now + 1].find((candidate) => !usedSteps.has(candidate)) ?? now;
  usedSteps.add(step);
  await otp.fill(totpCode(DEMO_TOTP_SECRET, new Date(step * 30_000)));
  await page.locator('#kc-login').click();
}

/** What every signed-in user sees first: the dashboard's tiles. */
export const dashboardShown = (page) => visible(page.getByRole('list', { name: 'Bereiche' }));

// Codes of the second factor (TOTP, RFC 6238) for demos, tests and benchmarks: the demo accounts
// of the provider roles are enrolled with the demo secret (src/domain/secondFactor.ts, README).
// Plain JavaScript so that the benchmarks (.mjs) and the TypeScript tests share it.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, watch, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateSync } from 'otplib';

/** Must equal DEMO_TOTP_SECRET in src/domain/secondFactor.ts (a unit test compares them). */
export const DEMO_TOTP_SECRET = 'LUMIODEMOLUMIODEMOLUMIODEMO23456';

const STEP_MS = 30_000;

/** The 6-digit code of `secret` (base32, SHA-1, 30 s) at `at`. */
export function totpCode(secret, at = new Date()) {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** The demo accounts' current code. */
export function demoTotpCode(at = new Date()) {
  return totpCode(DEMO_TOTP_SECRET, at);
}

/** Shared by every process of this machine: test workers, the API suite, benchmarks. */
const CLAIMS_DIR = join(tmpdir(), 'lumio-totp-claims');

/** Claims step `step` of `account` for this process; false when another login already took it. */
function claimStep(account, step) {
  mkdirSync(CLAIMS_DIR, { recursive: true });
  try {
    closeSync(openSync(join(CLAIMS_DIR, `${encodeURIComponent(account.toLowerCase())}.${step}`), 'wx'));
    return true;
  } catch (error) {
    if (error.code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * A code of `account` (the demo secret unless another is given) that no other login on this
 * machine has sent. Both identity providers take each code once per account and accept the
 * neighbouring steps; the embedded one only a later step than the last it took. So the current
 * step is claimed, else the next one, in that order, which keeps each account's codes rising; the
 * claim of a step is a file created exclusively, which Playwright's workers, the API suite and the
 * benchmarks all see. When both are taken, the next step is awaited (its start is the event, not
 * a guessed delay).
 */
export async function claimDemoTotpCode(account, secret = DEMO_TOTP_SECRET) {
  for (;;) {
    const step = Math.floor(Date.now() / STEP_MS);
    const free = [step, step + 1].find((candidate) => claimStep(account, candidate));
    if (free !== undefined) return totpCode(secret, new Date(free * STEP_MS));
    await sleep((step + 1) * STEP_MS - Date.now() + 1);
  }
}

/** The account's lock file: whoever holds it claims and sends the account's next code. */
const lockPath = (account) => join(CLAIMS_DIR, `${encodeURIComponent(account.toLowerCase())}.lock`);

/** False when the process that wrote the lock file is gone (it crashed while holding it). */
function holderAlive(path) {
  let pid;
  try {
    pid = Number(readFileSync(path, 'utf8'));
  } catch {
    return true; // being written or just removed: look again
  }
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Resolves when the lock file may have gone: its directory changed, or a quarter second passed. */
function lockMayBeFree() {
  return new Promise((resolve) => {
    const watcher = watch(CLAIMS_DIR, () => done());
    // fs.watch may miss an event; the timer makes a missed one cost a quarter second, not a hang.
    const timer = setTimeout(() => done(), 250);
    function done() {
      clearTimeout(timer);
      watcher.close();
      resolve();
    }
  });
}

async function acquireLock(account) {
  mkdirSync(CLAIMS_DIR, { recursive: true });
  const path = lockPath(account);
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (!holderAlive(path)) rmSync(path, { force: true });
    else await lockMayBeFree();
  }
}

/**
 * Claims a code of `account` like claimDemoTotpCode and hands it to `send`, which resolves once the
 * identity provider has answered it; no other process of this machine claims a code of the account
 * in the meantime. Both providers take only a later step than the last one they accepted, so two
 * parallel logins of one account (Playwright's workers) must send their codes in the order they
 * claimed them: else the later step arrives first and the earlier code is refused.
 */
export async function sendUnusedTotpCode(account, secret, send) {
  const release = await acquireLock(account);
  try {
    return await send(await claimDemoTotpCode(account, secret));
  } finally {
    release();
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { applicationBody } from './helpers/applications';
import { freePort } from './helpers/processes';

const root = new URL('../..', import.meta.url).pathname;

/** `npm start`'s server process on its own data directory, as a user would run it. */
function startServer(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'server/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntilServing(base: string) {
  await vi.waitFor(
    async () => {
      const res = await fetch(`${base}/config/config.json`);
      expect(res.status).toBe(200);
    },
    { timeout: 60_000, interval: 200 },
  );
}

describe('mail outbox across a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumio-outbox-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a mail committed before the server was killed (kill -9) once it runs again', async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    // No workers in the first life: the application commits with its mail, nothing sends it.
    const first = startServer(port, dataDir, { JOB_WORKERS: 'false' });
    children.push(first);
    await waitUntilServing(base);

    const config = await fetch(`${base}/config/config.json`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(config.headers.get('set-cookie') ?? '')![1];
    const body = applicationBody();
    const submitted = await fetch(`${base}/api/company-application`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
      body: JSON.stringify(body),
    });
    expect(submitted.status).toBe(201);

    first.kill('SIGKILL');
    await once(first, 'exit');

    const second = startServer(port, dataDir);
    children.push(second);
    await waitUntilServing(base);
    await vi.waitFor(
      async () => {
        const mails = (await (await fetch(`${base}/dev/mail.json`)).json()) as { to: string; subject: string }[];
        expect(mails).toContainEqual(
          expect.objectContaining({ to: body.email, subject: 'Bitte bestätigen Sie Ihre Registrierung bei Lumio' }),
        );
      },
      { timeout: 30_000, interval: 200 },
    );
    second.kill('SIGTERM');
    await once(second, 'exit');
  }, 150_000);
});

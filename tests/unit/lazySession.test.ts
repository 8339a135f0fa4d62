import { describe, expect, it, vi } from 'vitest';
import type { KeycloakSession } from '../../src/authProvider/keycloakSession';
import { createLazyKeycloakSession } from '../../src/authProvider/lazySession';
import { needsSessionAtStart } from '../../src/customRoutes/publicRoutes';
import { anonymousSession, TEST_RUNTIME_CONFIG } from './support/publicPage';

/** A lazy session over `session`, with the module import (keycloak-js's download) as a mock. */
function lazyOver(session: KeycloakSession) {
  const createKeycloakSession = vi.fn(() => session);
  const importModule = vi.fn(async () => ({ createKeycloakSession }));
  return { lazy: createLazyKeycloakSession(TEST_RUNTIME_CONFIG, importModule), importModule, createKeycloakSession };
}

describe('lazy keycloak session', () => {
  it('downloads nothing while only asked whether someone is signed in', () => {
    const { lazy, importModule } = lazyOver(anonymousSession({ isAuthenticated: () => true }));

    expect(lazy.isAuthenticated()).toBe(false);
    expect(lazy.subject()).toBeUndefined();
    expect(importModule).not.toHaveBeenCalled();
    expect(() => lazy.keycloak).toThrow();
  });

  it('creates the one session on the first wait for it and answers with it from then on', async () => {
    const { lazy, importModule, createKeycloakSession } = lazyOver(
      anonymousSession({ ready: Promise.resolve(true), isAuthenticated: () => true, subject: () => 'u-1' }),
    );

    await expect(lazy.ready).resolves.toBe(true);
    await lazy.getValidToken();

    expect(importModule).toHaveBeenCalledTimes(1);
    expect(createKeycloakSession).toHaveBeenCalledWith(TEST_RUNTIME_CONFIG);
    expect(lazy.isAuthenticated()).toBe(true);
    expect(lazy.subject()).toBe('u-1');
  });

  it('starts the login towards the given page once keycloak-js is there', async () => {
    const login = vi.fn(async () => {});
    const { lazy } = lazyOver(anonymousSession({ login }));

    await lazy.login('/identification-process-reports?report=r-1');

    expect(login).toHaveBeenCalledWith('/identification-process-reports?report=r-1');
  });

  it('passes the end of the session on to listeners that came before keycloak-js', async () => {
    let endSession = () => {};
    const { lazy } = lazyOver(
      anonymousSession({
        onSessionEnded: (listener) => {
          endSession = listener;
          return () => {};
        },
      }),
    );
    const ended = vi.fn();
    lazy.onSessionEnded(ended);

    await lazy.load();
    endSession();

    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('answers "not signed in" when keycloak-js cannot be downloaded, and tries again on the next login', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const login = vi.fn(async () => {});
    const importModule = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ createKeycloakSession: () => anonymousSession({ login }) });
    const lazy = createLazyKeycloakSession(TEST_RUNTIME_CONFIG, importModule);

    await expect(lazy.ready).resolves.toBe(false);
    await lazy.login();

    expect(error).toHaveBeenCalled();
    expect(login).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe('pages that need the session before their first render', () => {
  const at = (url: string) => {
    const { pathname, search, hash } = new URL(url, 'http://lumio.test');
    return needsSessionAtStart({ pathname, search, hash });
  };

  it.each(['/', '/dashboard', '/identification-process-reports?report=r-1', '/no-such-page'])('%s does', (url) =>
    expect(at(url)).toBe(true),
  );

  it.each([
    '/register-studio',
    '/employee-invitation/abc',
    '/company-application/abc/confirm?token=t',
    '/user-email-change-request/abc/confirm?token=t',
    '/imprint',
  ])('%s does not', (url) => expect(at(url)).toBe(false));

  it('a login callback does, whatever page it returns to', () => {
    expect(at('/register-studio#state=s-1&session_state=x&code=c-1')).toBe(true);
    expect(at('/employee-invitation/abc?state=s-1&code=c-1')).toBe(true);
  });
});

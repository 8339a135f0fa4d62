import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useStartLogin } from '../../src/authProvider/useStartLogin';
import { anonymousSession } from './support/publicPage';

describe('the public pages’ login button', () => {
  it('starts the login once and stays disabled while the browser leaves for it', () => {
    const login = vi.fn(() => new Promise<void>(() => {}));
    const { result } = renderHook(() => useStartLogin(anonymousSession({ login })));
    expect(result.current.loggingIn).toBe(false);
    act(() => result.current.login());
    expect(login).toHaveBeenCalledTimes(1);
    expect(result.current.loggingIn).toBe(true);
  });

  it('only logs a failed login start and works again (spec section 8)', async () => {
    const failure = new Error('kein Keycloak');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useStartLogin(anonymousSession({ login: () => Promise.reject(failure) })));
    act(() => result.current.login());
    await waitFor(() => expect(result.current.loggingIn).toBe(false));
    expect(logged).toHaveBeenCalledWith('Anmeldung konnte nicht gestartet werden', failure);
    logged.mockRestore();
  });
});

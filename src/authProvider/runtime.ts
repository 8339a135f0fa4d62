import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '../domain/runtimeConfig';
import type { KeycloakSession } from './keycloakSession';

/** What main.tsx sets up before the first render: config.json and the one keycloak session. */
export interface Runtime {
  config: RuntimeConfig;
  session: KeycloakSession;
}

export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime() braucht einen RuntimeContext (main.tsx)');
  return runtime;
}

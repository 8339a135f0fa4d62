import { createContext, useContext, useMemo } from 'react';
import { useRuntime } from '../../authProvider/runtime';
import { createPublicApi, type PublicApi } from '../../dataProvider/publicApi';

/** Lets tests (or a later host page) hand in the public calls; pages otherwise build them from config.json. */
export const PublicApiContext = createContext<PublicApi | null>(null);

export function usePublicApi(): PublicApi {
  const injected = useContext(PublicApiContext);
  const { config } = useRuntime();
  return useMemo(() => injected ?? createPublicApi({ apiUrl: config.apiUrl }), [injected, config.apiUrl]);
}

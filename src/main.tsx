import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createLazyKeycloakSession } from './authProvider/lazySession';
import { RuntimeContext, type Runtime } from './authProvider/runtime';
import { PublicShell } from './customRoutes/PublicShell';
import { needsSessionAtStart } from './customRoutes/publicRoutes';
import { parseRuntimeConfig } from './domain/runtimeConfig';
import { shellText } from './i18n/shellText';
import { setBrandCssVariables } from './layout/brand';

/*
 * The entry every visitor downloads first: plain React and the router. keycloak-js comes when
 * the page needs a session (lazySession.ts), MUI and react-admin with the routes that use them
 * (the admin app, the registration), so the landing page shows without them (budget in
 * bench/README.md). Nothing imported here may pull them in; tests/e2e/public.spec.ts checks the
 * landing page's scripts for them.
 */
const CONFIG_URL = '/config/config.json';
const sessionAtStart = needsSessionAtStart(window.location);
// Downloaded alongside config.json rather than after it.
if (sessionAtStart) void import('./authProvider/keycloakSession').catch(() => {});

async function loadRuntime(): Promise<Runtime> {
  const response = await fetch(CONFIG_URL, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${CONFIG_URL}: HTTP ${response.status}`);
  const config = parseRuntimeConfig(await response.json());
  const session = createLazyKeycloakSession(config);
  // Where the page needs it, created (and init() started) before the first render: keycloak-js
  // must read a login callback from the URL before any route redirect could drop it.
  if (sessionAtStart) await session.load();
  return { config, session };
}

setBrandCssVariables();
const root = createRoot(document.getElementById('root')!);

loadRuntime().then(
  (runtime) =>
    // The first page in one go: a time-sliced first render yields to the keycloak iframes' work
    // in between, which delayed a clickable 'Jetzt anmelden' by about a third (bench/README.md).
    flushSync(() =>
      root.render(
        <StrictMode>
          <RuntimeContext.Provider value={runtime}>
            <BrowserRouter>
              <PublicShell />
            </BrowserRouter>
          </RuntimeContext.Provider>
        </StrictMode>,
      ),
    ),
  (error: unknown) => {
    console.error('Lumio konnte nicht gestartet werden', error);
    root.render(
      <p role="alert" style={{ padding: 24 }}>
        {shellText.startupFailed}
      </p>,
    );
  },
);

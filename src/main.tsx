import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nContext } from 'ra-core';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createKeycloakSession } from './authProvider/keycloakSession';
import { RuntimeContext, type Runtime } from './authProvider/runtime';
import { PublicShell } from './customRoutes/PublicShell';
import { parseRuntimeConfig } from './domain/runtimeConfig';
import { publicI18nProvider } from './i18n/public';
import { theme } from './layout/theme';

const CONFIG_URL = '/config/config.json';

function Providers({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <I18nContext.Provider value={publicI18nProvider}>{children}</I18nContext.Provider>
      </ThemeProvider>
    </StrictMode>
  );
}

async function loadRuntime(): Promise<Runtime> {
  const response = await fetch(CONFIG_URL, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${CONFIG_URL}: HTTP ${response.status}`);
  const config = parseRuntimeConfig(await response.json());
  // Created (and init() started) before the first render: keycloak-js must read a login callback
  // from the URL before any route redirect could drop it.
  return { config, session: createKeycloakSession(config) };
}

const root = createRoot(document.getElementById('root')!);

loadRuntime().then(
  (runtime) =>
    root.render(
      <Providers>
        <RuntimeContext.Provider value={runtime}>
          <BrowserRouter>
            <PublicShell />
          </BrowserRouter>
        </RuntimeContext.Provider>
      </Providers>,
    ),
  (error: unknown) => {
    console.error('Lumio konnte nicht gestartet werden', error);
    root.render(
      <Providers>
        <p role="alert" style={{ padding: 24 }}>
          {publicI18nProvider.translate('app.startupFailed')}
        </p>
      </Providers>,
    );
  },
);

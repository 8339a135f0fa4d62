import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The one Node server (API, /config, embedded identity provider, dev mail) that `npm run dev` proxies to. */
const serverUrl = process.env.LUMIO_SERVER_URL ?? 'http://127.0.0.1:8080';
const serverPrefixes = ['/api', '/config', '/realms', '/dev'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The native function instead of its polyfill (and the polyfill's dozen helper packages).
    alias: { 'object.entries': fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    // Same origin for the browser: the page, the API and the identity provider all answer on the
    // Vite port, so cookies (XSRF-TOKEN, IdP session) and keycloak-js iframes work as in production.
    proxy: Object.fromEntries(serverPrefixes.map((prefix) => [prefix, { target: serverUrl, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    // The admin chunk (react-admin + MUI) is large by nature; it is lazy and only loaded after login.
    chunkSizeWarningLimit: 1200,
  },
});

import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The one Node server (API, /config, embedded identity provider, dev mail) that `npm run dev` proxies to. */
const serverUrl = process.env.LUMIO_SERVER_URL ?? 'http://127.0.0.1:8080';
const serverPrefixes = ['/api', '/config', '/realms', '/dev'];

/**
 * Every text file of the build (bundle and public/) also as .br (brotli, quality 11) and .gz
 * (gzip -9), next to the original, so the server sends the smallest copy the browser accepts
 * without compressing per request (server/plugins/spa.ts). A copy that is not smaller is skipped.
 */
const precompressed = compression({
  include: /\.(html|css|js|mjs|json|webmanifest|svg|txt|xml|map)$/,
  algorithms: [
    defineAlgorithm('brotliCompress', {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    }),
    defineAlgorithm('gzip', { level: zlibConstants.Z_BEST_COMPRESSION }),
  ],
});

export default defineConfig({
  plugins: [react(), precompressed],
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

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // The files share a worker's imported modules (react-admin, MUI, the app) instead of
          // importing them anew each: that import was about half of the suite's CPU time. Each file
          // still renders into a clean document with empty storage (tests/unit/setup.ts).
          isolate: false,
          // Two files at a time fit 2 cores. On a machine shared with other builds a journey through
          // a form can pass 5 s (a timeout is a time budget, not an assertion).
          maxWorkers: 2,
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each file builds the app on its own fresh in-memory PGlite; two at a time fit 2 cores.
          maxWorkers: 2,
          // The files share a worker's imported modules instead of importing the whole server anew
          // each (the import phase went from 164 s to 19 s of the run, 2026-11-26). Every file still
          // builds its own app on its own database (tests/api/helpers/app.ts), so no state is shared.
          isolate: false,
          // Some tests build a second app of their own (PGlite and migrations): as long as a hook may take.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

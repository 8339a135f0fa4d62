import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Test files share one jsdom per worker (vitest.config.ts isolate: false): each file starts with
// the empty storage a fresh page has (react-admin keeps list sort and page size there).
// (Files of the node environment have no storage.)
if (typeof localStorage !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

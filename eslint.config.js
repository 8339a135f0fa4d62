import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'data',
      'node_modules',
      '.tmp',
      '.cluster',
      'test-results',
      'playwright-report',
      'server/db/migrations',
      'tests/contract/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Issue 26: the contract test's client is what an integrator writes against the generated
    // types, and must need no cast, no `any` and no non-null assertion to compile.
    files: ['tests/contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    // The server imports date-fns per function: the package's index loads all of it, which took
    // 1.1-1.5 s of a 2.65 s warm start for one function in server/db/seed.ts (issue 23).
    files: ['server/**/*.ts', 'src/domain/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'date-fns',
              message: "Import one function, e.g. 'date-fns/addDays': the index loads all of date-fns.",
            },
          ],
        },
      ],
    },
  },
  {
    // Browser specs take `test` from the suite's fixtures, whose automatic axe-core check covers every
    // screen they visit (tests/e2e/support/fixtures.ts).
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/support/fixtures.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              allowTypeImports: true,
              message: "Import test from './support/fixtures': it checks every screen with axe-core.",
            },
          ],
        },
      ],
    },
  },
);

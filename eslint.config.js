import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// Import boundaries of ARCHITECTURE.md: app -> features -> (ui, data, domain), data -> domain,
// domain -> nothing. Each layer lists what it must not reach.
const deny = (group, message) => ({ group, message });
// React DOM renders the app, in the build, the dev server and the tests alike (decision 0042):
// no file imports another renderer
const ONE_RENDERER = deny(['preact', 'preact/*', '@preact/*'], 'React DOM renders the app (docs/decisions/0042-react-renders-and-the-documents-paint-first.md).');
// (a layer's rule replaces the one for every file: each carries the renderer's pattern too)
const layer = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, ONE_RENDERER] }] },
});

// Features never import each other: the app layer composes them (STYLE.md, bulletproof-react).
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'test-results', 'playwright-report', 'supabase/.local', '.local'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [ONE_RENDERER] }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Visible text comes from lang/*.json only: no letters as JSX text or in text attributes.
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/\\p{L}/u]', message: 'Visible text must come from lang/*.json (useMsg / <Msg>).' },
        {
          selector: 'JSXAttribute[name.name=/^(aria-label|title|placeholder|alt)$/] > Literal[value=/\\p{L}/u]',
          message: 'Visible text must come from lang/*.json.',
        },
      ],
    },
  },
  // No import cycles anywhere in the app (a cycle makes load order matter and hides a layer breach).
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((name) => ({
            target: `./src/features/${name}`,
            from: './src/features',
            except: [`./${name}`],
            message: 'A feature never imports another feature: move what both need to ui, data or domain.',
          })),
        },
      ],
    },
  },
  layer(['src/lib/**'], [
    deny(['**/app/**', '**/features/**', '**/ui/**', '**/data/**', '**/domain/**', '**/i18n/**', 'react', 'react-*', 'dexie*', '@supabase/*'], 'lib holds generic helpers: it imports nothing of the app.'),
  ]),
  layer(['src/domain/**'], [
    deny(['**/app/**', '**/features/**', '**/ui/**', '**/data/**', '**/i18n/**', 'react', 'react-*', 'dexie*', '@supabase/*'], 'domain is pure: it imports nothing of the app, no React, no I/O.'),
    // a request body the edge functions check is described once, beside them (supabase/functions/README.md)
    { regex: 'supabase/(?!functions/_shared/[a-z-]+-body\\.ts$)', message: 'domain reaches into supabase/ only for the shared request schemas (functions/_shared/*-body.ts).' },
  ]),
  // shared with the app: valibot only, no Deno or Node APIs, no other module
  {
    files: ['supabase/functions/_shared/*-body.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!valibot$)', message: 'A shared request schema imports valibot only (the app and Deno both load it).' }] }] },
  },
  layer(['src/data/**'], [
    deny(['**/app/**', '**/features/**', '**/ui/**', 'react-dom'], 'data may use domain only.'),
  ]),
  layer(['src/ui/**'], [
    deny(['**/app/**', '**/features/**', '**/data/**', 'dexie*', '@supabase/*'], 'ui is presentational: no data, features or app.'),
  ]),
  layer(['src/features/**'], [
    deny(['**/app/**', 'dexie', '@supabase/*'], 'features reach the backend only through src/data, never the app layer.'),
  ]),
  // A view test beside its view may build supabase-js's own error values (AuthApiError) to
  // stand for what the client reports; the views themselves still may not import it.
  layer(['src/features/**/*.test.{ts,tsx}'], [
    deny(['**/app/**', 'dexie'], 'features reach the backend only through src/data, never the app layer.'),
  ]),
  layer(['src/i18n/**'], [
    deny(['**/app/**', '**/features/**', '**/data/**'], 'i18n stands below features.'),
  ]),
);

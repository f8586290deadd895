import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// Import boundaries (docs/architecture.md): app -> features -> (ui, data, domain), data -> domain,
// domain -> nothing. Each layer lists what it must not reach.
const deny = (group, message) => ({ group, message });
const layer = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

// Features never import each other: the app layer composes them (docs/architecture.md).
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Inside src/data the areas stand in levels, lowest first (decision 0049): an area imports the
// levels below it, never one above, and the areas of one level never import each other (the
// base's files and helpers aside). '.' stands for the files directly in src/data.
const DATA_LEVELS = [
  ['.', 'net', 'images'], // the client, its configuration, the build's settings, the stored session
  ['tables'], // the registry of synced tables
  ['local'], // the Dexie mirror
  ['outbox'], // commands, replay
  ['auth', 'catalogue', 'draft', 'push', 'realtime', 'sync'],
  ['pull'],
  ['session'], // the one owner of the patient's data session
  ['hooks'], // what the screens read and call
];
const dataPath = (area) => (area === '.' ? './src/data/*.{ts,tsx}' : `./src/data/${area}`);
const dataZones = DATA_LEVELS.flatMap((level, index) =>
  level.map((area) => ({
    target: dataPath(area),
    from: [...DATA_LEVELS.slice(index + 1).flat(), ...(index === 0 ? [] : level.filter((other) => other !== area))].map(dataPath),
    message: `src/data/${area === '.' ? '*' : area} stands below this import (docs/decisions/0049-levels-inside-data.md).`,
  })),
).filter((zone) => zone.from.length > 0);

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'test-results', 'playwright-report', 'supabase/.local', '.local'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
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
  // No import cycles anywhere in the app or the Supabase project (a cycle makes load order matter
  // and hides a layer breach).
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'supabase/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // only what package.json declares: React DOM is the one renderer (decision 0042), and another
      // package cannot come in as an import without being declared (tests/unit/one-renderer.test.ts
      // checks the declared ones are the real React)
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: true, includeTypes: true }],
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
  // the levels inside src/data (a test may set up its area with a higher one's help)
  {
    files: ['src/data/**/*.{ts,tsx}'],
    ignores: ['src/data/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: dataZones }] },
  },
  layer(['src/lib/**'], [
    deny(['**/app/**', '**/features/**', '**/ui/**', '**/data/**', '**/domain/**', '**/i18n/**', 'react', 'react-*', 'dexie*', '@supabase/*'], 'lib holds generic helpers: it imports nothing of the app.'),
  ]),
  layer(['src/domain/**'], [
    deny(['**/app/**', '**/features/**', '**/ui/**', '**/data/**', '**/i18n/**', 'react', 'react-*', 'dexie*', '@supabase/*'], 'domain is pure: it imports nothing of the app, no React, no I/O.'),
    // a request body the edge functions check is described once, beside them, and the CHMED code is
    // read alike by the app and the ePrescription function (supabase/functions/README.md)
    {
      regex: 'supabase/(?!functions/_shared/([a-z-]+-body|chmed/[a-z0-9-]+)\\.ts$)',
      message: 'domain reaches into supabase/ only for the shared request schemas (functions/_shared/*-body.ts) and the CHMED readers (functions/_shared/chmed/).',
    },
  ]),
  // shared with the app: valibot only, no Deno or Node APIs, no other module
  {
    files: ['supabase/functions/_shared/*-body.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!valibot$)', message: 'A shared request schema imports valibot only (the app and Deno both load it).' }] }] },
  },
  // the CHMED readers shared with the app: platform APIs only (CompressionStream, crypto.subtle), each other and nothing else
  {
    files: ['supabase/functions/_shared/chmed/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./[a-z0-9-]+\\.ts$)', message: 'A shared CHMED reader imports only its siblings (the app and Deno both load it).' }] }] },
  },
  layer(['src/data/**'], [
    deny(['**/app/**', '**/features/**', '**/ui/**', 'react-dom'], 'data may use domain, lib and the language services of i18n only.'),
    // the account's language and the mails' subjects (spec §1) need the language services that
    // serve code outside React; i18n's components stay above (decision 0049)
    { regex: 'i18n/(?!(languages|language-store|catalogues|intl)$)', message: 'data uses only the React-free language services of i18n (languages, language-store, catalogues, intl).' },
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

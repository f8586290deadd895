import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompiledCatalogues } from './scripts/precompiled-catalogues.ts';
import { hasPostgres15, postgresProjectRuns } from './tests/setup/postgres-server.ts';

// Backend tests drive one local stack per project (tests/setup/local-stack.ts): on PGlite and
// on a throwaway PostgreSQL 15 server. Without PostgreSQL 15 the run fails under CI=true and
// warns elsewhere (tests/setup/postgres-server.ts).
// (vitest loads this file several times in one run: the warning is said once)
const WARNED = Symbol.for('postgres15-missing-warned');
const warnOnce = (text: string) => {
  const seen = globalThis as { [WARNED]?: true };
  if (!seen[WARNED]) console.warn(text);
  seen[WARNED] = true;
};
const withPostgres15 = postgresProjectRuns(hasPostgres15(), process.env, warnOnce);

// `*.postgres.test.ts`: races that need concurrent transactions, which PGlite (one request at a
// time) cannot have; only the PostgreSQL project runs them, so neither project reports a skip.
const POSTGRES_ONLY = 'tests/backend/**/*.postgres.test.ts';

const backend = (name: string, groupOrder: number, { exclude = [] }: { exclude?: string[] } = {}) => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/backend/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...exclude],
    environment: 'node' as const,
    globalSetup: ['tests/setup/local-stack.ts'],
    // one stack, files one after another (2 cores; PGlite is single-connection)
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    sequence: { groupOrder },
    benchmark: { include: [] },
  },
});

export default defineConfig({
  plugins: [react(), precompiledCatalogues()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/setup/vitest.setup.ts'],
          // the pharmacy's disruption post is outside the project: no request from unit tests
          env: { VITE_DISRUPTION_URL: '' },
          restoreMocks: true,
          benchmark: { include: ['tests/bench/**/*.bench.ts'] },
          sequence: { groupOrder: 0 },
        },
      },
      {
        // tests of the stack's own modules (rest grammar, realtime, auth, functions), each
        // with its own in-memory database where it needs one, and tests/stack-own: tests that
        // start a stack of their own (other settings, on a free port). No shared stack, so at
        // least two files at a time (vitest's default, cores − 1, is one on 2 cores): the
        // refresh-storm test's two idle minutes then pass beside the others instead of before them.
        extends: true,
        test: {
          name: 'backend-unit',
          include: ['supabase/**/*.test.ts', 'tests/stack-own/**/*.test.ts'],
          exclude: ['supabase/.local/**', 'node_modules/**'],
          environment: 'node',
          maxWorkers: Math.max(2, availableParallelism() - 1),
          testTimeout: 30_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
          benchmark: { include: [] },
        },
      },
      backend('backend-pglite', 2, { exclude: [POSTGRES_ONLY] }),
      ...(withPostgres15 ? [backend('backend-postgres', 3)] : []),
    ],
  },
});

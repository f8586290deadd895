// vitest globalSetup of the backend projects: one local stack per project (not per file),
// on a free port, seeded, with an in-memory PGlite ('backend-pglite') or a throwaway
// PostgreSQL 15 server ('backend-postgres'; STACK_DB=pglite|postgres overrides). Tests
// reach it over HTTP and websockets only (tests/setup/clients.ts), as the app does.
import type { TestProject } from 'vitest/node';
import type { ReminderSecrets } from '../../supabase/functions/_shared/reminder-secrets.ts';
import { configFromEnv, type StackConfig } from '../../supabase/local/config.ts';
import { startStack } from '../../supabase/local/server.ts';
import { startPostgresServer, type PostgresServer } from './postgres-server.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** API URL of the stack, e.g. http://127.0.0.1:40123 */
    stackUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    jwtSecret: string;
    dbKind: 'pglite' | 'postgres';
    /** the PostgreSQL server's URL ('backend-postgres'), null on PGlite */
    databaseUrl: string | null;
    /** the dose reminders' secrets the stack made (its capability tokens' key, VAPID keys) */
    reminderSecrets: ReminderSecrets;
  }
}

export function testStackConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  return {
    ...configFromEnv({}),
    host: '127.0.0.1',
    port: 0,
    apiUrl: 'http://127.0.0.1:0',
    dataDir: null,
    databaseUrl: null,
    // the reminders' tests push to a stand-in push service on 127.0.0.1 (issue 37 item 2)
    allowLoopbackPush: true,
    ...overrides,
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const wanted = process.env.STACK_DB ?? (project.name.includes('postgres') ? 'postgres' : 'pglite');
  const verbose = process.env.STACK_LOG === '1';
  let server: PostgresServer | null = null;
  if (wanted === 'postgres') server = await startPostgresServer();
  try {
    const stack = await startStack(testStackConfig({ databaseUrl: server?.databaseUrl ?? null }), {
      seed: true,
      logRequests: verbose,
      // migration lines only with STACK_LOG=1; errors and missing services always
      log: (line) => {
        if (verbose || !/^(applied|seeded) /.test(line)) console.log(`[stack ${project.name}] ${line}`);
      },
    });
    project.provide('stackUrl', stack.url);
    project.provide('anonKey', stack.config.anonKey);
    project.provide('serviceRoleKey', stack.config.serviceRoleKey);
    project.provide('jwtSecret', stack.config.jwtSecret);
    project.provide('dbKind', stack.db.kind);
    project.provide('databaseUrl', server?.databaseUrl ?? null);
    if (!stack.config.reminders) throw new Error('the stack made no reminder secrets');
    project.provide('reminderSecrets', stack.config.reminders);
    return async () => {
      await stack.stop();
      await server?.stop();
    };
  } catch (error) {
    await server?.stop();
    throw error;
  }
}

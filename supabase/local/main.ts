// `tsx supabase/local/main.ts`: the local stack from the command line, like `supabase start`.
// Environment (all optional): SUPABASE_HOST, SUPABASE_PORT (54321), SUPABASE_URL, SITE_URL,
// JWT_SECRET, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, JWT_EXPIRY, PGLITE_DATA_DIR
// (supabase/.local/pglite; 'memory' for a fresh in-memory database), DATABASE_URL (a PostgreSQL server instead of PGlite),
// ENABLE_EMAIL_CONFIRMATIONS, MINIMUM_PASSWORD_LENGTH, SEED=false, LOG_REQUESTS=1, MAX_BODY_BYTES (1 MB).
// Started by `npm start` (scripts/start.mjs) with an IPC channel: it reports `stack-ready` there,
// so the script knows the stack that answers is the one it started, and it stops when the
// channel closes (the script ended, however it ended).
import { resolve } from 'node:path';
import { configFromEnv, DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY, signApiKey } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { startReminderTimer } from './reminder-timer.ts';
import { describeDatabase, PortInUseError, startStack, SUPABASE_DIR } from './server.ts';

/** What the stack tells `npm start` over IPC once it answers. */
interface StackReadyMessage {
  type: 'stack-ready';
  url: string;
  anonKey: string;
  pid: number;
}

let parentGone = false;
let onParentGone = () => {
  parentGone = true;
};
process.on('disconnect', () => onParentGone());

async function main() {
  const env = { ...process.env };
  // The default data folder belongs to the project, wherever the command is run from.
  if (!env.DATABASE_URL && !env.PGLITE_DATA_DIR) env.PGLITE_DATA_DIR = resolve(SUPABASE_DIR, '.local', 'pglite');
  const config = configFromEnv(env);
  // Another secret needs keys signed with it (the CLI's demo keys are signed with the default one).
  if (config.jwtSecret !== DEFAULT_JWT_SECRET) {
    if (config.anonKey === DEFAULT_ANON_KEY) config.anonKey = await signApiKey(config.jwtSecret, 'anon');
    if (config.serviceRoleKey === DEFAULT_SERVICE_ROLE_KEY) config.serviceRoleKey = await signApiKey(config.jwtSecret, 'service_role');
  }

  console.log(`Starting the local Supabase stack (${describeDatabase(config)}) …`);
  const started = Date.now();
  const stack = await startStack(config, {
    seed: env.SEED !== 'false',
    logRequests: env.LOG_REQUESTS === '1' || env.LOG_REQUESTS === 'true',
    log: (line) => console.log(`  ${line}`),
  });
  const missing = Object.entries(stack.services)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);

  console.log(`
Started local Supabase stack in ${((Date.now() - started) / 1000).toFixed(1)} s.

         API URL: ${stack.url}
        Database: ${describeDatabase(stack.config)}
     Mailbox URL: ${stack.url}/mailbox
      JWT secret: ${stack.config.jwtSecret}
        anon key: ${stack.config.anonKey}
service_role key: ${stack.config.serviceRoleKey}
${missing.length ? `\n  Not available yet (answer 503): ${missing.join(', ')}\n` : ''}
The app reads VITE_SUPABASE_URL=${stack.url} and VITE_SUPABASE_ANON_KEY (the anon key above).
Press Ctrl-C to stop.`);

  const stopReminders = startReminderTimer(stack, stack.config.reminderIntervalS, (line) => console.log(`  ${line}`));

  let stopping = false;
  /** `force`: a second Ctrl-C ends the process at once; the parent going away never does. */
  const stop = async (why: string, force = true) => {
    if (stopping) {
      if (!force) return;
      console.log('Forced exit.');
      process.exit(1);
    }
    stopping = true;
    stopReminders();
    console.log(`\n${why}: stopping …`);
    try {
      await stack.stop();
      console.log('Stopped.');
      process.exit(0);
    } catch (error) {
      console.error('Stop failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  onParentGone = () => void stop('npm start ended', false);
  if (parentGone) onParentGone();
  const ready: StackReadyMessage = { type: 'stack-ready', url: stack.url, anonKey: stack.config.anonKey, pid: process.pid };
  process.send?.(ready);
}

main().catch((error: unknown) => {
  // the two expected refusals say what to do; anything else gets its stack
  if (error instanceof PortInUseError || error instanceof DataDirLockedError) console.error(`The local stack could not start: ${error.message}`);
  else console.error('The local stack could not start:', error);
  process.exit(1);
});

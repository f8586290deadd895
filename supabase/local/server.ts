// Starts and stops the local stack: listens first (a busy port fails before the database is
// touched), then opens the database (PGlite, locked to this process, or PostgreSQL), brings it
// to the state of the migrations, builds the services with the real URL and hands the requests
// to the router (router.ts), which holds them until then.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StackConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { setPushTestMode } from './push-test-mode.ts';
import { openPglite } from './db/pglite.ts';
import { openPostgres } from './db/postgres.ts';
import { createMailbox, type Mailbox } from './mailbox.ts';
import { localReminderSecrets } from './reminder-secrets-file.ts';
import { createRouter } from './router.ts';
import { buildServices, serviceStatus, type ServiceName, type Services } from './services.ts';

export type { FunctionsHandler, RealtimeService, ServiceHandler } from './services.ts';

/** How long an idle connection stays open (Node's default: 5 s). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** supabase/ (migrations/, seed.sql, local/sql/) */
export const SUPABASE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface StackOptions {
  /** run supabase/seed.sql on a database that had no migrations yet (default true) */
  seed?: boolean;
  log?: (line: string) => void;
  /** use this database instead of opening one from the config; the caller closes it */
  db?: Db;
  /** log every request with status and duration */
  logRequests?: boolean;
}

export interface Stack {
  /** the API URL clients use (the real port when config.port was 0) */
  url: string;
  port: number;
  db: Db;
  mailbox: Mailbox;
  /** the config the services run with (apiUrl with the real port) */
  config: StackConfig;
  /** migration versions applied by this start (empty when the database was up to date) */
  applied: string[];
  /** which services run: auth, rest, functions, realtime */
  services: Record<ServiceName, boolean>;
  stop(): Promise<void>;
}

/** The port is taken: nothing else was started or opened. */
export class PortInUseError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(
      `Port ${port} on ${host} is in use by another program (another local stack?). ` +
        `Stop it, or start this stack on another port: SUPABASE_PORT=<port> (0 picks a free one).`,
    );
    this.name = 'PortInUseError';
  }
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((res, rej) => {
    const onError = (error: NodeJS.ErrnoException) => rej(error.code === 'EADDRINUSE' ? new PortInUseError(host, port) : error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      res();
    });
  });
}

async function openDb(config: StackConfig): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(config.dataDir ? resolve(config.dataDir) : null);
}

/** Where the database lives, for people: the PGlite folder (or memory) or the server without password. */
export function describeDatabase(config: StackConfig): string {
  if (config.databaseUrl) {
    try {
      const url = new URL(config.databaseUrl);
      if (url.password) url.password = '***';
      return `PostgreSQL ${url.toString()}`;
    } catch {
      return 'PostgreSQL (DATABASE_URL)';
    }
  }
  return config.dataDir ? `PGlite ${resolve(config.dataDir)}` : 'PGlite in memory';
}

/** With port 0 (tests) the services must know the real URL (links in mails, JWT issuer). */
function withRealPort(config: StackConfig, port: number): StackConfig {
  if (config.port !== 0 && new URL(config.apiUrl).port !== '0') return config;
  const url = new URL(config.apiUrl);
  url.port = String(port);
  return { ...config, port, apiUrl: url.toString().replace(/\/$/, '') };
}

export async function startStack(initialConfig: StackConfig, opts: StackOptions = {}): Promise<Stack> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const ownsDb = !opts.db;
  let db: Db | null = opts.db ?? null;
  const mailbox = createMailbox();
  let config = initialConfig;
  let services: Services | null = null;

  const router = createRouter({
    db: () => db,
    mailbox,
    log,
    logRequests: opts.logRequests ?? false,
    maxBodyBytes: initialConfig.maxBodyBytes,
    apiUrl: () => config.apiUrl,
  });
  // Idle connections stay open for a minute and more, as load balancers in front of an API keep
  // them, not Node's 5 s: a client that reuses a connection in the moment the server closes it
  // gets a reset (and a POST is not retried); on a busy machine a starved test process hit that
  // window again and again (Node's fetch keeps a connection for the server's hint less 1 s)
  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS }, (req, res) => void router.onRequest(req, res));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void router.onUpgrade(req, socket, head));
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const closeServer = () =>
    new Promise<void>((res) => {
      if (!server.listening) return res();
      server.close(() => res());
      server.closeAllConnections();
    });

  try {
    // the port before the database: a second stack on a busy port must not touch the folder
    await listen(server, initialConfig.host, initialConfig.port);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : initialConfig.port;
    config = withRealPort(initialConfig, port);
    db ??= await openDb(initialConfig);
    // after the database: its folder's lock says this process owns the folder's secrets too
    if (!config.reminders) config = { ...config, reminders: await localReminderSecrets(config.databaseUrl ? null : config.dataDir) };
    const { applied } = await migrate(db, { projectDir: SUPABASE_DIR, seed: opts.seed ?? true, log });
    await setPushTestMode(db, config.allowLoopbackPush);
    services = buildServices({ db, config, mailbox }, log);
    router.ready(services);

    const theDb = db;
    let stopping: Promise<void> | null = null;
    return {
      url: config.apiUrl,
      port,
      db: theDb,
      mailbox,
      config,
      applied,
      services: serviceStatus(services),
      stop() {
        stopping ??= (async () => {
          await services?.realtime?.close().catch((error: Error) => log(`realtime close: ${error.message}`));
          await closeServer();
          // mails sent after their answer (a password reset) still need the database
          await mailbox.settled();
          if (ownsDb) await theDb.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    router.failed(error);
    await services?.realtime?.close().catch(() => {});
    await closeServer();
    if (ownsDb && db) await db.close().catch(() => {});
    throw error;
  }
}

// Starts and stops the local stack: opens the database (PGlite or PostgreSQL), brings it to
// the state of the migrations, listens, builds the services with the real URL and hands the
// requests to the router (router.ts).
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StackConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { openPglite } from './db/pglite.ts';
import { openPostgres } from './db/postgres.ts';
import { createMailbox, type Mailbox } from './mailbox.ts';
import { createRouter } from './router.ts';
import { buildServices, serviceStatus, type ServiceName, type Services } from './services.ts';

export type { FunctionsHandler, RealtimeService, ServiceHandler } from './services.ts';

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

async function openDb(config: StackConfig): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  if (!config.dataDir) return openPglite(null);
  const dir = resolve(config.dataDir);
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
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
  const db = opts.db ?? (await openDb(initialConfig));
  const mailbox = createMailbox();
  let config = initialConfig;
  let services: Services | null = null;

  const router = createRouter({
    db,
    mailbox,
    log,
    logRequests: opts.logRequests ?? false,
    maxBodyBytes: initialConfig.maxBodyBytes,
    apiUrl: () => config.apiUrl,
  });
  const server = createServer((req, res) => void router.onRequest(req, res));
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
    const { applied } = await migrate(db, { projectDir: SUPABASE_DIR, seed: opts.seed ?? true, log });
    await new Promise<void>((res, rej) => {
      server.once('error', rej);
      server.listen(initialConfig.port, initialConfig.host, () => {
        server.off('error', rej);
        res();
      });
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : initialConfig.port;
    config = withRealPort(initialConfig, port);
    services = buildServices({ db, config, mailbox }, log);
    router.ready(services);

    let stopping: Promise<void> | null = null;
    return {
      url: config.apiUrl,
      port,
      db,
      mailbox,
      config,
      applied,
      services: serviceStatus(services),
      stop() {
        stopping ??= (async () => {
          await services?.realtime?.close().catch((error: Error) => log(`realtime close: ${error.message}`));
          await closeServer();
          if (ownsDb) await db.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    router.failed(error);
    await services?.realtime?.close().catch(() => {});
    await closeServer();
    if (ownsDb) await db.close().catch(() => {});
    throw error;
  }
}

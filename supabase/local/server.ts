// The local stack's one HTTP server: opens the database (PGlite or PostgreSQL), brings it to
// the state of the migrations, and routes as the hosted API gateway does:
//   /auth/v1/*                 -> auth (GoTrue)            supabase/local/auth/
//   /rest/v1/*                 -> rest (PostgREST)         supabase/local/rest/
//   /functions/v1/<name>       -> edge function handlers   supabase/local/functions/
//   /realtime/v1/websocket     -> realtime (upgrade)       supabase/local/realtime/
//   /mailbox, /mailbox/api/*   -> the mailbox (mailbox-page.ts)
//   /health                    -> {status, database}
// Every answer carries CORS headers; OPTIONS preflights are answered here for every path.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StackConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { createMailbox, type Mailbox } from './mailbox.ts';
import { handleMailbox } from './mailbox-page.ts';
import { corsHeaders, jsonError, json, preflightResponse, requestUrl, sendResponse, toFetchRequest } from './http.ts';

/** supabase/ (migrations/, seed.sql, local/sql/) */
export const SUPABASE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** (req, path) with path = the raw URL path after the service prefix ('/' at least), no query. */
export type ServiceHandler = (req: Request, path: string) => Promise<Response>;
/** (req, name) with name = the function's slug from /functions/v1/<name>. */
export type FunctionsHandler = (req: Request, name: string) => Promise<Response>;
export interface RealtimeService {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

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
  /** which services were found: auth, rest, functions, realtime */
  services: Record<'auth' | 'rest' | 'functions' | 'realtime', boolean>;
  stop(): Promise<void>;
}

type Loaded<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * Loads another part of the stack: the first of supabase/local/<dir>/{index,handler,server,<dir>}.ts
 * that exports the named factory. A folder not written yet is not an error: its routes answer 503.
 */
async function loadService<T>(dir: string, exportName: string, build: (factory: (...args: never[]) => unknown) => Promise<T>): Promise<Loaded<T>> {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = ['index.ts', 'handler.ts', 'server.ts', `${basename(dir)}.ts`]
    .map((name) => resolve(here, dir, name))
    .filter((file) => existsSync(file));
  if (candidates.length === 0) return { ok: false, reason: `no ${dir}/index.ts` };
  try {
    for (const file of candidates) {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const factory = mod[exportName];
      if (typeof factory === 'function') return { ok: true, value: await build(factory as (...args: never[]) => unknown) };
    }
    return { ok: false, reason: `no module in ${dir}/ exports ${exportName}` };
  } catch (error) {
    // one broken service must not take the others down: it answers 503, the error is logged
    return { ok: false, reason: `failed to start: ${(error as Error)?.stack ?? String(error)}` };
  }
}

const unavailable = () => jsonError(503, 'service not available');
const notFound = () => jsonError(404, 'no Route matched with those values');

/** '/rest/v1/x' with prefix '/rest/v1' -> '/x'; null when the path is not under the prefix. */
function under(pathname: string, prefix: string): string | null {
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : null;
}

async function openDb(config: StackConfig): Promise<Db> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./db/postgres.ts');
    return openPostgres(config.databaseUrl);
  }
  const { openPglite } = await import('./db/pglite.ts');
  if (config.dataDir) {
    const dir = resolve(config.dataDir);
    await mkdir(dir, { recursive: true });
    return openPglite(dir);
  }
  return openPglite(null);
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

export async function startStack(initialConfig: StackConfig, opts: StackOptions = {}): Promise<Stack> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const ownsDb = !opts.db;
  const db = opts.db ?? (await openDb(initialConfig));
  const mailbox = createMailbox();
  let config = initialConfig;

  const services: Stack['services'] = { auth: false, rest: false, functions: false, realtime: false };
  let auth: ServiceHandler | null = null;
  let rest: ServiceHandler | null = null;
  let functions: FunctionsHandler | null = null;
  let realtime: RealtimeService | null = null;

  // Requests that arrive while the services are being built wait for them.
  let markReady: () => void = () => {};
  let markFailed: (error: unknown) => void = () => {};
  const ready = new Promise<void>((res, rej) => {
    markReady = res;
    markFailed = rej;
  });
  ready.catch(() => {});

  async function route(req: Request, pathname: string): Promise<Response> {
    if (pathname === '/health') {
      try {
        await db.query('select 1');
        return json({ status: 'ok', database: db.kind, services });
      } catch (error) {
        return json({ status: 'error', database: db.kind, message: (error as Error).message }, 503);
      }
    }
    if (pathname === '/mailbox' || pathname.startsWith('/mailbox/')) return handleMailbox(req, pathname, mailbox);
    let path: string | null;
    if ((path = under(pathname, '/auth/v1')) !== null) return auth ? auth(req, path) : unavailable();
    if ((path = under(pathname, '/rest/v1')) !== null) return rest ? rest(req, path) : unavailable();
    if ((path = under(pathname, '/functions/v1')) !== null) {
      const name = path.split('/')[1];
      if (!name) return jsonError(404, 'Function not found');
      return functions ? functions(req, decodeURIComponent(name)) : unavailable();
    }
    return notFound();
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = requestUrl(req, config.apiUrl);
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
      if (opts.logRequests) log(`${method} ${url.pathname}${url.search} ${res.statusCode} ${Date.now() - started}ms`);
    });
    try {
      const request = await toFetchRequest(req, url, controller.signal);
      let response: Response;
      if (method === 'OPTIONS') {
        response = preflightResponse(request);
      } else {
        await ready;
        response = await route(request, url.pathname);
      }
      await sendResponse(res, response, corsHeaders(), method);
    } catch (error) {
      if (controller.signal.aborted) return;
      log(`error in ${method} ${url.pathname}: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) {
        await sendResponse(res, jsonError(500, 'internal server error'), corsHeaders(), method).catch(() => res.destroy());
      } else {
        res.destroy();
      }
    }
  }

  function rejectUpgrade(socket: Duplex, status: number, reason: string, message: string) {
    socket.on('error', () => {});
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = requestUrl(req, config.apiUrl);
    if (url.pathname !== '/realtime/v1/websocket' && url.pathname !== '/realtime/v1/websocket/') {
      return rejectUpgrade(socket, 404, 'Not Found', 'no Route matched with those values');
    }
    try {
      await ready;
    } catch {
      return rejectUpgrade(socket, 503, 'Service Unavailable', 'service not available');
    }
    if (!realtime) return rejectUpgrade(socket, 503, 'Service Unavailable', 'service not available');
    try {
      realtime.handleUpgrade(req, socket, head);
    } catch (error) {
      log(`error in realtime upgrade: ${(error as Error)?.stack ?? String(error)}`);
      socket.destroy();
    }
  }

  const server = createServer((req, res) => void onRequest(req, res));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void onUpgrade(req, socket, head));
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
    // port 0 (tests): the services must know the real URL (links in mails, JWT issuer)
    if (initialConfig.port === 0 || new URL(initialConfig.apiUrl).port === '0') {
      const url = new URL(initialConfig.apiUrl);
      url.port = String(port);
      config = { ...initialConfig, port, apiUrl: url.toString().replace(/\/$/, '') };
    }

    const deps = { db, config, mailbox };
    const loaded = await Promise.all([
      loadService('auth', 'createAuthHandler', async (f) => (await f(deps as never)) as ServiceHandler),
      loadService('rest', 'createRestHandler', async (f) => (await f({ db, config } as never)) as ServiceHandler),
      loadService('functions', 'createFunctionsHandler', async (f) => (await f(deps as never)) as FunctionsHandler),
      loadService('realtime', 'createRealtime', async (f) => (await f({ db, config } as never)) as RealtimeService),
    ]);
    const [a, r, f, rt] = loaded;
    if (a.ok) auth = a.value;
    if (r.ok) rest = r.value;
    if (f.ok) functions = f.value;
    if (rt.ok) realtime = rt.value;
    services.auth = a.ok;
    services.rest = r.ok;
    services.functions = f.ok;
    services.realtime = rt.ok;
    for (const [name, result] of Object.entries({ auth: a, rest: r, functions: f, realtime: rt })) {
      if (!result.ok) log(`${name}: not available (${result.reason}); its routes answer 503`);
    }
    markReady();

    let stopping: Promise<void> | null = null;
    return {
      url: config.apiUrl,
      port,
      db,
      mailbox,
      config,
      applied,
      services,
      stop() {
        stopping ??= (async () => {
          await realtime?.close().catch((error: Error) => log(`realtime close: ${error.message}`));
          await closeServer();
          if (ownsDb) await db.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    markFailed(error);
    await realtime?.close().catch(() => {});
    await closeServer();
    if (ownsDb) await db.close().catch(() => {});
    throw error;
  }
}

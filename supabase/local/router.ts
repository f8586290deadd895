// Routes the local stack's HTTP requests and websocket upgrades as the hosted API gateway does:
//   /auth/v1/*                 -> auth (GoTrue)            supabase/local/auth/
//   /rest/v1/*                 -> rest (PostgREST)         supabase/local/rest/
//   /functions/v1/<name>       -> edge function handlers   supabase/local/functions/
//   /realtime/v1/websocket     -> realtime (upgrade)       supabase/local/realtime/
//   /mailbox, /mailbox/api/*   -> the mailbox (mailbox-page.ts)
//   /health                    -> {status, database, services}; 503 {status:'starting'} until ready
// Every answer carries CORS headers; OPTIONS preflights are answered here for every path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Db } from './db/db.ts';
import { BodyTooLargeError, bodyTooLargeResponse, corsHeaders, jsonError, json, preflightResponse, requestUrl, sendResponse, toFetchRequest, trackAnswer } from './http.ts';
import type { Mailbox } from './mailbox.ts';
import { handleMailbox } from './mailbox-page.ts';
import { serviceStatus, type Services } from './services.ts';

export interface RouterDeps {
  /** null until the database is open (the port opens first) */
  db: () => Db | null;
  mailbox: Mailbox;
  /** the origin of requests without a Host header */
  apiUrl: () => string;
  log: (line: string) => void;
  /** log every request with status and duration */
  logRequests: boolean;
  /** request bodies over this many bytes answer 413 */
  maxBodyBytes: number;
}

export interface Router {
  onRequest(req: IncomingMessage, res: ServerResponse): Promise<void>;
  onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void>;
  /** the services are built (after the port is known): requests waiting for them go on */
  ready(services: Services): void;
  /** the start failed: waiting requests get 503 */
  failed(error: unknown): void;
}

const unavailable = () => jsonError(503, 'service not available');
const notFound = () => jsonError(404, 'no Route matched with those values');

/** '/rest/v1/x' with prefix '/rest/v1' -> '/x'; null when the path is not under the prefix. */
function under(pathname: string, prefix: string): string | null {
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : null;
}

function rejectUpgrade(socket: Duplex, status: number, reason: string, message: string) {
  socket.on('error', () => {});
  const body = JSON.stringify({ message });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export function createRouter(deps: RouterDeps): Router {
  const { mailbox, log } = deps;
  let services: Services | null = null;
  let markReady: () => void = () => {};
  let markFailed: (error: unknown) => void = () => {};
  const started = new Promise<void>((res, rej) => {
    markReady = res;
    markFailed = rej;
  });
  started.catch(() => {});

  async function health(): Promise<Response> {
    const db = deps.db();
    if (!services || !db) return json({ status: 'starting' }, 503);
    const status = serviceStatus(services);
    try {
      await db.query('select 1');
      return json({ status: 'ok', database: db.kind, services: status });
    } catch (error) {
      return json({ status: 'error', database: db.kind, message: (error as Error).message }, 503);
    }
  }

  async function route(req: Request, pathname: string): Promise<Response> {
    if (pathname === '/mailbox' || pathname.startsWith('/mailbox/')) return handleMailbox(req, pathname, mailbox);
    const s = services;
    let path: string | null;
    if ((path = under(pathname, '/auth/v1')) !== null) return s?.auth ? s.auth(req, path) : unavailable();
    if ((path = under(pathname, '/rest/v1')) !== null) return s?.rest ? s.rest(req, path) : unavailable();
    if ((path = under(pathname, '/functions/v1')) !== null) {
      const name = path.split('/')[1];
      if (!name) return jsonError(404, 'Function not found');
      return s?.functions ? s.functions(req, decodeURIComponent(name)) : unavailable();
    }
    return notFound();
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = requestUrl(req, deps.apiUrl());
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
      if (deps.logRequests) log(`${method} ${url.pathname}${url.search} ${res.statusCode} ${Date.now() - startedAt}ms`);
    });
    let sent = () => {};
    try {
      const request = await toFetchRequest(req, url, { signal: controller.signal, maxBodyBytes: deps.maxBodyBytes });
      sent = trackAnswer(request);
      let response: Response;
      if (method === 'OPTIONS') {
        response = preflightResponse(request);
      } else if (url.pathname === '/health') {
        // answers while the stack starts too: a caller polling it must not hang on a first seed
        response = await health();
      } else {
        await started;
        response = await route(request, url.pathname);
      }
      await sendResponse(res, response, corsHeaders(), method);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuseBody(req, res, method);
      if (controller.signal.aborted) return;
      log(`error in ${method} ${url.pathname}: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) {
        await sendResponse(res, jsonError(500, 'internal server error'), corsHeaders(), method).catch(() => res.destroy());
      } else {
        res.destroy();
      }
    } finally {
      // work a service does after its answer (auth/recover.ts) starts now, answered or not
      sent();
    }
  }

  /**
   * 413 at once, and a lingering close: what the client still sends is discarded unread (never
   * buffered), and the connection ends only once the body has ended. Ending it earlier, with the
   * client's bytes still arriving, makes the kernel answer them with a reset, and a client that
   * has not read the 413 yet loses it. A body that has not ended 5 s later is cut off.
   */
  async function refuseBody(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    req.resume();
    let cutOff: ReturnType<typeof setTimeout> | undefined;
    const bodyEnded = new Promise<void>((resolve) => {
      cutOff = setTimeout(() => {
        req.socket.destroy();
        resolve();
      }, 5000).unref();
      req.once('end', resolve).once('close', resolve);
    }).finally(() => clearTimeout(cutOff));
    await sendResponse(res, bodyTooLargeResponse(), corsHeaders(), method, bodyEnded).catch(() => res.destroy());
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = requestUrl(req, deps.apiUrl());
    if (url.pathname !== '/realtime/v1/websocket' && url.pathname !== '/realtime/v1/websocket/') {
      return rejectUpgrade(socket, 404, 'Not Found', 'no Route matched with those values');
    }
    try {
      await started;
    } catch {
      return rejectUpgrade(socket, 503, 'Service Unavailable', 'service not available');
    }
    const realtime = services?.realtime;
    if (!realtime) return rejectUpgrade(socket, 503, 'Service Unavailable', 'service not available');
    try {
      realtime.handleUpgrade(req, socket, head);
    } catch (error) {
      log(`error in realtime upgrade: ${(error as Error)?.stack ?? String(error)}`);
      socket.destroy();
    }
  }

  return {
    onRequest,
    onUpgrade,
    ready(built) {
      services = built;
      markReady();
    },
    failed: (error) => markFailed(error),
  };
}

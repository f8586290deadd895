// node:http <-> fetch bridging for the local stack: the services are written as
// `(Request) => Promise<Response>` handlers (like edge functions), the server speaks node:http.
// Also the CORS headers every answer carries (as Kong adds them on hosted Supabase) and the
// JSON helpers for the answers the server gives itself.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request headers supabase-js sends, allowed in CORS preflights (plus whatever a preflight asks for). */
export const CORS_ALLOW_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'prefer',
  'accept-profile',
  'content-profile',
  'range',
  'x-retry-count',
  'x-region',
];
/** Response headers the browser client must be able to read. */
export const CORS_EXPOSE_HEADERS = [
  'content-range',
  'content-profile',
  'preference-applied',
  'location',
  'x-supabase-api-version',
  'x-sb-error-code',
  'x-relay-error',
];
export const CORS_ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** CORS headers of every answer: any origin may call, as with the hosted API (no cookies are used). */
export function corsHeaders(): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': CORS_EXPOSE_HEADERS.join(', '),
  };
}

/** The answer to an OPTIONS preflight: 204 with the allowed methods and headers. */
export function preflightResponse(req: Request): Response {
  const asked = (req.headers.get('access-control-request-headers') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const allowHeaders = [...new Set([...CORS_ALLOW_HEADERS, ...asked])].join(', ');
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(),
      'access-control-allow-methods': CORS_ALLOW_METHODS,
      'access-control-allow-headers': allowHeaders,
      'access-control-max-age': '3600',
      vary: 'Origin, Access-Control-Request-Headers',
    },
  });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** `{message, ...extra}` with the given status, the shape Kong and the services use. */
export function jsonError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return json({ message, ...extra }, status);
}

/** Full URL of a node request (the Host header, else the fallback origin). */
export function requestUrl(req: IncomingMessage, fallbackOrigin: string): URL {
  const host = req.headers.host;
  return new URL(req.url ?? '/', host ? `http://${host}` : fallbackOrigin);
}

/** A request body larger than the stack reads: answered 413 before (or while) it arrives. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/** Kong's answer for a body over its request-size limit. */
export const bodyTooLargeResponse = () => jsonError(413, 'Request size limit exceeded');

/**
 * The body, refused by its Content-Length, or while streaming (chunked) once it passes the
 * limit. Events rather than `for await`: leaving that loop early would destroy the socket
 * before the 413 could be written.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (finish: () => void) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      finish();
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limit) {
        req.pause();
        return done(() => reject(new BodyTooLargeError(limit)));
      }
      chunks.push(buffer);
    };
    const onEnd = () => done(() => resolve(Buffer.concat(chunks)));
    const onError = (error: Error) => done(() => reject(error));
    const onClose = () => done(() => reject(new Error('the client closed the request before its body ended')));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

export interface FetchRequestOptions {
  signal?: AbortSignal;
  /** bodies over this many bytes throw BodyTooLargeError */
  maxBodyBytes: number;
}

/**
 * node request -> fetch Request (body read completely; aborted when the client goes away).
 * The stack is the edge: X-Forwarded-For is the connection's own address, whatever the client
 * sent, so the per-address limits of auth cannot be dodged by a made-up header.
 */
export async function toFetchRequest(req: IncomingMessage, url: URL, options: FetchRequestOptions): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    // HTTP/2 pseudo headers and hop-by-hop headers have no place in a fetch Request
    if (name.startsWith(':') || /^(connection|keep-alive|transfer-encoding|upgrade|x-forwarded-for|x-real-ip)$/i.test(name)) continue;
    headers.append(name, req.rawHeaders[i + 1]!);
  }
  const address = req.socket.remoteAddress;
  if (address) headers.set('x-forwarded-for', address.replace(/^::ffff:/, ''));
  const method = (req.method ?? 'GET').toUpperCase();
  const body = method !== 'GET' && method !== 'HEAD' ? await readBody(req, options.maxBodyBytes) : undefined;
  return new Request(url, {
    method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
    signal: options.signal,
  });
}

/** fetch Response -> node response, with extra headers (CORS) set over the handler's own. */
const answers = new WeakMap<Request, Promise<void>>();

/**
 * The router serves `req`: `answerSent(req)` resolves once the function returned here is called,
 * after the answer has been handed to the socket.
 */
export function trackAnswer(req: Request): () => void {
  let sent: () => void = () => {};
  answers.set(req, new Promise<void>((resolve) => (sent = resolve)));
  return sent;
}

/**
 * Resolves once the answer to `req` is on its way to the client; at once for a request that
 * did not come through the router (module tests call the handlers directly). Work started after
 * it cannot delay the answer, not even work that holds the thread (PGlite runs on it).
 */
export const answerSent = (req: Request): Promise<void> => answers.get(req) ?? Promise.resolve();

export async function sendResponse(
  res: ServerResponse,
  response: Response,
  extraHeaders: Record<string, string> = {},
  method = 'GET',
  /**
   * The answer is written at once but the response (and so the connection) ends only when this
   * settles: a lingering close for a body that is still arriving (see router.ts refuseBody).
   */
  lingerUntil?: Promise<unknown>,
): Promise<void> {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  const cookies = headers.getSetCookie();
  headers.delete('set-cookie');
  const out: Record<string, string | string[]> = {};
  headers.forEach((value, name) => {
    // node computes the length itself (the body may have been re-encoded)
    if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection') out[name] = value;
  });
  if (cookies.length > 0) out['set-cookie'] = cookies;
  if (method === 'HEAD' || !response.body || response.status === 204 || response.status === 304) {
    await response.body?.cancel().catch(() => {});
    res.writeHead(response.status, response.statusText || undefined, out);
    res.end();
    return;
  }
  // The services answer small JSON and HTML bodies: one write with a Content-Length is much
  // faster on loopback than piping a web stream (chunked encoding, several writes per answer).
  const body = Buffer.from(await response.arrayBuffer());
  // its length tells the client the answer is complete, also while the connection lingers
  out['content-length'] = String(body.length);
  res.writeHead(response.status, response.statusText || undefined, out);
  if (!lingerUntil) return void res.end(body);
  res.write(body);
  await lingerUntil.catch(() => {});
  res.end();
}

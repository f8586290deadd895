// Supabase Realtime for the local stack: the Phoenix channel protocol of
// /realtime/v1/websocket (serializers 1.0.0 and 2.0.0) for postgres_changes, plus plain
// broadcast between the sockets of this process. See README.md for the frames.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { StackConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { verifyJwt } from '../jwt.ts';
import { clearOversize, CHANGES_CHANNEL, loadTableMeta, syncCaptureTriggers } from './capture.ts';
import { confirmToken, isObject, JoinError, parseBindings } from './join.ts';
import { createDelivery, type Binding, type Subscription } from './delivery.ts';
import { decodeFrame, encodeFrame, type Frame, type Vsn } from './phoenix.ts';
import { checkFilter, type Claims } from './visibility.ts';

export interface Realtime {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** resolves once the capture triggers are installed and the change listener runs */
  ready: Promise<void>;
  close(): Promise<void>;
}

interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, Channel>;
  queue: Promise<void>;
}

interface Channel extends Subscription {
  name: string;
  joinRef: string | null;
  token: string;
  claims: Claims;
  bindings: Binding[];
  broadcastSelf: boolean;
  broadcastAck: boolean;
  timer: NodeJS.Timeout | null;
  conn: Connection;
}

const WEBSOCKET_PATH = /^\/realtime\/v1\/websocket\/?$/;
const CONFIRM_TOKEN_MS = 5 * 60_000;

function reject(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function createRealtime(deps: { db: Db; config: StackConfig }): Realtime {
  const { db, config } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const connections = new Set<Connection>();
  let closed = false;
  let unlisten: (() => Promise<void>) | null = null;
  /** schema.table of the tables that have the capture trigger */
  let captured = new Set<string>();
  const sync = async () => {
    captured = new Set((await syncCaptureTriggers(db)).map((t) => `${t.schema}.${t.table}`));
    delivery.forgetTables();
  };

  function* subscriptions(): Iterable<Subscription> {
    for (const conn of connections) yield* conn.channels.values();
  }
  const delivery = createDelivery({ db, subscriptions });

  const ready = (async () => {
    unlisten = await db.listen(CHANGES_CHANNEL, (payload) => delivery.onNotify(payload));
    await sync();
    await clearOversize(db);
  })();
  ready.catch((error) => console.error('[realtime] change capture could not start', error));

  const send = (conn: Connection, frame: Frame) => {
    if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(encodeFrame(conn.vsn, frame));
  };
  const reply = (conn: Connection, f: Frame, status: 'ok' | 'error', response: unknown) =>
    send(conn, { joinRef: f.joinRef, ref: f.ref, topic: f.topic, event: 'phx_reply', payload: { status, response } });
  const push = (ch: Channel, event: string, payload: unknown) =>
    send(ch.conn, { joinRef: ch.joinRef, ref: null, topic: ch.topic, event, payload });

  function closeChannel(ch: Channel, notify: boolean) {
    if (ch.timer) clearTimeout(ch.timer);
    ch.timer = null;
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
    if (notify) send(ch.conn, { joinRef: ch.joinRef, ref: ch.joinRef, topic: ch.topic, event: 'phx_close', payload: {} });
  }

  /** Realtime's shutdown_response: a system error, then the channel closes. */
  function shutdown(ch: Channel, message: string) {
    push(ch, 'system', { extension: 'system', status: 'error', message, channel: ch.name });
    closeChannel(ch, true);
  }

  function scheduleTokenCheck(ch: Channel) {
    if (ch.timer) clearTimeout(ch.timer);
    const exp = Number(ch.claims.exp) * 1000;
    ch.timer = setTimeout(() => {
      ch.timer = null;
      const left = exp - Date.now();
      if (left <= 0) shutdown(ch, `Token has expired ${Math.round(-left / 1000)} seconds ago`);
      else scheduleTokenCheck(ch);
    }, Math.max(0, Math.min(CONFIRM_TOKEN_MS, exp - Date.now())));
    ch.timer.unref();
  }

  /** After the join reply: checks each binding against the database, then the system message. */
  async function subscribePostgres(ch: Channel) {
    let error: string | null = null;
    try {
      await ready;
      for (const b of ch.bindings) {
        if (b.schema === '*' || b.table === null || b.table === '*') {
          if (b.conditions.length) {
            b.active = false;
            error = 'Unable to subscribe to changes with given parameters: a filter needs a table';
          }
          continue;
        }
        const meta = await loadTableMeta(db, b.schema, b.table);
        const problem = meta ? await checkFilter(db, meta, b.conditions) : `invalid table ${b.schema}.${b.table}`;
        if (problem) {
          b.active = false;
          error = `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: [${b.filter ?? ''}]]: ${problem}`;
          continue;
        }
        const key = `${b.schema}.${b.table}`;
        if (!captured.has(key)) await sync(); // added to the publication after start-up?
        if (!captured.has(key)) console.warn(`[realtime] ${key} is not in publication supabase_realtime: no changes will stream`);
      }
    } catch (e) {
      error = `Unable to subscribe to PostgreSQL: ${(e as Error).message}`;
    }
    if (ch.conn.channels.get(ch.topic) !== ch) return;
    push(ch, 'system', { extension: 'postgres_changes', status: error ? 'error' : 'ok', message: error ?? 'Subscribed to PostgreSQL', channel: ch.name });
  }

  async function join(conn: Connection, f: Frame) {
    const name = f.topic.slice('realtime:'.length);
    if (name === '') throw new JoinError('TopicNameRequired: You must provide a topic name');
    const payload = isObject(f.payload) ? f.payload : {};
    const token =
      typeof payload.access_token === 'string' ? payload.access_token : typeof payload.user_token === 'string' ? payload.user_token : conn.apikey;
    const claims = await confirmToken(token, config.jwtSecret);
    const cfg = isObject(payload.config) ? payload.config : {};
    const params = Array.isArray(cfg.postgres_changes) ? (cfg.postgres_changes as unknown[]) : [];
    const bindings = parseBindings(cfg.postgres_changes);
    const previous = conn.channels.get(f.topic);
    if (previous) closeChannel(previous, true); // Phoenix closes a duplicate join's older channel
    const broadcast = isObject(cfg.broadcast) ? cfg.broadcast : {};
    const ch: Channel = {
      topic: f.topic,
      name,
      joinRef: f.joinRef ?? f.ref,
      token,
      claims,
      bindings,
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
      timer: null,
      conn,
      isOpen: () => conn.channels.get(f.topic) === ch && conn.ws.readyState === WebSocket.OPEN,
      send: (data) => send(conn, { joinRef: null, ref: null, topic: f.topic, event: 'postgres_changes', payload: data }),
    };
    conn.channels.set(f.topic, ch);
    scheduleTokenCheck(ch);
    reply(conn, f, 'ok', { postgres_changes: params.map((p, i) => ({ ...(p as object), id: bindings[i]?.id })) });
    if (isObject(cfg.presence) && cfg.presence.enabled === true) push(ch, 'presence_state', {});
    if (bindings.length) void subscribePostgres(ch);
  }

  async function accessToken(ch: Channel, payload: unknown) {
    const token = isObject(payload) ? payload.access_token : undefined;
    if (typeof token !== 'string' || token === ch.token) return;
    try {
      const claims = await confirmToken(token, config.jwtSecret);
      ch.token = token;
      ch.claims = claims;
      scheduleTokenCheck(ch);
    } catch (error) {
      shutdown(ch, error instanceof JoinError ? error.message.replace(/^\w+: /, '') : 'Invalid token');
    }
  }

  function broadcast(ch: Channel, f: Frame) {
    if (!isObject(f.payload)) return;
    for (const conn of connections) {
      const other = conn.channels.get(ch.topic);
      if (other && (other !== ch || ch.broadcastSelf)) push(other, 'broadcast', f.payload);
    }
    if (ch.broadcastAck && f.ref) reply(ch.conn, f, 'ok', {});
  }

  async function handleFrame(conn: Connection, f: Frame) {
    if (f.topic === 'phoenix') {
      if (f.event === 'heartbeat') reply(conn, f, 'ok', {});
      return;
    }
    if (f.event === 'phx_join') {
      if (!f.topic.startsWith('realtime:')) return reply(conn, f, 'error', { reason: 'unmatched topic' });
      try {
        await join(conn, f);
      } catch (error) {
        reply(conn, f, 'error', { reason: error instanceof JoinError ? error.message : 'UnknownErrorOnChannel' });
      }
      return;
    }
    const ch = conn.channels.get(f.topic);
    if (!ch) return reply(conn, f, 'error', { reason: 'unmatched topic' });
    switch (f.event) {
      case 'phx_leave':
        reply(conn, f, 'ok', {});
        closeChannel(ch, false);
        return;
      case 'access_token':
        return accessToken(ch, f.payload);
      case 'broadcast':
        return broadcast(ch, f);
      case 'presence':
        return reply(conn, f, 'error', { reason: 'presence is not supported by the local stack' });
      default:
        return; // Realtime ignores unexpected client events
    }
  }

  function onConnection(ws: WebSocket, vsn: Vsn, apikey: string) {
    const conn: Connection = { ws, vsn, apikey, channels: new Map(), queue: Promise.resolve() };
    connections.add(conn);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return; // binary user broadcast pushes are not supported
      const frame = decodeFrame(vsn, data.toString());
      if (!frame) return; // malformed frames are ignored
      conn.queue = conn.queue.then(() => handleFrame(conn, frame)).catch((error) => console.error('[realtime] frame failed', error));
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      for (const ch of [...conn.channels.values()]) closeChannel(ch, false);
      connections.delete(conn);
    });
  }

  return {
    ready,
    handleUpgrade(req, socket, head) {
      socket.on('error', () => socket.destroy()); // a client gone during the token check
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (closed || !WEBSOCKET_PATH.test(url.pathname)) return reject(socket, '404 Not Found');
      const vsn = url.searchParams.get('vsn') ?? '1.0.0';
      if (vsn !== '1.0.0' && vsn !== '2.0.0') return reject(socket, '400 Bad Request');
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const apikey = url.searchParams.get('apikey') ?? header('x-api-key') ?? header('apikey') ?? '';
      verifyJwt(apikey, config.jwtSecret).then(
        () => wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, vsn, apikey)),
        () => reject(socket, '403 Forbidden'),
      );
    },
    async close() {
      closed = true;
      for (const conn of connections) {
        for (const ch of conn.channels.values()) if (ch.timer) clearTimeout(ch.timer);
        conn.ws.terminate();
      }
      connections.clear();
      await ready.catch(() => undefined);
      if (unlisten) await unlisten().catch(() => undefined);
      await delivery.drain();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

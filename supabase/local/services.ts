// The four services of the local stack, built from the stack's database, config and mailbox.
// A service whose factory throws is left out (its routes answer 503) and named in the log, so
// one broken service does not take the others down.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createAuthHandler } from './auth/handler.ts';
import type { StackConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { createFunctionsHandler } from './functions/handler.ts';
import type { Mailbox } from './mailbox.ts';
import { createRealtime } from './realtime/server.ts';
import { createRestHandler } from './rest/handler.ts';

/** (req, path) with path = the raw URL path after the service prefix ('/' at least), no query. */
export type ServiceHandler = (req: Request, path: string) => Promise<Response>;
/** (req, name) with name = the function's slug from /functions/v1/<name>. */
export type FunctionsHandler = (req: Request, name: string) => Promise<Response>;
export interface RealtimeService {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export interface Services {
  auth: ServiceHandler | null;
  rest: ServiceHandler | null;
  functions: FunctionsHandler | null;
  realtime: RealtimeService | null;
}

export type ServiceName = keyof Services;

export interface ServiceDeps {
  db: Db;
  config: StackConfig;
  mailbox: Mailbox;
}

function build<T>(name: ServiceName, log: (line: string) => void, factory: () => T): T | null {
  try {
    return factory();
  } catch (error) {
    log(`${name}: not available (${(error as Error)?.stack ?? String(error)}); its routes answer 503`);
    return null;
  }
}

export function buildServices(deps: ServiceDeps, log: (line: string) => void): Services {
  const { db, config, mailbox } = deps;
  return {
    auth: build('auth', log, () => createAuthHandler({ db, config, mailbox, log })),
    rest: build('rest', log, () => createRestHandler({ db, config })),
    functions: build('functions', log, () => createFunctionsHandler({ db, config, mailbox })),
    realtime: build('realtime', log, () => createRealtime({ db, config })),
  };
}

/** Which services run (for /health and the start banner). */
export function serviceStatus(services: Services): Record<ServiceName, boolean> {
  return { auth: !!services.auth, rest: !!services.rest, functions: !!services.functions, realtime: !!services.realtime };
}

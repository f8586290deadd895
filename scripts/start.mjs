#!/usr/bin/env node
// `npm start`: the local Supabase stack, then the Vite dev server pointed at it; Ctrl-C (or
// either one ending) stops both.
//
// It never attaches to somebody else's stack or app. It used to poll the stack's port for
// /health, so with another stack already on 54321 it took that one's answer for its own, and
// Vite moved to 5174 pointing at it, silently. Now:
// - the app's port is tried first (APP_PORT, default 5173): busy -> a clear refusal, nothing started;
// - the stack (a child process with an IPC channel) listens before it opens its database and
//   says `stack-ready` over that channel — a message no other process can send; a busy port
//   (SUPABASE_PORT) ends it with the port named, and this script with it;
// - Vite runs in this process with strictPort on exactly APP_PORT: busy -> refusal, stack stopped.
// The child also stops by itself when this process ends in any way (its IPC channel closes).
import { spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** vite.config.ts serves the app there */
const APP_HOST = '127.0.0.1';
const STOP_GRACE_MS = 10_000;

const say = (line) => console.log(`[npm start] ${line}`);
const complain = (line) => console.error(`[npm start] ${line}`);

/** Whether host:port can be listened on right now (closed again at once). */
function portFree(host, port) {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

const appPortBusy = (port) =>
  `Port ${port} on ${APP_HOST} (the app) is in use by another program (another \`npm start\` or Vite?). ` +
  `Stop it, or choose another port for the app: APP_PORT=<port> npm start (and SUPABASE_PORT=<port> for the stack).`;

const rawAppPort = process.env.APP_PORT ?? '5173';
const appPort = Number(rawAppPort);
if (!/^\d+$/.test(rawAppPort) || appPort > 65535) {
  complain(`APP_PORT=${rawAppPort} is not a port number.`);
  process.exit(1);
}
if (appPort !== 0 && !(await portFree(APP_HOST, appPort))) {
  complain(`${appPortBusy(appPort)} Nothing was started.`);
  process.exit(1);
}

let stack = null;
let vite = null;
let stopping = null;

/** Vite first, then the stack (asked through its channel, killed after STOP_GRACE_MS). */
function stopAll(code) {
  stopping ??= (async () => {
    await vite?.close().catch(() => {});
    if (stack && stack.exitCode === null && stack.signalCode === null) {
      const exited = new Promise((resolve) => stack.once('exit', resolve));
      if (stack.connected) stack.disconnect();
      const timer = setTimeout(() => stack.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    process.exit(code);
  })();
  return stopping;
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

// the stack's links in mails lead to the app: to its port when that is not the default
const siteUrl = process.env.SITE_URL ?? (process.env.APP_PORT && appPort !== 0 ? `http://${APP_HOST}:${appPort}` : undefined);
stack = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'], {
  cwd: ROOT,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, ...(siteUrl ? { SITE_URL: siteUrl } : {}) },
});
const ready = await new Promise((resolve) => {
  stack.on('message', (message) => {
    if (message?.type === 'stack-ready' && message.pid === stack.pid) resolve(message);
  });
  stack.once('exit', () => resolve(null));
});
if (!ready) {
  if (!stopping) complain(`The local stack did not start (exit code ${stack.exitCode ?? stack.signalCode}); its reason is above. Nothing else was started.`);
  await stopAll(stack.exitCode || 1);
}
stack.once('exit', (code) => {
  if (stopping) return;
  complain(`The local stack ended (exit code ${code}); stopping the app.`);
  void stopAll(code || 1);
});

// an explicit VITE_SUPABASE_URL points the app elsewhere on purpose; otherwise: at this stack
process.env.VITE_SUPABASE_URL ??= ready.url;
process.env.VITE_SUPABASE_ANON_KEY ??= ready.anonKey;
const { createServer } = await import('vite');
try {
  vite = await createServer({ root: ROOT, server: { host: APP_HOST, port: appPort, strictPort: true } });
  await vite.listen();
} catch (error) {
  const busy = /already in use/.test(String(error?.message));
  complain(busy ? `${appPortBusy(appPort)} The stack is stopped again.` : `The app did not start: ${error?.stack ?? error}`);
  await stopAll(1);
}
if (!stopping) {
  const appUrl = vite.resolvedUrls?.local[0] ?? `http://${APP_HOST}:${vite.config.server.port}/`;
  say('ready');
  say(`  app:     ${appUrl}`);
  say(`  API:     ${process.env.VITE_SUPABASE_URL}${process.env.VITE_SUPABASE_URL === ready.url ? ` (the local stack, pid ${ready.pid})` : ` (VITE_SUPABASE_URL; the local stack is ${ready.url})`}`);
  say(`  mailbox: ${ready.url}/mailbox`);
  say('Ctrl-C stops both.');
  vite.bindCLIShortcuts({ print: false });
}

// `npm start` (scripts/start.mjs) never attaches to somebody else's stack or app. Found: with
// another process on 54321 and 5173 the script took the foreign stack's /health answer for its
// own, and Vite moved to 5174 pointing at it, silently. Real processes on ports of their own:
// a foreign server that answers like a healthy stack on the stack's port, then one on the app's
// port, each must end the script with the port named and nothing reported ready; on free ports
// both start, the addresses are printed, and Ctrl-C leaves nothing running.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { closeServer, freePorts, killAll, start } from './processes.ts';

const READY = /\[npm start\] ready/;
const foreign: Server[] = [];

afterAll(async () => {
  await killAll();
  await Promise.all(foreign.map(closeServer));
});

/** Somebody else's server that answers every request as a healthy stack (and app) would. */
async function foreignServer(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 'ok', database: 'pglite', services: { auth: true, rest: true, functions: true, realtime: true } }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  foreign.push(server);
  return server;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const npmStart = (stackPort: number, appPort: number) =>
  start(['scripts/start.mjs'], {
    SUPABASE_PORT: String(stackPort),
    APP_PORT: String(appPort),
    PGLITE_DATA_DIR: 'memory',
    SEED: 'false',
    DATABASE_URL: undefined,
    SITE_URL: undefined,
    VITE_SUPABASE_URL: undefined,
    VITE_SUPABASE_ANON_KEY: undefined,
  });

describe('npm start', () => {
  it("refuses a foreign server on the stack's port: the port named, SUPABASE_PORT suggested, non-zero exit, nothing ready", async () => {
    const [stackPort, appPort] = (await freePorts(2)) as [number, number];
    await foreignServer(stackPort);
    const run = npmStart(stackPort, appPort);
    expect(await run.exited, run.output()).not.toBe(0);
    expect(run.output()).toContain(`Port ${stackPort} on 127.0.0.1 is in use`);
    expect(run.output()).toContain('SUPABASE_PORT=');
    expect(run.output()).toContain('[npm start] The local stack did not start');
    expect(run.output()).not.toMatch(READY);
    expect(await listening(appPort), 'the app was not started').toBe(false);
  }, 120_000);

  it("refuses a foreign server on the app's port: the port named, APP_PORT suggested, non-zero exit, nothing started", async () => {
    const [stackPort, appPort] = (await freePorts(2)) as [number, number];
    await foreignServer(appPort);
    const run = npmStart(stackPort, appPort);
    expect(await run.exited, run.output()).not.toBe(0);
    expect(run.output()).toContain(`Port ${appPort} on 127.0.0.1 (the app) is in use`);
    expect(run.output()).toContain('APP_PORT=');
    expect(run.output()).not.toMatch(READY);
    expect(await listening(stackPort), 'the stack was not started').toBe(false);
  }, 120_000);

  it('starts both on free ports, prints their addresses, points the app at its own stack, and stops both on Ctrl-C', async () => {
    const [stackPort, appPort] = (await freePorts(2)) as [number, number];
    const run = npmStart(stackPort, appPort);
    expect(await run.waitFor(/Ctrl-C stops both/, 180_000), run.output()).toBe(true);
    const stackUrl = `http://127.0.0.1:${stackPort}`;
    expect(run.output()).toContain(`[npm start]   app:     http://127.0.0.1:${appPort}/`);
    expect(run.output()).toMatch(new RegExp(`\\[npm start\\]   API:     ${stackUrl} \\(the local stack, pid \\d+\\)`));
    const stackPid = Number(/the local stack, pid (\d+)/.exec(run.output())![1]);

    expect((await fetch(`${stackUrl}/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${appPort}/`)).status).toBe(200);
    // the app's build-time settings name this stack
    const env = await (await fetch(`http://127.0.0.1:${appPort}/src/data/build-env.ts`)).text();
    expect(env).toContain(stackUrl);

    run.process.kill('SIGINT');
    expect(await run.exited, run.output()).toBe(0);
    expect(await listening(stackPort), 'the stack is stopped').toBe(false);
    expect(await listening(appPort), 'the app is stopped').toBe(false);
    expect(() => process.kill(stackPid, 0), 'the stack process is gone').toThrow();
  }, 240_000);
});

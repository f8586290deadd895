// A Chromium for measuring a page without Playwright in it. Playwright enables its DevTools
// domains (Network, Runtime, Page) on every page of its browsers; with them on, the browser
// records script stacks (the stack that started each request among them), and for a stack in a
// bundled module's top-level code V8 parses the whole script again to know its source
// positions. Traces of this app's start showed two such parses of the entry while it was
// evaluated, about 50 ms each at 4× CPU slowdown; none of it happens on a phone.
// So the benchmark starts its own Chromium, lets Playwright set the app up over CDP, disconnects
// it, and drives the measured pages with a few bare DevTools commands.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

export interface BareChromium {
  /** the browser's DevTools endpoint (for Playwright's connectOverCDP and for BareCdp) */
  wsEndpoint: string;
  /** the browser's process */
  pid: number;
  close(): Promise<void>;
}

/**
 * The browsers of this process that are not closed yet. A benchmark that runs over its time is
 * abandoned by Playwright, its `finally` never runs: its browser outlived the worker and sat idle
 * beside the next figures (docs/performance.md). The worker's exit takes them along.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts Chromium headless with its own profile and a DevTools port, with the flags of the end-to-end runs. */
export async function launchBareChromium(executablePath: string, args: readonly string[]): Promise<BareChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'bare-chromium-'));
  const child: ChildProcess = spawn(executablePath, ['--headless', `--user-data-dir=${profile}`, '--remote-debugging-port=0', ...args, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const wsEndpoint = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools endpoint: ${seen}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/u.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium ended (${code}): ${seen}`)));
  });
  return {
    wsEndpoint,
    pid: child.pid ?? -1,
    async close() {
      // Browser.close ends the helper processes too before the browser exits (a signal to the
      // browser alone left them writing into the profile while it was removed)
      const ended = new Promise((resolve) => child.once('exit', resolve));
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      // its answer may not arrive before the connection goes: the exit is what is waited for
      await BareCdp.connect(wsEndpoint)
        .then((cdp) => void cdp.send('Browser.close').catch(() => undefined))
        .catch(() => child.kill());
      await ended;
      clearTimeout(killer);
      // a helper killed late may still write into the profile for a moment: a temporary folder
      // left behind is the operating system's to clear, not a reason to fail a measurement
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch (error) {
        console.warn(`the Chromium profile ${profile} stays: ${String(error)}`);
      }
    },
  };
}

type Params = Record<string, unknown>;

/** The DevTools protocol over one WebSocket, with flat sessions (`sessionId` on each message). */
export class BareCdp {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (result: Params) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Array<(params: Params, sessionId?: string) => void>>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { id?: number; result?: Params; error?: { message: string }; method?: string; params?: Params; sessionId?: string };
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of this.listeners.get(message.method) ?? []) listener(message.params ?? {}, message.sessionId);
      }
    });
  }

  static async connect(wsEndpoint: string): Promise<BareCdp> {
    const socket = new WebSocket(wsEndpoint, { perMessageDeflate: false });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new BareCdp(socket);
  }

  send<T = Params>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (result) => resolve(result as T), reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  on(method: string, listener: (params: Params, sessionId?: string) => void): void {
    this.listeners.set(method, [...(this.listeners.get(method) ?? []), listener]);
  }

  close(): void {
    this.socket.close();
  }
}

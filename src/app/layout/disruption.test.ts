// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { disruptionMayLoad, disruptionText, fetchDisruption } from './disruption';

// The pharmacy's site is outside the project: its answers are stubbed here (spec §7 "Other").
const stubFetch = (impl: () => Promise<Response>) => vi.spyOn(globalThis, 'fetch').mockImplementation(impl);

describe('disruptionText', () => {
  it('reads a WordPress post, a list of posts or plain text, and keeps text only', () => {
    expect(disruptionText({ content: { rendered: '<p>Heute <b>keine</b> Lieferungen</p>' } })).toBe('Heute keine Lieferungen');
    expect(disruptionText([{ title: { rendered: 'Störung' }, content: { rendered: '<p>Text</p>' } }])).toBe('Text');
    expect(disruptionText('<script>alert(1)</script>Wartung')).toBe('Wartung');
    expect(disruptionText([])).toBeNull();
    expect(disruptionText({ content: { rendered: '  ' } })).toBeNull();
  });
});

describe('fetchDisruption', () => {
  afterEach(() => vi.restoreAllMocks());
  const signal = new AbortController().signal;

  // spec §2 "It is shown only when the fetch answers 200"
  it('returns the text on 200, with the language in the URL', async () => {
    const spy = stubFetch(async () => Response.json({ content: { rendered: '<p>Panne</p>' } }));
    expect(await fetchDisruption('https://x.test/post?lang={lang}', 'fr', signal)).toBe('Panne');
    expect(String(spy.mock.calls[0]?.[0])).toBe('https://x.test/post?lang=fr');
  });

  it.each([204, 404, 500])('returns nothing on %i', async (status) => {
    stubFetch(async () => new Response(status === 204 ? null : 'x', { status }));
    expect(await fetchDisruption('https://x.test', 'de', signal)).toBeNull();
  });

  it('never throws when the network fails', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchDisruption('https://x.test', 'de', signal)).resolves.toBeNull();
  });

  it('does not ask the network when offline or disabled', async () => {
    const spy = stubFetch(async () => Response.json({}));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await fetchDisruption('https://x.test', 'de', signal)).toBeNull();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(await fetchDisruption('', 'de', signal)).toBeNull();
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('disruptionMayLoad', () => {
  const now = (run: () => void) => run();
  const worker = () => {
    const target = new EventTarget();
    return Object.assign(target, { controller: null as ServiceWorker | null });
  };

  it('after the first paint (when idle); at once after it without a worker to wait for', async () => {
    let idle: () => void = () => {};
    const loading = disruptionMayLoad({ workerExpected: false, idle: (run) => (idle = run) });
    let settled = false;
    void loading.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    idle();
    await loading;
    await expect(disruptionMayLoad({ workerExpected: true, container: undefined, idle: now })).resolves.toBeUndefined();
    const controlled = Object.assign(worker(), { controller: {} as ServiceWorker });
    await expect(disruptionMayLoad({ workerExpected: true, container: controlled, idle: now })).resolves.toBeUndefined();
  });

  it('a first visit waits for the worker to take over the page, at the latest maxWaitMs', async () => {
    vi.useFakeTimers();
    try {
      const container = worker();
      let settled = false;
      void disruptionMayLoad({ workerExpected: true, container, idle: now, maxWaitMs: 6000 }).then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(1000);
      expect(settled).toBe(false);
      container.dispatchEvent(new Event('controllerchange'));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(true);

      let late = false;
      void disruptionMayLoad({ workerExpected: true, container: worker(), idle: now, maxWaitMs: 6000 }).then(() => (late = true));
      await vi.advanceTimersByTimeAsync(5999);
      expect(late).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(late).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a worker still installing after maxWaitMs (a slow line, a busy machine) is waited for until it takes over or fails, at most installCapMs', async () => {
    vi.useFakeTimers();
    try {
      const installingWorker = () => Object.assign(new EventTarget(), { state: 'installing' as ServiceWorkerState }) as unknown as ServiceWorker;
      const withInstalling = (installing: ServiceWorker | null) => Object.assign(worker(), { getRegistration: async () => ({ installing }) });
      const start = (container: ReturnType<typeof withInstalling>) => {
        const state = { settled: false };
        void disruptionMayLoad({ workerExpected: true, container, idle: now, maxWaitMs: 6000, installCapMs: 60_000 }).then(() => (state.settled = true));
        return state;
      };

      // takes over at 20 s: the post is asked for then, through the worker
      const slow = withInstalling(installingWorker());
      const takesOver = start(slow);
      await vi.advanceTimersByTimeAsync(19_000);
      expect(takesOver.settled).toBe(false);
      slow.dispatchEvent(new Event('controllerchange'));
      await vi.advanceTimersByTimeAsync(0);
      expect(takesOver.settled).toBe(true);

      // its install fails: no takeover will come, the post is asked for at once
      const failing = installingWorker();
      const fails = start(withInstalling(failing));
      await vi.advanceTimersByTimeAsync(8000);
      expect(fails.settled).toBe(false);
      Object.assign(failing, { state: 'redundant' });
      failing.dispatchEvent(new Event('statechange'));
      await vi.advanceTimersByTimeAsync(0);
      expect(fails.settled).toBe(true);

      // an install that never ends holds the banner back installCapMs at most
      const stuck = start(withInstalling(installingWorker()));
      await vi.advanceTimersByTimeAsync(59_999);
      expect(stuck.settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(stuck.settled).toBe(true);

      // no worker on the way (a hard reload leaves the page uncontrolled): after maxWaitMs
      const none = start(withInstalling(null));
      await vi.advanceTimersByTimeAsync(6000);
      expect(none.settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

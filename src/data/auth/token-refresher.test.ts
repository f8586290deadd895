import { describe, expect, it, vi } from 'vitest';
import { LEAD_MAX_MS, refreshAt, RETRY_MS, startTokenRefresher } from './token-refresher';

type Listener = (event: string) => void;

function harness(session: { expires_at: number; expires_in: number } | null, online = true) {
  let clock = 1_000_000;
  let listener: Listener = () => {};
  const due: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const timers = {
    setTimeout: (fn: () => void, ms: number) => (due.push({ at: clock + ms, fn, id: ++ids }), ids),
    clearTimeout: (id: never) => void due.splice(due.findIndex((d) => d.id === (id as unknown as number)) >>> 0, 1),
  };
  let stored = session;
  let refreshes = 0;
  const renewed = () => (refreshFails ? null : { expires_at: Math.floor(clock / 1000) + 30 });
  const auth = {
    refreshSession: vi.fn(async () => (refreshes++, { data: { session: renewed() }, error: refreshFails ? new Error('down') : null })),
    // within supabase-js' 90 s margin its getSession() is the refresh
    getSession: vi.fn(async () => (refreshes++, { data: { session: renewed() }, error: null })),
    onAuthStateChange: vi.fn((l: Listener) => ((listener = l), { data: { subscription: { unsubscribe: vi.fn() } } })),
  };
  let isOnline = online;
  let refreshFails = false;
  const refresher = startTokenRefresher({ auth: auth as never, stored: () => stored, online: () => isOnline, now: () => clock, timers });
  /** Runs every timer due until `to`. */
  const advance = async (ms: number) => {
    const to = clock + ms;
    for (;;) {
      due.sort((a, b) => a.at - b.at);
      const next = due[0];
      if (!next || next.at > to) break;
      due.shift();
      clock = next.at;
      next.fn();
      await Promise.resolve();
    }
    clock = to;
  };
  return {
    refreshes: () => refreshes,
    auth,
    refresher,
    advance,
    now: () => clock,
    emit: (e: string) => listener(e),
    setStored: (s: typeof session) => (stored = s),
    setOnline: (o: boolean) => (isOnline = o),
    failNext: () => (refreshFails = true),
  };
}

describe('refreshAt', () => {
  it('a quarter of the lifetime before expiry, at most five minutes', () => {
    expect(refreshAt({ expires_at: 1000, expires_in: 30 })).toBe(1_000_000 - 7_500);
    expect(refreshAt({ expires_at: 10_000, expires_in: 3600 })).toBe(10_000_000 - LEAD_MAX_MS);
  });
});

describe('token refresher', () => {
  // "One refresh per token lifetime at most, whatever the lifetime"
  it('refreshes each token once, a quarter of its lifetime before it expires', async () => {
    const h = harness({ expires_at: 1_000 + 30, expires_in: 30 });
    await h.advance(22_000);
    expect(h.refreshes()).toBe(0);
    await h.advance(1_000);
    expect(h.refreshes()).toBe(1);
    // the new token arrives: the next refresh is planned for it, none before
    h.setStored({ expires_at: Math.floor(h.now() / 1000) + 30, expires_in: 30 });
    h.emit('TOKEN_REFRESHED');
    await h.advance(20_000);
    expect(h.refreshes()).toBe(1);
    await h.advance(5_000);
    expect(h.refreshes()).toBe(2);
  });

  it('offline nothing is refreshed; poke (back online) refreshes a due token at once', async () => {
    const h = harness({ expires_at: 1_000 + 30, expires_in: 30 }, false);
    await h.advance(60_000);
    expect(h.refreshes()).toBe(0);
    h.setOnline(true);
    h.refresher.poke();
    await Promise.resolve();
    expect(h.refreshes()).toBe(1);
  });

  it('a failed refresh is tried again after a while', async () => {
    const h = harness({ expires_at: 1_000 + 30, expires_in: 30 });
    h.failNext();
    await h.advance(23_000);
    expect(h.refreshes()).toBe(1);
    await h.advance(RETRY_MS);
    expect(h.refreshes()).toBe(2);
  });

  it('stopped: nothing more', async () => {
    const h = harness({ expires_at: 1_000 + 30, expires_in: 30 });
    h.refresher.stop();
    await h.advance(60_000);
    expect(h.refreshes()).toBe(0);
  });
});

// Test support (imported by tests only): a stand-in for the lazily loaded data layer the shell
// works with (session-context.ts SessionBackend), its stores set by the test.
import { vi } from 'vitest';
import type { AuthState } from '../data/auth/auth-state';
import { IDLE_SUMMARY, type PatientSummary, type PullFailure } from '../data/session/summary';
import { createOutboxViewStore } from '../data/sync/outbox-view';
import { createSyncState } from '../data/sync/sync-state';
import { createStore } from '../lib/store';
import type { SessionBackend } from './session-context';

export function fakeBackend(auth: AuthState) {
  const sessionStore = createStore(auth);
  const summaries = createStore<PatientSummary>(IDLE_SUMMARY);
  let report: (f: PullFailure) => void = () => {};
  const appSession = {
    start: vi.fn(),
    summary: summaries,
    onPullFailure: (listener: (f: PullFailure) => void) => ((report = listener), () => {}),
    signOut: vi.fn(async () => ({ ok: true as const, value: 'server' as const })),
    syncState: createSyncState(),
    outboxView: createOutboxViewStore(),
    discard: vi.fn(async () => {}),
    retry: vi.fn(async () => {}),
    unsentChanges: vi.fn(async () => 0),
  } satisfies SessionBackend['appSession'];
  const startAccountLanguage = vi.fn(() => () => {});
  const backend: SessionBackend = { sessionStore, appSession, startAccountLanguage };
  return { backend, sessionStore, summaries, appSession, report: (f: PullFailure) => report(f) };
}

// @vitest-environment happy-dom
// The sync in the shell (docs/architecture.md, 4 Sync state and 5 Sign-out; spec §8 lost realtime
// connection, save errors): notice, pending marker, refused changes, sign-out warning.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_STATE } from '../../data/auth/auth-state';
import { IDLE_SUMMARY } from '../../data/session/summary';
import { createOutboxViewStore } from '../../data/sync/outbox-view';
import { createSyncState, SYNC_DEBOUNCE_MS } from '../../data/sync/sync-state';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { TestProviders } from '../../i18n/test-providers';
import { NavBar } from '../layout/nav-bar';
import { SIGNED_OUT, type SessionView } from '../guards';
import { BackendContext, SessionContext, type SessionBackend } from '../session-context';
import { entryLabels } from '../../data/outbox/kinds';
import { reasonTexts } from '../../domain/reason-text';
import { holdScreen } from '../../lib/screen-shown';
import { nextSlice } from '../../ui/all-slices';
import { SyncShell } from './sync-shell';
import { DELIVERED_SHOWN_MS, PENDING_QUIET_MS } from './sync-status';

/** The data layer's stores as the shell reads them, driven by the test. */
function fakeBackend(unsent = 0) {
  const syncState = createSyncState({ online: true, timers: globalThis as never });
  const outboxView = createOutboxViewStore();
  const appSession = {
    start: vi.fn(),
    summary: { get: () => IDLE_SUMMARY, subscribe: () => () => {} },
    onPullFailure: () => () => {},
    signOut: vi.fn(async () => ({ ok: true as const, value: 'server' as const })),
    syncState,
    outboxView,
    discard: vi.fn(async () => {}),
    retry: vi.fn(async () => {}),
    unsentChanges: vi.fn(async () => unsent),
  } satisfies SessionBackend['appSession'];
  const backend: SessionBackend = { sessionStore: { get: () => SIGNED_OUT_STATE, subscribe: () => () => {} }, appSession, startAccountLanguage: () => () => {} };
  return { backend, syncState, outboxView, appSession };
}

const SIGNED_IN = { ...SIGNED_OUT, status: 'signedIn' as const, hasPrescriptions: true };

/** Renders the shell; its lazily loaded status is on its way. */
function renderShellNow({ backend }: ReturnType<typeof fakeBackend>, signOut = vi.fn(), lang: 'de' | 'fr' = 'de', session: SessionView = SIGNED_IN) {
  render(
    <TestProviders lang={lang}>
      <BackendContext.Provider value={backend}>
        <SessionContext.Provider value={{ session, signOut }}>
          <SyncShell>
            <NavBar />
          </SyncShell>
        </SessionContext.Provider>
      </BackendContext.Provider>
    </TestProviders>,
  );
}

/** Renders the shell and waits for its lazily loaded status (asked for once the screen is painted: lib/screen-shown.ts). */
async function renderShell(backend: ReturnType<typeof fakeBackend>, signOut = vi.fn(), lang: 'de' | 'fr' = 'de', session: SessionView = SIGNED_IN) {
  renderShellNow(backend, signOut, lang, session);
  await nextSlice();
  await act(async () => {
    await import('./sync-status');
  });
  return signOut;
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('lost connection (spec §8)', () => {
  it('shows after the debounce when offline, asks to restore and reload, and goes when back', async () => {
    const backend = fakeBackend();
    await renderShell(backend);
    act(() => backend.syncState.setOnline(false));
    expect(screen.queryByText(de['sync.connection.lost'])).toBeNull();
    act(() => void vi.advanceTimersByTime(SYNC_DEBOUNCE_MS));
    expect(screen.getByText(de['sync.connection.lost'])).toBeTruthy();
    expect(screen.getByRole('button', { name: de['sync.connection.reload'] })).toBeTruthy();
    act(() => backend.syncState.setOnline(true));
    expect(screen.queryByText(de['sync.connection.lost'])).toBeNull();
  });

  // issue 36's CI run: the connection went while the status's code was on its way, and then no
  // file could arrive — the notice is in the shell's own code
  it('shows before the code of the status has arrived', async () => {
    const backend = fakeBackend();
    renderShellNow(backend);
    act(() => {
      backend.syncState.setOutboxCounts({ pendingCount: 1, rejectedCount: 0 });
      backend.syncState.setOnline(false);
      vi.advanceTimersByTime(SYNC_DEBOUNCE_MS);
    });
    expect(screen.getByText(de['sync.connection.lost'])).toBeTruthy();
    expect(screen.queryByText(de['sync.pending.offline'])).toBeNull(); // the status: not yet here
    await act(async () => {
      await import('./sync-status');
    });
    expect(screen.getByText(de['sync.pending.offline'])).toBeTruthy();
    expect(screen.getAllByText(de['sync.connection.lost'])).toHaveLength(1);
  });

  it('shows when realtime is down while signed in (French)', async () => {
    const backend = fakeBackend();
    await renderShell(backend, vi.fn(), 'fr');
    act(() => {
      backend.syncState.setRealtimeConnected(true);
      backend.syncState.setRealtimeConnected(false);
      vi.advanceTimersByTime(SYNC_DEBOUNCE_MS);
    });
    expect(screen.getByText(fr['sync.connection.lost'])).toBeTruthy();
  });

  // issue 36's runs under load: realtime's first join after the start may take seconds on a slow
  // phone — no "no connection" that comes and goes (and moves the page) meanwhile; but a first
  // join that fails (offline, where the browser may still say online) is a loss like any other
  it('a first join under way is no loss; a failed one is, after the debounce', async () => {
    const backend = fakeBackend();
    await renderShell(backend);
    act(() => {
      backend.syncState.setRealtimeConnected(null);
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.queryByText(de['sync.connection.lost'])).toBeNull();
    act(() => {
      backend.syncState.setRealtimeConnected(false);
      vi.advanceTimersByTime(SYNC_DEBOUNCE_MS - 100);
    });
    expect(screen.queryByText(de['sync.connection.lost'])).toBeNull();
    act(() => void vi.advanceTimersByTime(100));
    expect(screen.getByText(de['sync.connection.lost'])).toBeTruthy();
    act(() => backend.syncState.setRealtimeConnected(true));
    expect(screen.queryByText(de['sync.connection.lost'])).toBeNull();
  });

  // issue 38 item 5: a change marked offline, the page reloaded offline: the browser may say it
  // is online (navigator.onLine is a guess), but the sends find no server
  it.each([
    ['de', de],
    ['fr', fr],
  ] as const)('%s: the sends reach no server though the browser says online: no connection, sent once it is back', async (lang, t) => {
    const backend = fakeBackend();
    await renderShell(backend, vi.fn(), lang);
    act(() => {
      backend.syncState.setOutboxCounts({ pendingCount: 1, rejectedCount: 0 });
      backend.syncState.setReplay({ lastError: { code: 'network', message: 'Failed to fetch', status: 0 }, lastSyncAt: null, nextAttemptAt: Date.now() + 30_000, paused: null });
    });
    expect(screen.getByText(t['sync.connection.lost'])).toBeTruthy();
    expect(screen.getByText(t['sync.pending.offline'])).toBeTruthy();
    expect(screen.queryByText(new RegExp(t['sync.pending.retry'].slice(0, 20)))).toBeNull();
    // an answer came: the notice goes
    act(() => backend.syncState.setReplay({ lastError: null, lastSyncAt: Date.now(), nextAttemptAt: null, paused: null }));
    expect(screen.queryByText(t['sync.connection.lost'])).toBeNull();
  });

  it('signed out: nothing of it', async () => {
    const backend = fakeBackend();
    await renderShell(backend, vi.fn(), 'de', SIGNED_OUT);
    act(() => {
      backend.syncState.setOnline(false);
      vi.advanceTimersByTime(SYNC_DEBOUNCE_MS);
    });
    expect(screen.queryByText(de['sync.connection.lost'])).toBeNull();
  });
});

describe('pending changes and refused ones', () => {
  // decision 0062: the status's code brings the mirror's (Dexie); asked for while the screen still
  // adds its parts, it arrived before the screen's largest text
  it("the status comes once the screen's parts are all shown", async () => {
    const backend = fakeBackend();
    act(() => backend.syncState.setOutboxCounts({ pendingCount: 2, rejectedCount: 0 }));
    const release = holdScreen();
    renderShellNow(backend);
    for (let frame = 0; frame < 3; frame++) await nextSlice();
    act(() => void vi.advanceTimersByTime(PENDING_QUIET_MS));
    expect(screen.queryByText('2 Änderungen warten auf das Senden')).toBeNull();
    act(release);
    await nextSlice();
    await act(async () => {
      await import('./sync-status');
    });
    act(() => void vi.advanceTimersByTime(PENDING_QUIET_MS));
    expect(screen.getByText('2 Änderungen warten auf das Senden')).toBeTruthy();
  });

  it('says how many changes wait, and asks to sign in again while the replay waits for it', async () => {
    const backend = fakeBackend();
    await renderShell(backend);
    act(() => backend.syncState.setOutboxCounts({ pendingCount: 2, rejectedCount: 0 }));
    // being sent, nothing in the way: said once they have been on their way a while
    expect(screen.queryByText('2 Änderungen warten auf das Senden')).toBeNull();
    act(() => void vi.advanceTimersByTime(PENDING_QUIET_MS));
    expect(screen.getByText('2 Änderungen warten auf das Senden')).toBeTruthy();
    act(() => backend.syncState.setReplay({ lastError: null, lastSyncAt: null, nextAttemptAt: null, paused: 'sessionExpired' }));
    expect(screen.getByText(de['sync.paused'])).toBeTruthy();
    act(() => backend.syncState.setOutboxCounts({ pendingCount: 0, rejectedCount: 0 }));
    expect(screen.queryByText(/warten auf das Senden/)).toBeNull();
  });

  // issue 40: a change that reaches the server at once is saved quietly — no marker that comes
  // and goes with every tap, so a screen reader hears neither "waits" nor "arrived"
  it('a change sent at once: neither waiting nor arrived is said', async () => {
    const backend = fakeBackend();
    await renderShell(backend);
    act(() => backend.syncState.setOutboxCounts({ pendingCount: 1, rejectedCount: 0 }));
    act(() => void vi.advanceTimersByTime(PENDING_QUIET_MS - 100));
    act(() => {
      backend.syncState.setReplay({ lastError: null, lastSyncAt: Date.now(), nextAttemptAt: null, paused: null });
      backend.syncState.setOutboxCounts({ pendingCount: 0, rejectedCount: 0 });
    });
    expect(screen.queryByText(/warten auf das Senden|wartet auf das Senden/)).toBeNull();
    expect(screen.queryByText(de['sync.delivered'])).toBeNull();
    // the next change again from nothing: the quiet time starts anew
    act(() => backend.syncState.setOutboxCounts({ pendingCount: 1, rejectedCount: 0 }));
    act(() => void vi.advanceTimersByTime(PENDING_QUIET_MS - 100));
    expect(screen.queryByText('1 Änderung wartet auf das Senden')).toBeNull();
    act(() => void vi.advanceTimersByTime(100));
    expect(screen.getByText('1 Änderung wartet auf das Senden')).toBeTruthy();
    act(() => backend.syncState.setOutboxCounts({ pendingCount: 0, rejectedCount: 0 }));
    expect(screen.getByText(de['sync.delivered'])).toBeTruthy();
  });

  // issue 40: back online, the send in flight: why it waited stays said until it arrived, so a
  // send that finds no server again does not make the same words be announced anew
  it('keeps saying why changes wait while the app tries again', async () => {
    const backend = fakeBackend();
    await renderShell(backend);
    act(() => {
      backend.syncState.setOutboxCounts({ pendingCount: 1, rejectedCount: 0 });
      backend.syncState.setOnline(false);
    });
    act(() => void vi.advanceTimersByTime(SYNC_DEBOUNCE_MS));
    expect(screen.getByText(de['sync.pending.offline'])).toBeTruthy();
    act(() => backend.syncState.setOnline(true));
    expect(screen.getByText(de['sync.pending.offline'])).toBeTruthy();
    act(() => backend.syncState.setOutboxCounts({ pendingCount: 0, rejectedCount: 0 }));
    expect(screen.queryByText(de['sync.pending.offline'])).toBeNull();
    expect(screen.getByText(de['sync.delivered'])).toBeTruthy();
  });

  it('says why changes wait and when the next try is due; once all arrived, a quiet confirmation', async () => {
    const backend = fakeBackend();
    await renderShell(backend);
    const at = new Date('2026-11-23T14:05:00+01:00').getTime();
    act(() => {
      backend.syncState.setOutboxCounts({ pendingCount: 1, rejectedCount: 0 });
      backend.syncState.setReplay({ lastError: { code: 'server', message: '' }, lastSyncAt: null, nextAttemptAt: at, paused: null });
    });
    expect(screen.getByText(/nächster Versuch um \d{2}:05/)).toBeTruthy();
    act(() => backend.syncState.setOnline(false));
    act(() => void vi.advanceTimersByTime(SYNC_DEBOUNCE_MS));
    expect(screen.getByText(de['sync.pending.offline'])).toBeTruthy();
    act(() => {
      backend.syncState.setOnline(true);
      backend.syncState.setReplay({ lastError: null, lastSyncAt: at, nextAttemptAt: null, paused: null });
      backend.syncState.setOutboxCounts({ pendingCount: 0, rejectedCount: 0 });
    });
    expect(screen.getByText(de['sync.delivered'])).toBeTruthy();
    act(() => void vi.advanceTimersByTime(DELIVERED_SHOWN_MS));
    expect(screen.queryByText(de['sync.delivered'])).toBeNull();
  });

  it('lists each refused change with what to correct; discard and retry are labelled and call the data layer', async () => {
    const backend = fakeBackend();
    await renderShell(backend);
    act(() =>
      backend.outboxView.set({
        pendingCount: 0,
        rejected: [
          { id: 'e1', label: 'sync.kind.customer', reason: 'sync.reason.personalDataLocked', code: 'personal_data_locked', status: 403, createdAt: 1 },
          { id: 'e2', label: 'sync.kind.order', reason: 'sync.reason.notPrescribed', code: 'not_prescribed', status: 422, createdAt: 2 },
        ],
      }),
    );
    expect(screen.getByRole('heading', { name: '2 Änderungen wurden nicht gespeichert' })).toBeTruthy();
    expect(screen.getByText(de['sync.reason.personalDataLocked'])).toBeTruthy();
    expect(screen.getByText(de['sync.reason.notPrescribed'])).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Persönliche Angaben verwerfen' }));
    expect(backend.appSession.discard).toHaveBeenCalledWith('e1');
    fireEvent.click(screen.getByRole('button', { name: 'Bestellung erneut senden' }));
    expect(backend.appSession.retry).toHaveBeenCalledWith('e2');
  });

  it('every label of a synced table or call, and every reason, has its text in both languages', () => {
    for (const id of [...entryLabels(), ...reasonTexts()]) {
      expect(de).toHaveProperty([id]);
      expect(fr).toHaveProperty([id]);
    }
  });
});

describe('sign-out warning (docs/architecture.md, 5 Sign-out)', () => {
  it('without unsent changes signs out at once', async () => {
    const signOut = await renderShell(fakeBackend(0));
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledOnce());
  });

  it('with unsent changes asks first; "stay signed in" keeps the session, "sign out anyway" signs out', async () => {
    const signOut = await renderShell(fakeBackend(3));
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Nicht gesendete Änderungen' });
    expect(dialog.textContent).toContain('3 Änderungen wurden noch nicht an die Apotheke gesendet.');
    expect(document.activeElement?.textContent).toBe('Angemeldet bleiben');
    fireEvent.click(screen.getByRole('button', { name: 'Angemeldet bleiben' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(signOut).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Trotzdem abmelden' }));
    expect(signOut).toHaveBeenCalledOnce();
  });
});

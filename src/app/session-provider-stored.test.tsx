// @vitest-environment happy-dom
// A returning patient's screen before the data layer has loaded (stored-patient.ts): the
// provider shows the stored session's state and the mirror's flags while the data layer's own
// view is loading, and drops them for good once that view is known (a sign-out decided by
// the server, or the same patient's fresh flags). The mirror is a real Dexie database on
// fake-indexeddb; the data layer is a stand-in handed out by a mocked loadBackend, so
// supabase-js is never imported.
import 'fake-indexeddb/auto';
import { act, render, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_STATE, SIGNED_OUT_STATE, type AuthState } from '../data/auth/auth-state';
import { storedSessionKey } from '../data/stored-session';
import { openIdbMirror } from '../data/local/idb-reads';
import { openLocalDb } from '../data/local/local-db';
import { META } from '../data/local/mirror-schema';
import { customerFlags } from '../domain/setup-state';
import { COMPLETE_CUSTOMER, testSession } from '../data/session/test-patient';
import { useSessionView, type SessionBackend, type SessionContextValue } from './session-context';
import { SessionProvider } from './session-provider';
import { fakeBackend } from './test-backend';
import { retireStoredPatient, startStoredPatient, storedPatient } from './stored-patient';

const loadBackend = vi.hoisted(() => vi.fn());
vi.mock('./backend-demand', async (original) => ({ ...(await original<typeof import('./backend-demand')>()), loadBackend }));

const NOW = new Date('2026-11-23T09:00:00+01:00');

const SESSION = testSession();

const signedIn: AuthState = {
  ...LOADING_STATE,
  status: 'signedIn',
  user: { id: 'u1', email: 'p@example.test', language: 'de', newEmail: null },
  aal: { current: 'aal1', next: 'aal1' },
};


let name = '';

/** The returning patient's start (boot-start.ts) on a mirror that holds their pulled record. */
async function startReturningPatient() {
  name = `provider-stored-${crypto.randomUUID()}`;
  const db = openLocalDb(name);
  await db.meta.bulkPut([
    { key: META.owner, value: 'u1' },
    { key: META.pulledAt('customer'), value: 1000 },
  ]);
  await db.customers.put(COMPLETE_CUSTOMER);
  db.close();
  const storage = { getItem: (key: string) => (key === storedSessionKey() ? JSON.stringify(SESSION) : null) };
  const found = await startStoredPatient({ location: { search: '', hash: '' }, storage, open: () => openIdbMirror(indexedDB, name), now: () => NOW });
  expect(found).toBe(true);
}

async function shellAt(path: string, given?: SessionBackend) {
  const seen: SessionContextValue[] = [];
  function Probe() {
    const value = useSessionView();
    seen.push(value);
    return null;
  }
  const memory = memoryLocation({ path });
  await act(async () => {
    render(
      <Router hook={memory.hook}>
        <SessionProvider backend={given}>
          <Probe />
        </SessionProvider>
      </Router>,
    );
  });
  return { seen, now: () => seen.at(-1)! };
}

const pendingForever = () => new Promise<SessionBackend>(() => {});

describe('SessionProvider with a returning patient\'s stored state', () => {
  beforeEach(async () => {
    loadBackend.mockReset();
    await startReturningPatient();
  });

  afterEach(async () => {
    retireStoredPatient({ sameSession: false });
    await Dexie.delete(name);
  });

  it('shows the patient signed in with the mirror\'s flags before the data layer has loaded', async () => {
    loadBackend.mockReturnValue(pendingForever());
    const { seen, now } = await shellAt('/dashboard');
    const flags = customerFlags(COMPLETE_CUSTOMER, NOW);
    expect(flags).toMatchObject({ hasProfile: true, hasSetup: true, hasPrescriptions: true });
    // the very first render: no spinner in between
    expect(seen[0]?.session).toMatchObject({ status: 'signedIn', hasProfile: flags.hasProfile, hasSetup: flags.hasSetup, hasPrescriptions: flags.hasPrescriptions, onboardingStep: null, needsSecondFactor: false });
    // asked for all the same (at once, or once that screen is painted)
    await waitFor(() => expect(loadBackend).toHaveBeenCalled());
    expect(now().session.status).toBe('signedIn');
    expect(storedPatient.get()).not.toBeNull();
  });

  it('offers the sign-out from the first paint: pressed before the data layer has loaded, it signs out once it has', async () => {
    let arrive: (backend: SessionBackend) => void = () => {};
    loadBackend.mockReturnValue(new Promise<SessionBackend>((resolve) => (arrive = resolve)));
    const { seen, now } = await shellAt('/dashboard');
    expect(seen[0]?.signOut).toBeDefined();
    const { backend, appSession } = fakeBackend(signedIn);
    now().signOut?.();
    expect(appSession.signOut).not.toHaveBeenCalled();
    await act(async () => arrive(backend));
    await waitFor(() => expect(appSession.signOut).toHaveBeenCalledOnce());
  });

  it('stays while the loaded data layer still loads; a sign-out it then decides ends it for good', async () => {
    const { backend, sessionStore } = fakeBackend(LOADING_STATE);
    loadBackend.mockResolvedValue(backend);
    const { now } = await shellAt('/dashboard');
    await waitFor(() => expect(backend.appSession.start).toHaveBeenCalled());
    expect(now().session.status).toBe('signedIn');
    expect(now().signOut).toBeDefined();

    act(() => sessionStore.set(SIGNED_OUT_STATE));
    expect(now().session.status).toBe('signedOut');
    expect(storedPatient.get()).toBeNull();

    // even if the data layer were loading again, the stored state is not taken back up
    act(() => sessionStore.set(LOADING_STATE));
    expect(now().session.status).toBe('loading');
  });

  it('the same patient: the stored flags until the data layer\'s own are known, then those', async () => {
    const { backend, summaries } = fakeBackend(signedIn);
    loadBackend.mockResolvedValue(backend);
    const { now } = await shellAt('/dashboard');
    await waitFor(() => expect(backend.appSession.start).toHaveBeenCalled());
    // signed in, but no summary yet: the data layer's view is loading, the stored one stands in
    expect(now().session).toMatchObject({ status: 'signedIn', hasPrescriptions: true });
    expect(storedPatient.get()).not.toBeNull();

    const fresh = { ...customerFlags(COMPLETE_CUSTOMER, NOW), hasPrescriptions: false };
    act(() => summaries.set({ key: 'u1:aal1', status: 'ready', flags: fresh, error: null }));
    expect(now().session).toMatchObject({ status: 'signedIn', hasPrescriptions: false });
    expect(storedPatient.get()).toBeNull();
  });

  // issue 23: at a returning start the data layer's view repeats the stored one; a new context
  // value rendered the shell and the screen again (several times: auth, summary, retirement)
  it('the same patient with the same flags: the data layer takes over without a new context value', async () => {
    const { backend, summaries } = fakeBackend(signedIn);
    loadBackend.mockResolvedValue(backend);
    const { seen, now } = await shellAt('/dashboard');
    await waitFor(() => expect(backend.appSession.start).toHaveBeenCalled());
    const shown = now();
    const renders = seen.length;

    act(() => summaries.set({ key: 'u1:aal1', status: 'ready', flags: customerFlags(COMPLETE_CUSTOMER, NOW), error: null }));
    expect(storedPatient.get()).toBeNull();
    expect(now()).toBe(shown);
    expect(seen.length).toBe(renders);
  });

  // their summary is not there yet: their view is loading, and u1's flags do not stand in for one frame
  it.each([
    ['another patient signed in meanwhile (another tab)', { ...signedIn, user: { id: 'u2', email: 'q@example.test', language: 'de', newEmail: null } } satisfies AuthState],
    ['the same user at another assurance level (the second factor confirmed meanwhile)', { ...signedIn, aal: { current: 'aal2', next: 'aal2' } } satisfies AuthState],
  ])('%s: the stored state gives way at once', async (_, auth) => {
    const { backend } = fakeBackend(auth);
    loadBackend.mockResolvedValue(backend);
    const { now } = await shellAt('/dashboard');
    await waitFor(() => expect(backend.appSession.start).toHaveBeenCalled());
    expect(now().session.status).toBe('loading');
    expect(storedPatient.get()).toBeNull();
  });

  it('a backend handed in (tests, the app shell\'s own) is not overruled by the stored state', async () => {
    const { backend } = fakeBackend(LOADING_STATE);
    const { now } = await shellAt('/dashboard', backend);
    expect(now().session.status).toBe('loading');
    expect(loadBackend).not.toHaveBeenCalled();
  });
});

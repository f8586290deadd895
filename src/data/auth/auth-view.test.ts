// @vitest-environment happy-dom
// The auth state screens read before and after the data layer loads (auth-view.ts): the session
// this device stores first, then every state of the session store it is handed to — without
// reading that store early (reading it starts it, and with it supabase-js).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../lib/store';
import { testSession } from '../session/test-patient';
import { LOADING_STATE, authStateOf, type AuthState } from './auth-state';
import { storedSessionKey } from '../stored-session';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

const load = () => import('./auth-view');

describe('authView', () => {
  it('before the hand-over: the stored session, signed in as its user', async () => {
    localStorage.setItem(storedSessionKey(), JSON.stringify(testSession({ id: 'u7' })));
    const { authView } = await load();
    const state = authView.get();
    expect(state.status).toBe('signedIn');
    expect(state.user?.id).toBe('u7');
  });

  it('nothing stored: loading, not signed out (the session store decides)', async () => {
    const { authView } = await load();
    expect(authView.get()).toEqual(LOADING_STATE);
  });

  it('the hand-over tells every screen listening, and from then on each state is the store\'s', async () => {
    localStorage.setItem(storedSessionKey(), JSON.stringify(testSession({ id: 'u7' })));
    const { authView, followAuth } = await load();
    const seen: Array<string | undefined> = [];
    const off = authView.subscribe(() => seen.push(authView.get().user?.id));

    const store = createStore<AuthState>(authStateOf(testSession({ id: 'u8' })));
    followAuth(store);
    expect(seen).toEqual(['u8']);
    store.set(authStateOf(testSession({ id: 'u9' })));
    expect(seen).toEqual(['u8', 'u9']);

    off();
    store.set(authStateOf(testSession({ id: 'u10' })));
    expect(seen).toEqual(['u8', 'u9']);
    expect(authView.get().user?.id).toBe('u10');
  });

  it('while the store still reads its session: the stored one; once it answered, only the store\'s', async () => {
    localStorage.setItem(storedSessionKey(), JSON.stringify(testSession({ id: 'u7' })));
    const { authView, followAuth } = await load();
    const store = createStore<AuthState>(LOADING_STATE);
    followAuth(store);
    expect(authView.get().user?.id).toBe('u7');

    store.set(authStateOf(testSession({ id: 'u8' })));
    expect(authView.get().user?.id).toBe('u8');
    // a store that reads again later (it does not today) is not covered for by an old session
    store.set(LOADING_STATE);
    expect(authView.get()).toEqual(LOADING_STATE);
  });

  it('the store confirming the stored session: the very same object, so no screen renders again', async () => {
    const stored = testSession({ id: 'u7' });
    localStorage.setItem(storedSessionKey(), JSON.stringify(stored));
    const { authView, followAuth } = await load();
    const shown = authView.get();
    const store = createStore<AuthState>(authStateOf(JSON.parse(JSON.stringify(stored)) as typeof stored));
    followAuth(store);
    expect(authView.get()).toBe(shown);
    // a change is a new object, and stays the same object while the store's state does
    store.set(authStateOf(testSession({ id: 'u8' })));
    const changed = authView.get();
    expect(changed).not.toBe(shown);
    expect(changed.user?.id).toBe('u8');
    expect(authView.get()).toBe(changed);
  });

  it('handing over reads nothing from the store until a screen asks', async () => {
    const { authView, followAuth } = await load();
    const get = vi.fn(() => LOADING_STATE);
    followAuth({ get, subscribe: () => () => {} });
    expect(get).not.toHaveBeenCalled();
    authView.get();
    expect(get).toHaveBeenCalledTimes(1);
  });
});

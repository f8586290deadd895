// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import de from '../../lang/de.json';
import { LOADING_STATE, SIGNED_OUT_STATE, type AuthState } from '../data/auth/auth-state';
import { customerFlags } from '../domain/setup-state';
import { summaryKey, type PatientSummary } from '../data/session/summary';
import { notifications } from '../ui/notifications/notification-store';
import { SIGNED_OUT } from './guards';
import { NavBar } from './layout/nav-bar';
import { RouteScreen } from './route-screen';
import type { RouteDef } from './routes';
import type { SessionBackend } from './session-context';
import { SessionProvider, sessionViewOf } from './session-provider';
import { fakeBackend } from './test-backend';

const signedIn = (over: Partial<AuthState> = {}): AuthState => ({
  ...LOADING_STATE,
  status: 'signedIn',
  user: { id: 'u1', email: 'p@example.test', language: 'de', newEmail: null },
  aal: { current: 'aal1', next: 'aal1' },
  ...over,
});
const summary = (over: Partial<PatientSummary>): PatientSummary => ({ key: 'u1:aal1', status: 'ready', flags: null, error: null, ...over });
const FLAGS = { ...customerFlags(null, new Date()), hasProfile: true, hasSetup: true, hasPrescriptions: true };
const VIEW_FLAGS = { hasProfile: true, hasSetup: true, hasPrescriptions: true };

// spec §2 Shell ("While loading, a spinner is shown", MFA screen, onboarding), §6
describe('sessionViewOf', () => {
  it('loading and signed out', () => {
    expect(sessionViewOf(LOADING_STATE, summary({})).status).toBe('loading');
    expect(sessionViewOf(SIGNED_OUT_STATE, summary({}))).toEqual(SIGNED_OUT);
  });

  it('signed in: loading until the summary of this user and level is known, then its flags', () => {
    expect(sessionViewOf(signedIn(), summary({ key: '', status: 'idle' })).status).toBe('loading');
    expect(sessionViewOf(signedIn(), summary({ key: 'other:aal1', flags: FLAGS })).status).toBe('loading');
    expect(sessionViewOf(signedIn(), summary({ flags: FLAGS }))).toEqual({ ...SIGNED_OUT, status: 'signedIn', ...VIEW_FLAGS });
    expect(sessionViewOf(signedIn(), summary({ status: 'loading', flags: FLAGS })).hasSetup).toBe(true);
    expect(sessionViewOf(signedIn(), summary({ status: 'failed', error: 'network' }))).toEqual({ ...SIGNED_OUT, status: 'signedIn' });
  });

  it('the second factor and the forced change need no customer data', () => {
    const mfa = sessionViewOf(signedIn({ needsSecondFactor: true }), summary({ key: '', status: 'idle' }));
    expect(mfa).toMatchObject({ status: 'signedIn', needsSecondFactor: true });
    const forced = sessionViewOf(signedIn({ requirePasswordChange: true }), summary({ key: '', status: 'idle' }));
    expect(forced).toMatchObject({ status: 'signedIn', requirePasswordChange: true });
  });

  it('keys the summary by user and assurance level', () => {
    expect(summaryKey(signedIn())).toBe('u1:aal1');
    expect(summaryKey(signedIn({ aal: { current: 'aal2', next: 'aal2' } }))).toBe('u1:aal2');
    expect(summaryKey(SIGNED_OUT_STATE)).toBe('');
  });
});


const LOGIN: RouteDef = { path: '/login', titleId: 'title.login', guard: 'public', view: (() => null) as never, signedInRedirect: '/dashboard' };

function renderShell(backend: SessionBackend, path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <IntlProvider locale="de-CH" messages={de}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <SessionProvider backend={backend}>
          <NavBar />
          <Switch>
            <Route path="/login">{() => <RouteScreen def={LOGIN} params={{}} />}</Route>
            <Route>{() => <p>elsewhere</p>}</Route>
          </Switch>
        </SessionProvider>
      </Router>
    </IntlProvider>,
  );
  return memory;
}

describe('SessionProvider', () => {
  // spec §2 "/login ... A signed-in user is redirected to /dashboard", with the login prompt's ?next=
  it('sends a signed-in patient from /login to ?next= once the summary is loaded', async () => {
    const { backend, summaries, appSession } = fakeBackend(signedIn());
    const memory = renderShell(backend, '/login?next=%2Forders');
    expect(appSession.start).toHaveBeenCalledOnce();
    expect(memory.history.at(-1)).toBe('/login?next=%2Forders');
    act(() => summaries.set({ key: 'u1:aal1', status: 'ready', flags: FLAGS, error: null }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/orders'));
  });

  // spec §8 "Loading orders fails": the data layer reports the failed pull, the shell notifies
  it('a failed pull of the orders raises the orders notification; other areas do not', () => {
    const { backend, report } = fakeBackend(signedIn());
    renderShell(backend, '/elsewhere');
    const before = notifications.list().length;
    act(() => report({ area: 'customer', error: 'failed' }));
    expect(notifications.list().length).toBe(before);
    act(() => report({ area: 'orders', error: 'failed' }));
    expect(notifications.list().at(-1)).toMatchObject({ kind: 'danger', messageId: 'orders.error.load' });
  });

  it('on /orders the failed pull raises no notification: the page says it in place, with a reload', () => {
    const { backend, report } = fakeBackend(signedIn());
    renderShell(backend, '/orders');
    const before = notifications.list().length;
    act(() => report({ area: 'orders', error: 'failed' }));
    expect(notifications.list().length).toBe(before);
  });

  it('the logout button signs out through the data layer', async () => {
    const { backend, sessionStore, summaries } = fakeBackend(SIGNED_OUT_STATE);
    renderShell(backend, '/elsewhere');
    expect(screen.queryByRole('button', { name: de['nav.logout'] })).toBeNull();
    act(() => {
      sessionStore.set(signedIn());
      summaries.set({ key: summaryKey(signedIn()), status: 'ready', flags: FLAGS, error: null });
    });
    const logout = await screen.findByRole('button', { name: de['nav.logout'] });
    act(() => logout.click());
    await waitFor(() => expect(backend.appSession.signOut).toHaveBeenCalledOnce());
  });
});

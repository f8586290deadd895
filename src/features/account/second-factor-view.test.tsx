// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import { TestProviders } from '../../i18n/test-providers';
import { notifications } from '../../ui/notifications/notification-store';
import { apiError, createFakeClient, failed, fetchError, type FakeClient } from './account-test-support';
import SecondFactorView from './second-factor-view';

let fake: FakeClient;
let retryAfterUntil = 0;
// the session store makes its client a task after it is imported: maybe before this file's body has run
const client = vi.hoisted(() => ({ current: null as FakeClient | null }));
vi.mock('../../data/supabase-client', () => ({ supabase: () => client.current, prepareClient: () => undefined, supabaseUrl: 'http://127.0.0.1:54321', appRetryAfter: { until: () => retryAfterUntil, record: () => {} } }));
// the patient whose login waits for the second factor
// the signed-in patient as screens read it (useSession)
vi.mock('../../data/auth/auth-view', () => {
  const state = { status: 'signedIn', user: { id: 'u-2fa', email: 'a@b.ch' }, needsSecondFactor: true };
  return { authView: { get: () => state, subscribe: () => () => {} }, followAuth: () => {} };
});

const notified = () => notifications.list().map((n) => `${n.kind}:${n.messageId}`);

function renderView() {
  render(
    <TestProviders>
      <SecondFactorView />
    </TestProviders>,
  );
  return { field: screen.getByLabelText(de['account.code.label']), submit: screen.getByRole('button', { name: de['secondFactor.submit'] }) };
}

async function enter(code: string) {
  const { field, submit } = renderView();
  if (code) await userEvent.type(field, code);
  await userEvent.click(submit);
  return field as HTMLInputElement;
}

beforeEach(() => {
  localStorage.clear();
  retryAfterUntil = 0;
  fake = createFakeClient();
  client.current = fake;
  fake.setFactors([{ id: 'factor-1', status: 'verified' }]);
  notifications.list().forEach((n) => notifications.dismiss(n.id));
});

// spec §2 "Login confirmation by authenticator code: one numeric field."
describe('SecondFactorView', () => {
  it('has one numeric one-time-code field and a way out', () => {
    const { field } = renderView();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(de['title.secondFactor']);
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('button', { name: de['secondFactor.signOut'] })).toBeTruthy();
  });

  // issue 40 item 7: the view replaces the sign-in form the focus was in; the focus goes to the code, never the page
  it('takes the focus to the code field when it comes', () => {
    const { field } = renderView();
    expect(document.activeElement).toBe(field);
  });

  // spec §5 "Two-factor code: required, exactly 6 characters, numeric."
  it.each([
    ['', 'validation.required'],
    ['12345', 'validation.code6'],
    ['12a456', 'validation.code6'],
  ])('%j is refused before any call: %s', async (code, messageId) => {
    const field = await enter(code);
    expect(screen.getByText(de[messageId as keyof typeof de])).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(fake.auth.mfa.challengeAndVerify).not.toHaveBeenCalled();
  });

  it('verifies the code (spaces removed) against the first verified factor', async () => {
    fake.setFactors([
      { id: 'factor-unverified', status: 'unverified' },
      { id: 'factor-1', status: 'verified' },
    ]);
    await enter('123 456');
    await waitFor(() => expect(fake.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' }));
    expect(notified()).toEqual([]);
  });

  // spec §8 "Code invalid or expired | #at03"
  it.each([
    ['a wrong code', apiError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')],
    ['an expired challenge', apiError(422, 'mfa_challenge_expired', 'MFA challenge has expired')],
  ])('%s shows #at03 and empties the field', async (_, error) => {
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce(failed(error));
    const field = await enter('123456');
    await waitFor(() => expect(notified()).toEqual(['danger:secondFactor.error.at03']));
    expect(screen.getByText(de['secondFactor.error.at03'])).toBeTruthy();
    expect(field.value).toBe('');
    expect(fake.auth.signOut).not.toHaveBeenCalled();
  });

  // spec §8 "Too many wrong codes | please log in again (#at04, #su01)"; issue 22: the auth
  // service refuses every code for a while (a right one too, after a reload or a new sign-in),
  // so the screen shows the lock and when it ends, and keeps it across a reload
  const lockedText = (until: number) => {
    const time = new Intl.DateTimeFormat('de-CH', { timeStyle: 'short' }).format(until);
    return de['secondFactor.locked'].replace('{until, time, short}', time);
  };

  it('too many wrong codes (429): the lock and its end instead of the form, kept after a reload; the session stays', async () => {
    const before = Date.now();
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce(failed(apiError(429, 'over_request_rate_limit', 'Request rate limit reached')));
    await enter('123456');
    await waitFor(() => expect(notified()).toEqual(['danger:secondFactor.locked']));
    expect(screen.queryByLabelText(de['account.code.label'])).toBeNull();
    const until = Number(localStorage.getItem('rezeptpost.second-factor-lock.u-2fa'));
    expect(until).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(document.activeElement?.textContent).toBe(lockedText(until));
    // the page is loaded again: the lock shows at once, no code can be sent
    cleanup();
    render(
      <TestProviders>
        <SecondFactorView />
      </TestProviders>,
    );
    expect(screen.getByText(lockedText(until))).toBeTruthy();
    expect(screen.queryByLabelText(de['account.code.label'])).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.auth.signOut).not.toHaveBeenCalled();
  });

  it("takes the server's Retry-After for the end of the lock", async () => {
    retryAfterUntil = Date.now() + 90_000;
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce(failed(apiError(429, 'over_request_rate_limit', 'Request rate limit reached')));
    await enter('123456');
    await waitFor(() => expect(Number(localStorage.getItem('rezeptpost.second-factor-lock.u-2fa'))).toBe(retryAfterUntil));
  });

  it('the form comes back once the lock has ended', async () => {
    localStorage.setItem('rezeptpost.second-factor-lock.u-2fa', String(Date.now() + 150));
    render(
      <TestProviders>
        <SecondFactorView />
      </TestProviders>,
    );
    expect(screen.queryByLabelText(de['account.code.label'])).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(de['account.code.label'])).toBeTruthy(), { timeout: 2000 });
    expect(localStorage.getItem('rezeptpost.second-factor-lock.u-2fa')).toBeNull();
  });

  it('a session that is gone says #at04 and ends after the notice time; log in again ends it at once', async () => {
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce(failed(apiError(403, 'session_not_found', 'Session not found')));
    await enter('123456');
    await waitFor(() => expect(notified()).toEqual(['danger:secondFactor.error.at04']));
    expect(document.activeElement?.textContent).toBe(de['secondFactor.error.at04']);
    expect(fake.auth.signOut).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: de['secondFactor.relogin'] })));
    await waitFor(() => expect(fake.auth.signOut).toHaveBeenCalledOnce());
  });

  it('no answer from the server shows the network error and keeps the form', async () => {
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce(failed(fetchError()));
    const field = await enter('123456');
    await waitFor(() => expect(notified()).toEqual(['danger:account.error.network']));
    expect(field.value).toBe('123456');
  });

  it('cancel signs out', async () => {
    renderView();
    await userEvent.click(screen.getByRole('button', { name: de['secondFactor.signOut'] }));
    expect(fake.auth.signOut).toHaveBeenCalledOnce();
  });
});

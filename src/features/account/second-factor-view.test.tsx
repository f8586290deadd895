// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import { TestProviders } from '../../i18n/test-providers';
import { notifications } from '../../ui/notifications/notification-store';
import { apiError, createFakeClient, failed, fetchError, type FakeClient } from './account-test-support';
import SecondFactorView from './second-factor-view';

let fake: FakeClient;
vi.mock('../../data/supabase-client', () => ({ supabase: () => fake, supabaseUrl: 'http://127.0.0.1:54321', appRetryAfter: { until: () => 0, record: () => {} } }));

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
  fake = createFakeClient();
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

  // spec §8 "Too many wrong codes | please log in again (#at04, #su01)"
  it('too many wrong codes (429) say #at04 and end the session after the notice time', async () => {
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce(failed(apiError(429, 'over_request_rate_limit', 'Request rate limit reached')));
    await enter('123456');
    await waitFor(() => expect(notified()).toEqual(['danger:secondFactor.error.at04']));
    expect(screen.queryByLabelText(de['account.code.label'])).toBeNull();
    expect(document.activeElement?.textContent).toBe(de['secondFactor.error.at04']);
    expect(fake.auth.signOut).not.toHaveBeenCalled();
    await waitFor(() => expect(fake.auth.signOut).toHaveBeenCalledOnce(), { timeout: 5000 });
  });

  it('the log-in-again button ends the session at once', async () => {
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce(failed(apiError(429, 'over_request_rate_limit', 'Request rate limit reached')));
    await enter('123456');
    const again = await screen.findByRole('button', { name: de['secondFactor.relogin'] });
    await act(async () => fireEvent.click(again));
    expect(fake.auth.signOut).toHaveBeenCalledOnce();
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

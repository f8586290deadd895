// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
// loaded, the data layer's session store is what screens read (data/auth/auth-view.ts), once it has handed over
import { authHandedOver } from '../../data/auth/session-store';
import { TestProviders } from '../../i18n/test-providers';
import { notifications } from '../../ui/notifications/notification-store';
import { apiError, createFakeClient, failed, fetchError, type FakeClient } from './account-test-support';
import EmailView from './email-view';

let fake: FakeClient;
// the session store makes its client a task after it is imported: before this file's body has run
const client = vi.hoisted(() => ({ current: null as FakeClient | null }));
vi.mock('../../data/supabase-client', () => ({ supabase: () => client.current, prepareClient: () => undefined, supabaseUrl: 'http://127.0.0.1:54321' }));
// the code goes through the client that keeps no session (data/auth/sessionless-auth.ts)
vi.mock('../../data/auth/sessionless-auth', () => ({ appSessionlessAuth: () => client.current?.auth }));

const CURRENT = 'anna@example.ch';
const NEXT = 'anna.neu@example.ch';
const notified = () => notifications.list().map((n) => `${n.kind}:${n.messageId}`);

function renderView() {
  render(
    <TestProviders>
      <EmailView />
    </TestProviders>,
  );
}

async function requestCode(email = NEXT) {
  renderView();
  await userEvent.type(screen.getByLabelText(de['email.newLabel']), email);
  await userEvent.click(screen.getByRole('button', { name: de['email.send'] }));
}

async function enterCode(code: string) {
  await requestCode();
  const field = await screen.findByLabelText(de['account.code.label']);
  await userEvent.type(field, code);
  await userEvent.click(screen.getByRole('button', { name: de['email.confirm'] }));
  return field as HTMLInputElement;
}

beforeAll(() => authHandedOver);

beforeEach(() => {
  fake = createFakeClient();
  client.current = fake;
  // the session store (signed in as CURRENT) reads its events from this client
  fake.auth.onAuthStateChange.mockImplementation(((callback: (event: string, session: unknown) => void) => {
    queueMicrotask(() => callback('INITIAL_SESSION', { access_token: 't', user: { id: 'u1', email: CURRENT, user_metadata: {} } }));
    return { data: { subscription: { unsubscribe: () => {} } } };
  }) as never);
  notifications.list().forEach((n) => notifications.dismiss(n.id));
});

// spec §4 "E-mail change: step 1 submits the new e-mail and a 6-digit code is sent to it, and a
// code field appears. Step 2 confirms the code. The change takes effect at next login."
describe('EmailView step 1', () => {
  it('shows the current address and says when the change takes effect', async () => {
    renderView();
    expect(await screen.findByText(CURRENT)).toBeTruthy();
    expect(screen.getByText(de['email.nextLogin'])).toBeTruthy();
  });

  // spec §5 "E-mail change: new e-mail required and valid"
  it.each([
    ['', 'validation.required'],
    ['anna@', 'validation.email'],
  ])('%j is refused before any call: %s', async (email, messageId) => {
    renderView();
    if (email) await userEvent.type(screen.getByLabelText(de['email.newLabel']), email);
    await userEvent.click(screen.getByRole('button', { name: de['email.send'] }));
    expect(screen.getByText(de[messageId as keyof typeof de])).toBeTruthy();
    expect(fake.auth.updateUser).not.toHaveBeenCalled();
  });

  it('sends the new address with the localized mail subjects; info notice; the code field appears focused', async () => {
    await requestCode(`  ${NEXT} `);
    const field = await screen.findByLabelText(de['account.code.label']);
    expect(fake.auth.updateUser).toHaveBeenCalledWith(
      { email: NEXT, data: { passwordResetSubject: de['mail.subject.passwordReset'], emailSubject: de['mail.subject.emailChange'] } },
      { emailRedirectTo: `${window.location.origin}/profile/email` },
    );
    expect(notified()).toEqual(['info:email.codeSent']);
    expect(notifications.list()[0]?.values).toEqual({ email: NEXT });
    expect(field.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.queryByLabelText(de['email.newLabel'])).toBeNull();
  });

  // spec §8 "E-mail change, status 422 | duplicate e-mail error; other errors show the network error"
  it('a taken address (422 email_exists) shows the duplicate-e-mail error at the field', async () => {
    fake.auth.updateUser.mockResolvedValueOnce(failed(apiError(422, 'email_exists', 'A user with this email address has already been registered')));
    await requestCode();
    await waitFor(() => expect(notified()).toEqual(['danger:email.error.exists']));
    expect(screen.getByLabelText(de['email.newLabel']).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByLabelText(de['account.code.label'])).toBeNull();
  });

  it.each([
    ['no answer', fetchError()],
    ['a rate limit', apiError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded')],
    ['a server failure', fetchError(500)],
  ])('%s shows the network error', async (_, error) => {
    fake.auth.updateUser.mockResolvedValueOnce(failed(error));
    await requestCode();
    await waitFor(() => expect(notified()).toEqual(['danger:account.error.network']));
    expect(screen.queryByLabelText(de['account.code.label'])).toBeNull();
  });
});

describe('EmailView step 2', () => {
  it('confirms the code: success notice, and the change counts from the next login', async () => {
    await enterCode('123 456');
    await waitFor(() => expect(notified()).toEqual(['info:email.codeSent', 'success:email.changed']));
    expect(fake.auth.verifyOtp).toHaveBeenCalledWith({ type: 'email_change', email: NEXT, token: '123456' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe(de['email.changed']));
  });

  // spec §5 "code required, exactly 6 digits"
  it('refuses a short code before any call', async () => {
    await enterCode('1234');
    expect(screen.getByText(de['validation.code6'])).toBeTruthy();
    expect(fake.auth.verifyOtp).not.toHaveBeenCalled();
  });

  // spec §8 "wrong code shows wrong_code"
  it('a wrong or expired code (403 otp_expired) shows wrong_code and empties the field', async () => {
    fake.auth.verifyOtp.mockResolvedValueOnce(failed(apiError(403, 'otp_expired', 'Token has expired or is invalid')));
    const field = await enterCode('123456');
    await waitFor(() => expect(notified()).toEqual(['info:email.codeSent', 'danger:email.error.wrongCode']));
    expect(screen.getByText(de['email.error.wrongCode'])).toBeTruthy();
    expect(field.value).toBe('');
  });

  it('other errors show the network error', async () => {
    fake.auth.verifyOtp.mockResolvedValueOnce(failed(fetchError()));
    await enterCode('123456');
    await waitFor(() => expect(notified()).toEqual(['info:email.codeSent', 'danger:account.error.network']));
  });

  it('"other address" goes back to step 1 with the address filled in', async () => {
    await requestCode();
    await userEvent.click(await screen.findByRole('button', { name: de['email.otherAddress'] }));
    expect((screen.getByLabelText(de['email.newLabel']) as HTMLInputElement).value).toBe(NEXT);
    expect(screen.getByRole('button', { name: de['email.send'] })).toBeTruthy();
  });
});

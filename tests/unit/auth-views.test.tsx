// @vitest-environment happy-dom
// The auth views' message paths of spec §8. The real supabase-js client runs; only its HTTP
// answers are stubbed (fetch), with the bodies and headers the auth service sends, so auth-js
// itself builds the errors (AuthApiError with status and code, AuthRetryableFetchError).
// The real flows against the local stack are in tests/e2e/auth.spec.ts.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AuthApiError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../lang/de.json';
import fr from '../../lang/fr.json';
import { supabase } from '../../src/data/supabase-client';
import { setUsageSink } from '../../src/data/usage';
import LoginView from '../../src/features/auth/login-view';
import { NewPasswordForm } from '../../src/features/auth/new-password-form';
import ResetPasswordView from '../../src/features/auth/reset-password-view';
import { languageStore } from '../../src/i18n/language-store';
import { TestProviders } from '../../src/i18n/test-providers';
import { NotificationStack } from '../../src/ui/notifications/notification-stack';
import { notifications } from '../../src/ui/notifications/notification-store';

type Lang = 'de' | 'fr';
const catalogue = { de, fr } as const;

interface Answer {
  status: number;
  body?: unknown;
}

/** The auth service's answers, one per request in order (the last repeats); records the requests. */
function stubAuth(...answers: (Answer | Error)[]) {
  const requests: { url: string; body: unknown }[] = [];
  let i = 0;
  // auth-js logs a failed fetch before it turns it into AuthRetryableFetchError
  if (answers.some((a) => a instanceof Error)) vi.spyOn(console, 'error').mockImplementation(() => {});
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    requests.push({ url: String(input instanceof Request ? input.url : input), body: init?.body ? JSON.parse(String(init.body)) : null });
    const answer = answers[Math.min(i++, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer?.body ?? {}), {
      status: answer?.status ?? 200,
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    });
  });
  return { spy, requests };
}

const apiError = (status: number, code: string, message = code): Answer => ({ status, body: { code, message } });

function renderView(node: React.ReactNode, { lang = 'de' as Lang, path = '/login' } = {}) {
  languageStore.set(lang);
  return render(
    <TestProviders lang={lang} path={path}>
      {node}
      <NotificationStack />
    </TestProviders>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function alertText(): Promise<string> {
  const alert = await screen.findByRole('alert');
  return alert.textContent ?? '';
}

beforeEach(() => {
  for (const n of notifications.list()) notifications.dismiss(n.id);
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('sign-in (spec §8 #av00, #av02, §2 web-shop notice)', () => {
  const signIn = async (lang: Lang = 'de') => {
    const t = catalogue[lang];
    type(t['auth.field.email'], 'patient@example.test');
    type(t['auth.field.password'], 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: t['auth.login.submit'] }));
  };

  it('shows the web-shop notice from the start', () => {
    renderView(<LoginView />);
    expect(screen.getByText(de['auth.shopNotice.text'])).toBeTruthy();
    expect(screen.getByRole('link', { name: de['auth.login.forgotPassword'] }).getAttribute('href')).toBe('/resetPassword');
  });

  it('wrong credentials (400 invalid_credentials): #av02, the notice counter rises and is announced', async () => {
    const { requests } = stubAuth(apiError(400, 'invalid_credentials', 'Invalid login credentials'));
    const events: string[] = [];
    const previous = setUsageSink((event) => events.push(event));
    renderView(<LoginView />);
    await signIn();
    expect(await alertText()).toContain(de['auth.error.av02']);
    expect(requests[0]?.url).toContain('/auth/v1/token?grant_type=password');
    const notice = document.querySelector('.shop-notice') as HTMLElement;
    expect(notice.dataset.failures).toBe('1');
    expect(within(notice).getByRole('status').textContent).toContain('Die Anmeldung ist fehlgeschlagen.');
    await signIn();
    await waitFor(() => expect(notice.dataset.failures).toBe('2'));
    expect(within(notice).getByRole('status').textContent).toContain('2 Mal');
    expect(events).toEqual(['failedLogin', 'failedLogin']);
    setUsageSink(previous);
  });

  it('429 over_request_rate_limit: #av00, in French too', async () => {
    stubAuth(apiError(429, 'over_request_rate_limit', 'Request rate limit reached'));
    renderView(<LoginView />, { lang: 'fr' });
    await signIn('fr');
    const text = await alertText();
    expect(text).toContain(fr['auth.error.av00']);
    expect(text).toContain('#av00');
  });

  it('502 is retried once, then says the service is unreachable', async () => {
    const { requests } = stubAuth({ status: 502, body: { message: 'Bad gateway' } });
    renderView(<LoginView />);
    await signIn();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toBeTruthy();
    expect(await alertText()).toContain(de['auth.error.retryable']);
    expect(requests.filter((r) => r.url.includes('/token'))).toHaveLength(2);
  });

  it('a 503 followed by an answer needs no message', async () => {
    stubAuth({ status: 503 }, apiError(400, 'invalid_credentials'));
    renderView(<LoginView />);
    await signIn();
    expect(await alertText()).toContain(de['auth.error.av02']);
  });

  it('a failed fetch (no network): the check-connection text; the notice counter stays', async () => {
    stubAuth(new TypeError('Failed to fetch'));
    renderView(<LoginView />);
    await signIn();
    expect(await alertText()).toContain(de['auth.error.checkConnection']);
    expect((document.querySelector('.shop-notice') as HTMLElement).dataset.failures).toBe('0');
  });

  it('offline: the check-connection text', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubAuth(new TypeError('Failed to fetch'));
    renderView(<LoginView />);
    await signIn();
    expect(await alertText()).toContain(de['auth.error.checkConnection']);
  });

  it('validates before sending: messages under the fields, the first invalid one focused', async () => {
    const { spy } = stubAuth({ status: 200 });
    renderView(<LoginView />);
    type(de['auth.field.email'], 'not-an-address');
    fireEvent.click(screen.getByRole('button', { name: de['auth.login.submit'] }));
    const email = field(de['auth.field.email']);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toContain(de['validation.email']);
    const password = field(de['auth.field.password']);
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toContain(de['validation.required']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('keeps ?next= when switching to registration', () => {
    renderView(<LoginView />, { path: '/login?next=%2Forders' });
    expect(screen.getByRole('link', { name: de['auth.login.toRegister'] }).getAttribute('href')).toBe('/login?next=%2Forders&register=1');
  });
});

describe('registration (spec §5, §8 sign-up messages)', () => {
  const fill = (terms = true) => {
    type(de['auth.field.email'], 'new@example.test');
    type(de['auth.field.password'], 'Rezept-2026');
    type(de['auth.field.passwordConfirmation'], 'Rezept-2026');
    if (terms) fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: de['auth.register.submit'] }));
  };

  it('lists the five account benefits and links terms and privacy in the current language', () => {
    renderView(<LoginView />, { path: '/login?register=1', lang: 'fr' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(fr['auth.register.heading']);
    const benefits = screen.getByRole('region', { name: fr['auth.register.benefitsTitle'] });
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(5);
    const checkbox = screen.getByRole('checkbox');
    const label = document.querySelector(`label[for="${checkbox.id}"]`) as HTMLElement;
    expect([...label.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://www.rezeptpost.ch/fr/cgv',
      'https://www.rezeptpost.ch/fr/protection-des-donnees',
    ]);
  });

  it('terms not accepted: the accept message on the checkbox, nothing sent', async () => {
    const { spy } = stubAuth({ status: 200 });
    renderView(<LoginView />, { path: '/login?register=1' });
    fill(false);
    const checkbox = screen.getByRole('checkbox');
    await waitFor(() => expect(document.activeElement).toBe(checkbox));
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(checkbox.getAttribute('aria-describedby') ?? '')?.textContent).toContain(de['validation.acceptTerms']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('passwords that differ: the message on the confirmation', async () => {
    stubAuth({ status: 200 });
    renderView(<LoginView />, { path: '/login?register=1' });
    type(de['auth.field.email'], 'new@example.test');
    type(de['auth.field.password'], 'Rezept-2026');
    type(de['auth.field.passwordConfirmation'], 'Anderes-2026');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: de['auth.register.submit'] }));
    const confirmation = field(de['auth.field.passwordConfirmation']);
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(document.getElementById(confirmation.getAttribute('aria-describedby') ?? '')?.textContent).toBe(`!${de['validation.passwordMatch']}`);
  });

  it('429: too many login attempts', async () => {
    stubAuth(apiError(429, 'over_request_rate_limit'));
    renderView(<LoginView />, { path: '/login?register=1' });
    fill();
    expect(await alertText()).toContain(de['auth.error.signUpRateLimited']);
  });

  it('422 user_already_exists: #su02', async () => {
    stubAuth(apiError(422, 'user_already_exists', 'User already registered'));
    renderView(<LoginView />, { path: '/login?register=1' });
    fill();
    expect(await alertText()).toContain(de['auth.error.su02']);
  });

  it('sends language, platform and the localized mail subjects; without a session asks to confirm the mail', async () => {
    const user = { id: 'u1', aud: 'authenticated', role: 'authenticated', email: 'new@example.test', app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };
    const { requests } = stubAuth({ status: 200, body: user });
    renderView(<LoginView />, { path: '/login?register=1' });
    fill();
    expect(await screen.findByText(de['auth.register.confirmTitle'])).toBeTruthy();
    const signup = requests.find((r) => r.url.includes('/auth/v1/signup'));
    expect(signup?.url).toContain(`redirect_to=${encodeURIComponent(`${location.origin}/dashboard`)}`);
    expect(signup?.body).toMatchObject({
      email: 'new@example.test',
      password: 'Rezept-2026',
      data: {
        language: 'de',
        platform: 'prescription-platform',
        passwordResetSubject: de['mail.subject.passwordReset'],
        emailSubject: de['mail.subject.emailChange'],
      },
    });
  });
});

describe('password reset request (spec §4, §8 "does not reveal whether the e-mail exists")', () => {
  const send = () => {
    type(de['auth.field.email'], 'someone@example.test');
    fireEvent.click(screen.getByRole('button', { name: de['auth.reset.submit'] }));
  };

  it('asks /recover with the reset redirect and shows the sent confirmation', async () => {
    const { requests } = stubAuth({ status: 200, body: {} });
    renderView(<ResetPasswordView />, { path: '/resetPassword' });
    send();
    const heading = await screen.findByRole('heading', { level: 2, name: de['auth.reset.sentTitle'] });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/someone@example\.test/)).toBeTruthy();
    expect(requests[0]?.url).toContain('/auth/v1/recover');
    expect(requests[0]?.url).toContain(`redirect_to=${encodeURIComponent(`${location.origin}/profile/password/reset`)}`);
  });

  it.each([
    [apiError(429, 'over_email_send_rate_limit'), 'auth.reset.failed'],
    [apiError(422, 'validation_failed'), 'auth.reset.failed'],
    // auth-js raises AuthRetryableFetchError for 500 and 502–504: tried twice, then "try again later"
    [apiError(500, 'unexpected_failure'), 'auth.error.retryable'],
    [new TypeError('Failed to fetch'), 'auth.error.checkConnection'],
  ] as const)('a failure is a warning that reveals nothing (%#)', async (answer, id) => {
    stubAuth(answer);
    renderView(<ResetPasswordView />, { path: '/resetPassword' });
    send();
    const status = await screen.findByText(de[id]);
    expect(status.closest('.notification--warning')).toBeTruthy();
    expect(screen.queryByText(de['auth.reset.sentTitle'])).toBeNull();
  });
});

describe('new password (spec §5 password change, §8 same_password / unknown)', () => {
  const submit = (password = 'Neues-Passwort-1', confirmation = password) => {
    type(de['auth.field.newPassword'], password);
    type(de['auth.field.passwordConfirmation'], confirmation);
    fireEvent.click(screen.getByRole('button', { name: de['auth.password.submit'] }));
  };
  const updateUser = () => vi.spyOn(supabase().auth, 'updateUser');

  it("'should be different' (422 same_password): the same-password message, on the field too", async () => {
    updateUser().mockResolvedValue({ data: { user: null }, error: new AuthApiError('New password should be different from the old password.', 422, 'same_password') });
    renderView(<NewPasswordForm />);
    submit();
    expect(await alertText()).toContain(de['validation.passwordSame']);
    const input = field(de['auth.field.newPassword']);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('any other error: unknown', async () => {
    updateUser().mockResolvedValue({ data: { user: null }, error: new AuthApiError('Password is known to be weak', 422, 'weak_password') });
    renderView(<NewPasswordForm />);
    submit();
    expect(await alertText()).toContain(de['auth.error.unknown']);
  });

  it('sends the password with require_pw_reset false, then reports success', async () => {
    const spy = updateUser().mockResolvedValue({ data: { user: null as never }, error: null });
    const onDone = vi.fn();
    renderView(<NewPasswordForm onDone={onDone} />);
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(spy).toHaveBeenCalledWith({ password: 'Neues-Passwort-1', data: { require_pw_reset: false } });
    expect(await screen.findByText(de['auth.password.changed'])).toBeTruthy();
  });

  it('checks length and equality before sending', async () => {
    const spy = updateUser();
    renderView(<NewPasswordForm />);
    act(() => submit('kurz', 'anders'));
    const input = field(de['auth.field.newPassword']);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(document.getElementById(`${input.id}-error`)?.textContent).toContain(de['validation.passwordMin']);
    expect(spy).not.toHaveBeenCalled();
  });
});

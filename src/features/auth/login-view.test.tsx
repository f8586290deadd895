// @vitest-environment happy-dom
// The login view's message paths of spec §8 (sign-in and registration modes). The real
// supabase-js client runs; only its HTTP answers are stubbed (fetch), with the bodies and headers
// the auth service sends, so auth-js itself builds the errors. The real flows against the local
// stack are in tests/e2e/auth.spec.ts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { setUsageSink } from '../../data/usage';
import LoginView from './login-view';
import { alertText, apiError, catalogue, field, renderView, stubAuth, type, cleanViewStateEachTest, type Lang } from './view-test-support';

cleanViewStateEachTest();

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

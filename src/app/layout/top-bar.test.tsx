// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { sessionStore } from '../../data/auth/session-store';
import { localDb } from '../../data/local/local-db';
import { createFakeClient, failed, fetchError, type FakeClient } from '../../features/account/account-test-support';
import { I18nProvider } from '../../i18n/i18n-provider';
import { languageStore } from '../../i18n/language-store';
import { notifications } from '../../ui/notifications/notification-store';
import { SIGNED_OUT } from '../guards';
import { SessionContext } from '../session-context';
import { TopBar } from './top-bar';

let fake: FakeClient;
// the session store makes its client a task after it is imported: maybe before this file's body has run
const client = vi.hoisted(() => ({ current: null as FakeClient | null }));
vi.mock('../../data/supabase-client', () => ({ supabase: () => client.current, prepareClient: () => undefined, supabaseUrl: 'http://127.0.0.1:54321' }));

function renderBar(status: 'signedIn' | 'signedOut') {
  render(
    <I18nProvider>
      <SessionContext.Provider value={{ session: { ...SIGNED_OUT, status } }}>
        <TopBar />
      </SessionContext.Provider>
    </I18nProvider>,
  );
}

const chooseFrench = async () => {
  const french = await screen.findByRole('button', { name: 'Français' });
  await act(async () => french.click());
};

beforeEach(async () => {
  // the disruption banner's post stays offline
  vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
  fake = createFakeClient();
  client.current = fake;
  // signed in as u1 (the session store follows the first client it is started with)
  fake.auth.onAuthStateChange.mockImplementation(((callback: (event: string, session: unknown) => void) => {
    queueMicrotask(() => callback('INITIAL_SESSION', { access_token: 't', user: { id: 'u1', email: 'p@example.test', user_metadata: {} } }));
    return { data: { subscription: { unsubscribe: () => {} } } };
  }) as never);
  sessionStore.subscribe(() => {});
  await waitFor(() => expect(sessionStore.get().user?.id).toBe('u1'));
  await localDb().outbox.clear();
  languageStore.set('de');
  notifications.list().forEach((n) => notifications.dismiss(n.id));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// spec §1 "Changing the language also updates the user's stored language and the localized
// subjects of the password-reset and other account e-mails."
describe('TopBar language switch', () => {
  it('signed in, it stores the language and the French subjects with the account', async () => {
    renderBar('signedIn');
    await chooseFrench();
    expect(languageStore.get()).toBe('fr');
    // the data layer's module loads on this first use (its first transform in the test run can take seconds)
    await waitFor(
      () =>
        expect(fake.auth.updateUser).toHaveBeenCalledWith({
          data: { language: 'fr', passwordResetSubject: fr['mail.subject.passwordReset'], emailSubject: fr['mail.subject.emailChange'] },
        }),
      { timeout: 10_000 },
    );
    expect(notifications.list().map((n) => n.messageId)).toEqual(['language.changed']);
    // and in the customer row (spec §3 language), through the outbox
    await waitFor(async () =>
      expect((await localDb().outbox.toArray()).map((e) => [e.kind, e.payload])).toEqual([['row.upsert', { table: 'webshop_customers', id: 'u1', fields: { language: 'fr' } }]]),
    );
  });

  it('signed out, it only switches here', async () => {
    renderBar('signedOut');
    await chooseFrench();
    expect(languageStore.get()).toBe('fr');
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.auth.updateUser).not.toHaveBeenCalled();
    expect(await localDb().outbox.count()).toBe(0);
  });

  it('a failed save keeps the switch and warns that mails stay in the old language', async () => {
    fake.auth.updateUser.mockResolvedValueOnce(failed(fetchError()));
    renderBar('signedIn');
    await chooseFrench();
    await waitFor(() => expect(notifications.list().map((n) => `${n.kind}:${n.messageId}`)).toEqual(['info:language.changed', 'warning:account.error.languageNotSaved']));
    expect(languageStore.get()).toBe('fr');
    expect(de['account.error.languageNotSaved']).toBeTruthy();
  });
});

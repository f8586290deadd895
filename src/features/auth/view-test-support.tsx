// What the auth view tests share: the auth service's HTTP answers stubbed on fetch (the real
// supabase-js client builds its errors from them), rendering a view with the providers and the
// notification stack, and the form helpers. Not a test file: the view tests beside it use it.
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { languageStore } from '../../i18n/language-store';
import { TestProviders } from '../../i18n/test-providers';
import { NotificationStack } from '../../ui/notifications/notification-stack';
import { notifications } from '../../ui/notifications/notification-store';


export type Lang = 'de' | 'fr';
export const catalogue = { de, fr } as const;

interface Answer {
  status: number;
  body?: unknown;
}

/** The auth service's answers, one per request in order (the last repeats); records the requests. */
export function stubAuth(...answers: (Answer | Error)[]) {
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

export const apiError = (status: number, code: string, message = code): Answer => ({ status, body: { code, message } });

export function renderView(node: React.ReactNode, { lang = 'de' as Lang, path = '/login' } = {}) {
  languageStore.set(lang);
  return render(
    <TestProviders lang={lang} path={path}>
      {node}
      <NotificationStack />
    </TestProviders>,
  );
}

export const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
export const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

export async function alertText(): Promise<string> {
  const alert = await screen.findByRole('alert');
  return alert.textContent ?? '';
}

/** Each test starts without notifications, stored language or stubs. */
export function cleanViewStateEachTest(): void {
  beforeEach(() => {
    for (const n of notifications.list()) notifications.dismiss(n.id);
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { languageStore } from '../../i18n/language-store';
import { NotificationStack } from '../../ui/notifications/notification-stack';
import { notifications } from '../../ui/notifications/notification-store';
import { LanguageSwitch } from './language-switch';

describe('LanguageSwitch', () => {
  beforeEach(() => {
    languageStore.set('de');
    notifications.list().forEach((n) => notifications.dismiss(n.id));
  });

  // spec §1 "A De/Fr switch exists."
  it('switches the language, marks the pressed one and announces each change', async () => {
    render(
      <I18nProvider>
        <LanguageSwitch />
        <NotificationStack />
      </I18nProvider>,
    );
    const french = await screen.findByRole('button', { name: 'Français' });
    await act(async () => french.click());
    expect(languageStore.get()).toBe('fr');
    await act(async () => screen.getByRole('button', { name: 'Deutsch' }).click());
    expect(languageStore.get()).toBe('de');
    expect(notifications.list().map((n) => n.values?.language)).toEqual(['fr', 'de']);
    expect(screen.getByRole('button', { name: 'Deutsch' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('status').map((s) => s.textContent?.replace('×', ''))).toEqual([
      'Die Sprache ist jetzt Französisch.',
      'Die Sprache ist jetzt Deutsch.',
    ]);
  });
});

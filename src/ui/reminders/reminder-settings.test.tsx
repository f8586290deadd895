// @vitest-environment happy-dom
// issue 38 item 5: turning reminders on says what is going on and what happened — never a
// disabled button with no word, never "check the connection" when the push service is at fault.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { TestProviders } from '../../i18n/test-providers';
import { ReminderSettings, type ReminderSettingsProps } from './reminder-settings';

const TIMES = { morning: '08:00', noon: '12:00', evening: '18:00', night: '22:00' };

function show(lang: 'de' | 'fr', over: Partial<ReminderSettingsProps>) {
  render(
    <TestProviders lang={lang}>
      <ReminderSettings state="off" times={TIMES} busy={false} error={null} showNames={false} enable={vi.fn()} disable={vi.fn()} {...over} />
    </TestProviders>,
  );
}

describe('ReminderSettings', () => {
  it.each([
    ['de', de],
    ['fr', fr],
  ] as const)('%s: while turning on, it says so', (lang, t) => {
    show(lang, { busy: true });
    expect(screen.getByRole('status').textContent).toBe(t['reminders.busy']);
    expect((screen.getByRole('button', { name: t['reminders.turnOn'] }) as HTMLButtonElement).disabled).toBe(true);
  });

  // src/data/push/device-reminders.ts EnableError: each has its own words in both languages
  it.each(['unsupported', 'denied', 'signed_out', 'offline', 'server', 'push_service', 'unavailable'].flatMap((code) => [['de', code], ['fr', code]] as const))('%s: the error %s is said', (lang, code) => {
    const t: Record<string, string> = lang === 'de' ? de : fr;
    show(lang, { error: code });
    expect(screen.getByRole('alert').textContent).toBe(t[`reminders.error.${code}`]);
    expect((screen.getByRole('button', { name: t['reminders.turnOn'] }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['de', de, /Verbindung zur Apotheke ist in Ordnung/],
    ['fr', fr, /connexion à la pharmacie fonctionne/],
  ] as const)('%s: the push service at fault is not the connection', (lang, t, fine) => {
    show(lang, { error: 'push_service' });
    expect(screen.getByRole('alert').textContent).toMatch(fine);
    expect(t['reminders.error.unavailable']).not.toMatch(/Verbindung|connexion/);
  });
});

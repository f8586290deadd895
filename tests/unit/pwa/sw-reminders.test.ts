// The service worker's dose reminders (issue 28, sw/reminders.ts): a push's payload read strictly,
// the notification in the patient's language with "Taken" and "Remind me in 30 minutes", names
// only when the payload has them, a tap leading to the dashboard at the period.
import { describe, expect, it } from 'vitest';
import de from '../../../lang/de.json' with { type: 'json' };
import fr from '../../../lang/fr.json' with { type: 'json' };
import { browserLanguage, missedDoseNotification, otherNotification, readMissedDosePayload, readReminderPayload, reminderNotification, type ReminderTexts } from '../../../sw/reminders';

const pick = (catalogue: Record<string, string>) => Object.fromEntries(Object.entries(catalogue).filter(([k]) => k.startsWith('reminder.push.')));
const texts: ReminderTexts = { de: pick(de), fr: pick(fr) };
const payload = (over: Record<string, unknown> = {}) => JSON.stringify({ v: 1, kind: 'dose-reminder', lang: 'de', day: '2026-11-25', period: 'evening', round: 0, names: null, token: 'abc.def', ...over });

describe('readReminderPayload', () => {
  it.each([
    ['not JSON', 'hello'],
    ['another kind', payload({ kind: 'news' })],
    ['no token', payload({ token: 7 })],
    ['an unknown period', payload({ period: 'brunch' })],
    ['nothing', null],
  ])('%s is no reminder', (_, text) => {
    expect(readReminderPayload(text)).toBeNull();
  });

  it('an unknown language reads as German', () => {
    expect(readReminderPayload(payload({ lang: 'it' }))?.lang).toBe('de');
  });
});

describe('reminderNotification', () => {
  it.each([
    ['de', de, ''],
    ['fr', fr, '/fr'],
  ] as const)('%s: title of the period, body without names, both actions, the dashboard at the period', (lang, t, prefix) => {
    const { title, options } = reminderNotification(readReminderPayload(payload({ lang }))!, texts);
    expect(title).toBe(t['reminder.push.title.evening']);
    expect(options.body).toBe(t['reminder.push.body']);
    expect(options.actions).toEqual([
      { action: 'taken', title: t['reminder.push.action.taken'] },
      { action: 'later', title: t['reminder.push.action.later'] },
    ]);
    expect(options.data).toMatchObject({ token: 'abc.def', url: `${prefix}/dashboard#dash-period-evening` });
    expect(options.tag).toBe('dose-2026-11-25-evening');
  });

  it('names only when the device chose them (the payload carries them)', () => {
    const { options } = reminderNotification(readReminderPayload(payload({ names: ['ASPIRIN Cardio', 'PANTOZEP'] }))!, texts);
    expect(options.body).toBe(de['reminder.push.bodyNames'].replace('{names}', 'ASPIRIN Cardio, PANTOZEP'));
  });
});

// issue 38 item 5: a push that is no reminder of a period is not titled as one ("… am Morgen" at 18:50)
describe('a push that is no reminder', () => {
  it.each([
    ['de', de, '/dashboard'],
    ['fr', fr, '/fr/dashboard'],
  ] as const)('%s: the pharmacy and a plain line, no period, a tap opens the app', (lang, t, url) => {
    const { title, options } = otherNotification(texts, lang);
    expect(title).toBe(t['reminder.push.title.other']);
    expect(options.body).toBe(t['reminder.push.bodyOther']);
    expect(options.data).toEqual({ url });
    const periods = ['morning', 'noon', 'evening', 'night'].map((p) => t[`reminder.push.title.${p}` as keyof typeof t]);
    expect(periods).not.toContain(title);
  });

  it.each([
    ['fr-CH', 'fr'],
    ['fr', 'fr'],
    ['de-CH', 'de'],
    ['it-CH', 'de'],
    [undefined, 'de'],
  ] as const)('the browser language %s: %s', (language, lang) => {
    expect(browserLanguage(language)).toBe(lang);
  });
});

// issue 41 item 4: a helper's device is told that a person's doses are still unmarked
describe('a missed-dose alert', () => {
  const alert = (over: Record<string, unknown> = {}) => JSON.stringify({ v: 1, kind: 'missed-dose', lang: 'de', person: 'Walter', day: '2026-12-02', period: 'evening', names: null, ...over });

  it('is read only as such: a reminder or anything else is not one', () => {
    expect(readMissedDosePayload(alert())).toMatchObject({ kind: 'missed-dose', person: 'Walter', period: 'evening' });
    expect(readMissedDosePayload(alert({ period: 'teatime' }))).toBeNull();
    expect(readMissedDosePayload(JSON.stringify({ kind: 'dose-reminder', day: '2026-12-02', period: 'evening', token: 'x' }))).toBeNull();
    expect(readMissedDosePayload('not json')).toBeNull();
    expect(readReminderPayload(alert())).toBeNull();
  });

  it('de: names the person and the period, no actions, no medication unless the person allows them; a tap opens the helpers', () => {
    const { title, options } = missedDoseNotification(readMissedDosePayload(alert())!, texts);
    expect(title).toBe(de['reminder.push.missed.title.evening'].replace('{person}', 'Walter'));
    expect(options.body).toBe(de['reminder.push.missed.body']);
    expect(options).not.toHaveProperty('actions');
    expect(options.data).toEqual({ url: '/profile/helpers' });
    const named = missedDoseNotification(readMissedDosePayload(alert({ names: ['Atorvastatin', 'Metformin'] }))!, texts);
    expect(named.options.body).toBe(de['reminder.push.missed.bodyNames'].replace('{names}', 'Atorvastatin, Metformin'));
  });

  it('fr: in the helper’s language; a person without a stored name is “someone you help”', () => {
    const { title, options } = missedDoseNotification(readMissedDosePayload(alert({ lang: 'fr', person: '', period: 'morning' }))!, texts);
    expect(title).toBe(fr['reminder.push.missed.title.morning'].replace('{person}', fr['reminder.push.missed.someone']));
    expect(options.body).toBe(fr['reminder.push.missed.body']);
    expect(options.data).toEqual({ url: '/fr/profile/helpers' });
  });
});

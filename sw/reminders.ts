// Dose reminders in the service worker (issue 28): every push becomes a notification (iOS revokes
// a subscription whose pushes show none), in the patient's language, with the actions "Taken" and
// "Remind me in 30 minutes"; the actions post the reminder's capability token to
// /functions/v1/doseReminderAction without opening the app and without a session. Pure parts
// here (tests/unit/pwa/sw-reminders.test.ts); the listeners in sw.ts.
import type { MissedDoseAlertPayload, ReminderPayload } from '../supabase/functions/_shared/dose-reminders';

/** The notification texts of both catalogues (lang/*.json, keys `reminder.push.*`), put in by vite.config.ts. */
export type ReminderTexts = Readonly<Record<'de' | 'fr', Readonly<Record<string, string>>>>;

export const TAKEN_ACTION = 'taken';
export const LATER_ACTION = 'later';

/** What the notification keeps for its actions and its tap. */
export interface ReminderData {
  token: string;
  lang: 'de' | 'fr';
  day: string;
  period: ReminderPayload['period'];
  url: string;
}

const PERIODS = new Set(['morning', 'noon', 'evening', 'night']);

/** The payload of a reminder push, or null for anything else (shown as a plain notification). */
export function readReminderPayload(text: string | null): ReminderPayload | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ReminderPayload> | null;
    if (!value || value.kind !== 'dose-reminder' || typeof value.token !== 'string' || typeof value.day !== 'string' || !PERIODS.has(String(value.period))) return null;
    return { ...value, lang: value.lang === 'fr' ? 'fr' : 'de', names: Array.isArray(value.names) ? value.names.filter((n) => typeof n === 'string') : null } as ReminderPayload;
  } catch {
    return null;
  }
}

export const reminderText = (texts: ReminderTexts, lang: 'de' | 'fr', key: string): string => texts[lang][`reminder.push.${key}`] ?? texts.de[`reminder.push.${key}`] ?? '';

/** Where a tap on the notification leads: the dashboard at that period's plan. */
export const reminderUrl = (payload: Pick<ReminderPayload, 'lang' | 'period'>): string => `${payload.lang === 'fr' ? '/fr' : ''}/dashboard#dash-period-${payload.period}`;

/** Title and options of the reminder's notification. Names only when the payload has them (the device chose so). */
export function reminderNotification(payload: ReminderPayload, texts: ReminderTexts): { title: string; options: NotificationOptions & { actions: { action: string; title: string }[] } } {
  const t = (key: string) => reminderText(texts, payload.lang, key);
  const body = payload.names && payload.names.length > 0 ? t('bodyNames').replace('{names}', payload.names.join(', ')) : t('body');
  const data: ReminderData = { token: payload.token, lang: payload.lang, day: payload.day, period: payload.period, url: reminderUrl(payload) };
  return {
    title: t(`title.${payload.period}`),
    options: {
      body,
      lang: payload.lang === 'fr' ? 'fr-CH' : 'de-CH',
      // one notification per day and period: a "later" round replaces the first
      tag: `dose-${payload.day}-${payload.period}`,
      requireInteraction: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data,
      actions: [
        { action: TAKEN_ACTION, title: t('action.taken') },
        { action: LATER_ACTION, title: t('action.later') },
      ],
    },
  };
}

/** The payload of a missed-dose alert (a helper's device, issue 41), or null for anything else. */
export function readMissedDosePayload(text: string | null): MissedDoseAlertPayload | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<MissedDoseAlertPayload> | null;
    if (!value || value.kind !== 'missed-dose' || typeof value.day !== 'string' || !PERIODS.has(String(value.period))) return null;
    return {
      ...value,
      lang: value.lang === 'fr' ? 'fr' : 'de',
      person: typeof value.person === 'string' ? value.person : '',
      names: Array.isArray(value.names) ? value.names.filter((n) => typeof n === 'string') : null,
    } as MissedDoseAlertPayload;
  } catch {
    return null;
  }
}

/**
 * The helper's notification: who, which period, the medications only when the person allows
 * them; no actions (the helper asks the person, or ticks it off in the app); a tap opens the
 * helpers' page, where the person is listed. One per person, day and period.
 */
export function missedDoseNotification(payload: MissedDoseAlertPayload, texts: ReminderTexts): { title: string; options: NotificationOptions } {
  const t = (key: string) => reminderText(texts, payload.lang, key);
  const person = payload.person.trim() || t('missed.someone');
  const body = payload.names && payload.names.length > 0 ? t('missed.bodyNames').replace('{names}', payload.names.join(', ')) : t('missed.body');
  const data: OpenData = { url: `${payload.lang === 'fr' ? '/fr' : ''}/profile/helpers` };
  return {
    title: t(`missed.title.${payload.period}`).replace('{person}', person),
    options: {
      body,
      lang: payload.lang === 'fr' ? 'fr-CH' : 'de-CH',
      tag: `missed-${payload.day}-${payload.period}-${person}`,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data,
    },
  };
}

/** The language of a push that names none: the browser's (French for fr, fr-CH, …), else German. */
export const browserLanguage = (language: string | undefined): 'de' | 'fr' => (/^fr\b/i.test(language ?? '') ? 'fr' : 'de');

/** What a tap on a notification that is no reminder opens. */
export interface OpenData {
  url: string;
}

/**
 * A push that is no reminder of a period (every push must show a notification: iOS revokes a
 * subscription whose pushes show none): the pharmacy's name and a plain line in the browser's
 * language, a tap opening the app — never a period's title such as "… am Morgen" at 18:50 (issue 38).
 */
export function otherNotification(texts: ReminderTexts, lang: 'de' | 'fr'): { title: string; options: NotificationOptions } {
  const data: OpenData = { url: `${lang === 'fr' ? '/fr' : ''}/dashboard` };
  return {
    title: reminderText(texts, lang, 'title.other'),
    options: { body: reminderText(texts, lang, 'bodyOther'), lang: lang === 'fr' ? 'fr-CH' : 'de-CH', icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data },
  };
}

export const isOpenData = (value: unknown): value is OpenData => !!value && typeof value === 'object' && typeof (value as OpenData).url === 'string';

/** Posts the action with the token; true when the server took it. */
export async function postReminderAction(functionsUrl: string, data: ReminderData, action: typeof TAKEN_ACTION | typeof LATER_ACTION, at: Date, doFetch: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await doFetch(`${functionsUrl}/functions/v1/doseReminderAction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: data.token, action, at: at.toISOString() }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

export const isReminderData = (value: unknown): value is ReminderData =>
  !!value && typeof value === 'object' && typeof (value as ReminderData).token === 'string' && typeof (value as ReminderData).url === 'string';

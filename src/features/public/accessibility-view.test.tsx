// @vitest-environment happy-dom
// issue 40 item 8: the accessibility statement — what the app meets, what not yet, how to report
// a barrier — in German and French, with the pharmacy's contact from the one place the footer reads.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { NOTIFICATION_MS, OPENING_HOURS } from '../../domain/constants';
import { TestProviders } from '../../i18n/test-providers';
import { PHARMACY } from '../../ui/pharmacy';
import { BARRIER_ANSWER_WORKING_DAYS, STATEMENT_REVIEWED } from './accessibility-statement';
import AccessibilityView from './accessibility-view';

type Lang = 'de' | 'fr';
const catalogues: Record<Lang, Record<string, string>> = { de, fr };

/** Text as a reader gets it: no-break spaces as spaces, whitespace collapsed. */
const norm = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim();
/** A plain catalogue text with its rich-text tags dropped. */
const text = (lang: Lang, id: string): string => {
  const value = catalogues[lang][id];
  if (value === undefined) throw new Error(`missing ${lang} message ${id}`);
  return norm(value.replace(/<\/?\w+>/g, ''));
};

const renderIn = (lang: Lang) => render(<TestProviders lang={lang}><AccessibilityView /></TestProviders>);
const region = (name: string) => screen.getByRole('region', { name: (n) => norm(n) === name });
const items = (section: HTMLElement) => within(section).getAllByRole('listitem').map((li) => norm(li.textContent));

describe.each<Lang>(['de', 'fr'])('the accessibility page in %s', (lang) => {
  const t = (id: string) => text(lang, id);
  const number = (value: number) => new Intl.NumberFormat(`${lang}-CH`).format(value);

  it('one h1 and three sections in order: what it meets, what not yet, reporting a barrier', () => {
    renderIn(lang);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => norm(h.textContent))).toEqual([t('public.accessibility.heading')]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => norm(h.textContent))).toEqual(
      ['meets', 'notYet', 'report'].map((section) => t(`public.accessibility.${section}.title`)),
    );
  });

  it('what it meets: the checks of every route, then the screen-reader journeys', () => {
    renderIn(lang);
    const meets = region(t('public.accessibility.meets.title'));
    const lists = within(meets).getAllByRole('list');
    expect(lists).toHaveLength(2);
    expect(within(lists[0] as HTMLElement).getAllByRole('listitem').map((li) => norm(li.textContent))).toEqual(
      ['reflow', 'largeText', 'spacing', 'contrast', 'motion', 'targets', 'names', 'keyboard'].map((key) => t(`public.accessibility.meets.${key}`)),
    );
    expect(within(lists[1] as HTMLElement).getAllByRole('listitem').map((li) => norm(li.textContent))).toEqual(
      ['headings', 'announce', 'focus'].map((key) => t(`public.accessibility.journeys.${key}`)),
    );
    // the lead phrase of each check stands out
    expect(within(lists[0] as HTMLElement).getAllByRole('listitem').every((li) => li.querySelector('strong'))).toBe(true);
    expect(norm(meets.textContent)).toContain('WCAG 2.2');
  });

  it('what it does not yet, with the notices’ real display time', () => {
    renderIn(lang);
    const notYet = items(region(t('public.accessibility.notYet.title')));
    expect(notYet).toHaveLength(5);
    expect(notYet[0]).toBe(t('public.accessibility.notYet.paper'));
    expect(notYet[4]).toBe(t('public.accessibility.notYet.people'));
    // spec §9: a notification vanishes after 3.5 s; the page says the constant, in the language's format
    expect(notYet[3]).toContain(`${number(NOTIFICATION_MS / 1000)} `);
    expect(notYet[3]).not.toContain('{seconds');
  });

  it('reporting a barrier: the pharmacy’s phone with its hours and e-mail (the footer’s), what to tell, the answer within five working days', () => {
    renderIn(lang);
    const report = region(t('public.accessibility.report.title'));
    const phone = within(report).getByRole('link', { name: PHARMACY.phone });
    expect(phone.getAttribute('href')).toBe(PHARMACY.phoneHref);
    expect(within(report).getByRole('link', { name: PHARMACY.email }).getAttribute('href')).toBe(`mailto:${PHARMACY.email}`);
    const hours = norm(phone.closest('dd')?.textContent);
    expect(hours).toContain(OPENING_HOURS.open);
    expect(hours).toContain(OPENING_HOURS.close);
    expect(items(report)).toEqual(['page', 'what', 'device', 'assistive'].map((key) => t(`public.accessibility.report.tell.${key}`)));
    expect(BARRIER_ANSWER_WORKING_DAYS).toBe(5);
    const answer = within(report).getByText((_, el) => el?.tagName === 'P' && norm(el.textContent).includes(` ${BARRIER_ANSWER_WORKING_DAYS} `));
    expect(norm(answer.textContent)).toMatch(lang === 'de' ? /innert 5 Arbeitstagen\.$/ : /délai de 5 jours ouvrables\.$/);
  });

  it('the day of the last review, written out in the page’s language', () => {
    const { container } = renderIn(lang);
    const time = container.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(STATEMENT_REVIEWED);
    expect(STATEMENT_REVIEWED).toBe('2026-11-29');
    expect(norm(time?.textContent)).toBe(lang === 'de' ? '29. November 2026' : '29 novembre 2026');
  });
});

// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import fr from '../../../lang/fr.json';
import { TestProviders } from '../../i18n/test-providers';
import GenericsView from './generics-view';
import HomeView from './home-view';
import PrescriptionTutorialView from './prescription-tutorial-view';

type Lang = 'de' | 'fr';
const catalogues: Record<Lang, Record<string, string>> = { de, fr };

/** A catalogue text as it is displayed: rich-text tags dropped, whitespace collapsed. */
const text = (lang: Lang, id: string): string => {
  const value = catalogues[lang][id];
  if (value === undefined) throw new Error(`missing ${lang} message ${id}`);
  return value.replace(/<\/?\w+>/g, '').replace(/\s+/g, ' ').trim();
};

const norm = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim();
/** Accessible-name matcher tolerant of the no-break spaces the French texts use. */
const named = (expected: string) => (name: string) => norm(name) === expected;

const renderIn = (lang: Lang, view: ReactElement) => render(<TestProviders lang={lang}>{view}</TestProviders>);

const headingNames = (level: number) => screen.getAllByRole('heading', { level }).map((h) => norm(h.textContent));

describe.each<Lang>(['de', 'fr'])('public views in %s', (lang) => {
  const t = (id: string) => text(lang, id);

  it('home: one h1, calls to action, promises and the prescription rule', () => {
    renderIn(lang, <HomeView />);
    expect(headingNames(1)).toEqual([t('public.home.hero.title')]);
    expect(headingNames(2)).toEqual(
      ['how', 'promises', 'rules', 'generics', 'account'].map((section) => t(`public.home.${section}.title`)),
    );

    const register = screen.getAllByRole('link', { name: named(t('public.cta.register')) });
    expect(register.length).toBeGreaterThan(0);
    register.forEach((link) => expect(link.getAttribute('href')).toBe('/login?register=1'));
    screen.getAllByRole('link', { name: named(t('public.cta.login')) }).forEach((link) => expect(link.getAttribute('href')).toBe('/login'));

    for (const key of ['delivery', 'postage', 'probons', 'insurer', 'pharmacist']) {
      expect(screen.getByRole('heading', { level: 3, name: named(t(`public.home.promises.${key}.title`)) })).toBeTruthy();
    }
    for (const key of ['overview', 'expiry', 'intake', 'ordering', 'tracking']) {
      expect(screen.getByRole('heading', { level: 3, name: named(t(`public.home.account.${key}.title`)) })).toBeTruthy();
    }
    expect(screen.getByRole('note').textContent?.replace(/\s+/g, ' ')).toContain(t('public.rxRule.notice'));
    expect(screen.getByRole('link', { name: named(t('public.home.rules.tutorialLink')) }).getAttribute('href')).toBe('/prescriptiontutorial');
    expect(screen.getByRole('link', { name: named(t('public.home.generics.link')) }).getAttribute('href')).toBe('/generics');
  });

  it('home: how it works is an ordered list of three steps', () => {
    renderIn(lang, <HomeView />);
    const section = screen.getByRole('region', { name: named(t('public.home.how.title')) });
    const list = within(section).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('generics: one h1, deductible, worked example and links', () => {
    renderIn(lang, <GenericsView />);
    expect(headingNames(1)).toEqual([t('public.generics.heading')]);
    expect(screen.getByRole('heading', { level: 2, name: named(t('public.generics.what.title')) })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: named(t('public.generics.deductible.title')) })).toBeTruthy();
    expect(screen.getByText(t('public.generics.deductible.rule'))).toBeTruthy();
    expect(screen.getByText(t('public.generics.why.text'))).toBeTruthy();

    const table = screen.getByRole('table', { name: named(t('public.generics.example.caption')) });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('columnheader', { name: named(t('public.generics.example.generic')) })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: named(t('public.generics.example.colUnit')) })).toBeTruthy();
    const result = screen.getByText((_, el) => el?.tagName === 'P' && el.classList.contains('public-highlight') && /11\s%/.test(el.textContent ?? ''));
    expect(result).toBeTruthy();

    expect(screen.getByRole('link', { name: named(t('public.generics.calculator.link')) }).getAttribute('href')).toBe('/generics/calculator');
    expect(screen.getByRole('link', { name: named(t('public.generics.settings.link')) }).getAttribute('href')).toBe('/profile/medication');
  });

  it('tutorial: one h1 and the four steps as an ordered list with step numbers', () => {
    renderIn(lang, <PrescriptionTutorialView />);
    expect(headingNames(1)).toEqual([t('public.tutorial.heading')]);

    const section = screen.getByRole('region', { name: named(t('public.tutorial.steps.title')) });
    const list = section.querySelector('ol');
    expect(list).not.toBeNull();
    const steps = within(list as HTMLElement).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(steps).toHaveLength(4);
    steps.forEach((step, index) => {
      const heading = within(step).getByRole('heading', { level: 3 });
      const label = t('public.steps.label').replace('{n}', String(index + 1));
      expect(heading.textContent?.replace(/\s+/g, ' ').trim()).toBe(`${label} ${t(`public.tutorial.step${index + 1}.title`)}`);
    });

    // step 2 lists the three ways and the rule that patients may not e-mail prescriptions
    const ways = within(steps[1] as HTMLElement).getAllByRole('listitem');
    expect(ways.map((li) => li.textContent?.replace(/\s+/g, ' ').trim())).toEqual(
      ['post', 'doctor', 'partner'].map((way) => t(`public.tutorial.step2.${way}`)),
    );
    expect(within(steps[1] as HTMLElement).getByRole('note')).toBeTruthy();

    expect(screen.getByRole('link', { name: named(t('public.cta.register')) }).getAttribute('href')).toBe('/login?register=1');
    expect(screen.getByRole('link', { name: named(t('public.cta.login')) }).getAttribute('href')).toBe('/login');
  });
});

it('German and French catalogues both hold every public message', () => {
  const publicKeys = (c: Record<string, string>) => Object.keys(c).filter((k) => k.startsWith('public.')).sort();
  expect(publicKeys(fr)).toEqual(publicKeys(de));
  expect(publicKeys(de).length).toBeGreaterThan(90);
});

// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from './catalogues';
import { I18nProvider } from './i18n-provider';
import { languageStore } from './language-store';
import { Msg } from './msg';

/** Records every write of the document's `lang`, the same value included (a DOM mutation record each). */
function watchLang(): { writes: () => (string | null)[]; stop: () => void } {
  const seen: (string | null)[] = [];
  const observer = new MutationObserver((records) => seen.push(...records.map(() => document.documentElement.getAttribute('lang'))));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return {
    writes: () => [...seen, ...observer.takeRecords().map(() => document.documentElement.getAttribute('lang'))],
    stop: () => observer.disconnect(),
  };
}

/** Counts its own renders: a child the provider renders again shows it. */
function Renders({ count }: { count: { n: number } }) {
  const renders = useRef(0);
  renders.current += 1;
  useEffect(() => {
    count.n = renders.current;
  });
  return <Msg id="nav.logout" />;
}

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

describe('I18nProvider and the document language', () => {
  beforeEach(async () => {
    languageStore.set('de');
    // the start has the catalogue already (the landing asked for it before the first render)
    await loadCatalogue('de');
    await loadCatalogue('fr');
  });

  // spec §2 De/Fr: the document says the language the texts are in
  it('leaves `lang` unwritten when the document says the language already, and renders the app once', async () => {
    document.documentElement.lang = 'de';
    const lang = watchLang();
    const count = { n: 0 };
    render(
      <I18nProvider>
        <Renders count={count} />
      </I18nProvider>,
    );
    await settle();
    expect(screen.getByText('Abmelden')).toBeTruthy();
    // writing the same value restyles every element of the page (the browser's `:lang()` matching)
    expect(lang.writes()).toEqual([]);
    // the catalogue's load answering with the catalogue already shown renders nothing again
    expect(count.n).toBe(1);
    lang.stop();
  });

  it('writes `lang` when the language changes, and when the document said another one', async () => {
    document.documentElement.lang = 'fr';
    const lang = watchLang();
    render(
      <I18nProvider>
        <Msg id="nav.logout" />
      </I18nProvider>,
    );
    await settle();
    expect(lang.writes()).toEqual(['de']);
    await act(async () => languageStore.set('fr'));
    await settle();
    expect(document.documentElement.lang).toBe('fr');
    expect(lang.writes()).toEqual(['de', 'fr']);
    lang.stop();
  });
});

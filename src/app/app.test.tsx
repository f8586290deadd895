// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageStore } from '../i18n/language-store';
import { holdScreen } from '../lib/screen-shown';
import { App } from './app';

function at(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

describe('App shell', () => {
  beforeEach(() => {
    languageStore.set('de');
    window.scrollTo = () => {};
  });

  // spec §2 "/de/{any}, /fr/{any} ... set the language and redirect to the same path without the prefix"
  it('/fr/generics sets French and shows /generics', async () => {
    at('/fr/generics?x=1');
    await waitFor(() => expect(window.location.pathname).toBe('/generics'));
    expect(window.location.search).toBe('?x=1');
    // the French catalogue is a chunk of its own: loaded, then applied (over 1 s on a busy machine)
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'), { timeout: 5000 });
    expect(languageStore.get()).toBe('fr');
  });

  it('/de goes to / in German', async () => {
    languageStore.set('fr');
    at('/de');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(languageStore.get()).toBe('de');
  });

  // spec §2 "Other routes show a login prompt when signed out." and the title pattern of §1
  it('shows the login prompt on a protected route, titled after the route', async () => {
    at('/prescriptions');
    // the session store loads supabase-js lazily: the spinner shows until it says "signed out"
    expect(await screen.findByRole('heading', { level: 1, name: 'Bitte melden Sie sich an' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Rezeptplattform - Rezepte'));
    const main = screen.getByRole('main');
    expect(main.querySelector('a[href="/login?next=%2Fprescriptions"]')?.textContent).toBe('Anmelden');
  });

  it('titles pages in the current language and marks unknown paths', async () => {
    languageStore.set('fr');
    at('/nowhere');
    await waitFor(() => expect(document.title).toBe('Plateforme d’ordonnances - Page introuvable'));
  });

  // an unknown path says "not found", names the address and offers the way home
  it('an unknown path says it was not found and links home; search engines are told to skip it', async () => {
    at('/rezepte/alt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('/rezepte/alt');
    expect(main.textContent).not.toContain('gebaut');
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  // spec §2 footer: links with French variants, contact, hours and version label v1.6.1
  it('renders the footer with localized targets and the version label', async () => {
    languageStore.set('fr');
    at('/generics');
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() => expect(footer.textContent).toContain('Version v1.6.1'));
    // the pages' links come a frame after the contact
    const links = await waitFor(() => {
      const found = [...footer.querySelectorAll('a[hreflang]')];
      expect(found).toHaveLength(13);
      return found;
    });
    expect(links.every((a) => a.getAttribute('href')?.startsWith('https://www.rezeptpost.ch/fr/'))).toBe(true);
    expect(footer.textContent).toContain('du lundi au vendredi, de 08:00 à 17:00');
    expect(footer.querySelector('a[href^="mailto:"]')).toBeTruthy();
    expect(footer.querySelector('a[href^="tel:"]')).toBeTruthy();
  });

  // the footer waits for the screen's parts (screen-shown.ts): coming with a screen's last slice,
  // it made that frame's layout half again as long
  it('shows the footer only once the screen has shown all its parts', async () => {
    const release = holdScreen();
    at('/generics');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toBeTruthy();
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('contentinfo')).toBeNull();
    act(() => release());
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
  });

  // issue 40 item 8: the footer's information links lead to the app's own accessibility page,
  // in the language shown, and it opens in the app
  it('links the footer to the accessibility page in both languages', async () => {
    at('/generics');
    const footer = await screen.findByRole('contentinfo');
    const link = await waitFor(() => {
      const found = footer.querySelector<HTMLAnchorElement>('a[href="/accessibility"]');
      expect(found?.textContent).toBe('Barrierefreiheit');
      return found as HTMLAnchorElement;
    });
    expect(link.hasAttribute('hreflang')).toBe(false);
    act(() => languageStore.set('fr'));
    await waitFor(() => expect(link.textContent).toBe('Accessibilité'));
    fireEvent.click(link);
    await waitFor(() => expect(window.location.pathname).toBe('/accessibility'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibilité' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Plateforme d’ordonnances - Accessibilité'));
  });
});

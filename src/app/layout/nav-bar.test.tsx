// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../i18n/test-providers';
import { SIGNED_OUT } from '../guards';
import { SessionContext } from '../session-context';
import { NavBar } from './nav-bar';

const renderNav = (value: React.ContextType<typeof SessionContext>, lang: 'de' | 'fr' = 'de') =>
  render(
    <TestProviders lang={lang} path="/orders">
      <SessionContext.Provider value={value}>
        <NavBar />
      </SessionContext.Provider>
    </TestProviders>,
  );

describe('NavBar', () => {
  // spec §2 navigation variants and the logout button
  it('signed out: tutorial link and login button', () => {
    renderNav({ session: SIGNED_OUT });
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getByRole('link', { name: 'So funktioniert’s' }).getAttribute('href')).toBe('/prescriptiontutorial');
    expect(within(nav).getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe('/login');
    expect(within(nav).queryByRole('button', { name: 'Abmelden' })).toBeNull();
  });

  it('signed in with prescriptions: four links, the current one marked, and a logout button', () => {
    const signOut = vi.fn();
    renderNav({ session: { ...SIGNED_OUT, status: 'signedIn', hasPrescriptions: true }, signOut }, 'fr');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['Ordonnances', 'Commandes', 'Commander', 'Profil']);
    expect(screen.getByRole('link', { name: 'Commandes' }).getAttribute('aria-current')).toBe('page');
    screen.getByRole('button', { name: 'Se déconnecter' }).click();
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('signed in without prescriptions: profile only', () => {
    renderNav({ session: { ...SIGNED_OUT, status: 'signedIn' }, signOut: () => {} });
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Profil']);
  });

  // spec §9 (below 431 px the navigation folds behind a menu button): Escape closes the open menu
  // and gives the focus back to its button
  it('the open menu closes on Escape, the focus back on its button', async () => {
    const user = userEvent.setup();
    renderNav({ session: { ...SIGNED_OUT, status: 'signedIn', hasPrescriptions: true }, signOut: () => {} });
    const toggle = screen.getByRole('button', { name: 'Menü' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Rezepte');
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    // closed, Escape changes nothing
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

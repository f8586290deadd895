// @vitest-environment happy-dom
// spec §2 /profile: "a side navigation: personal (base data, insurance, questionnaire, delivery)
// and account (e-mail, password, two-factor). A red to-do badge marks incomplete items."
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import de from '../../../lang/de.json';
import type { SetupFlags } from '../../domain/setup-state';
import { TestProviders } from '../../i18n/test-providers';
import { ProfileNav } from './profile-nav';

const ALL_DONE: SetupFlags = {
  hasProfile: true,
  hasAddress: true,
  hasSetupInsurance: true,
  hasCompletedQuestionnaire: true,
  hasOrderDefaults: true,
  hasSentPrescription: true,
  hasSetup: true,
};

function renderNav(flags: SetupFlags | null, path = '/profile/basedata') {
  render(
    <TestProviders path={path}>
      <ProfileNav flags={flags} />
    </TestProviders>,
  );
  return screen.getByRole('navigation', { name: de['profile.nav.label'] });
}

const todos = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((a) => a.querySelector('.profile-nav__todo'))
    .map((a) => a.getAttribute('href'));

describe('ProfileNav', () => {
  it('lists the personal and the account pages in two groups; the current page is marked', () => {
    const nav = renderNav(ALL_DONE);
    const personal = within(nav).getByRole('list', { name: de['profile.nav.personal'] });
    const account = within(nav).getByRole('list', { name: de['profile.nav.account'] });
    expect(within(personal).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [de['title.profileBaseData'], '/profile/basedata'],
      [de['title.profileInsurance'], '/profile/insurance'],
      [de['title.profileQuestionnaire'], '/profile/questionnaire'],
      [de['title.profileMedication'], '/profile/medication'],
    ]);
    expect(within(account).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/profile/email', '/profile/password', '/profile/mfa', '/profile/helpers']);
    expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/profile/basedata');
    expect(todos(nav)).toEqual([]);
  });

  it('marks each incomplete item with a to-do badge that is part of the link text', () => {
    const nav = renderNav({ ...ALL_DONE, hasAddress: false, hasCompletedQuestionnaire: false, hasOrderDefaults: false, hasSetup: false });
    expect(todos(nav)).toEqual(['/profile/basedata', '/profile/questionnaire', '/profile/medication']);
    expect(within(nav).getByRole('link', { name: `${de['title.profileBaseData']} ${de['profile.nav.todo']}` })).toBeTruthy();
  });

  it('insurance to do', () => {
    expect(todos(renderNav({ ...ALL_DONE, hasSetupInsurance: false }))).toEqual(['/profile/insurance']);
  });

  it('shows no badges before the flags are known', () => {
    expect(todos(renderNav(null, '/profile/email'))).toEqual([]);
  });
});

import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { SetupFlags } from '../../domain/setup-state';
import { paths } from '../../domain/paths';
import { Msg, useMsg } from '../../i18n/msg';
import './profile-nav.css';

interface NavItem {
  href: string;
  /** the page's title doubles as the link text */
  titleId: string;
  /** to do while this is false (spec §2: a red to-do badge marks incomplete items) */
  done?: (flags: SetupFlags) => boolean;
}

/** spec §2 /profile: personal (base data, insurance, questionnaire, delivery) and account (e-mail, password, two-factor). */
export const PROFILE_NAV: readonly { groupId: string; items: readonly NavItem[] }[] = [
  {
    groupId: 'profile.nav.personal',
    items: [
      { href: paths.profileBaseData.href(), titleId: 'title.profileBaseData', done: (f) => f.hasProfile && f.hasAddress },
      { href: paths.profileInsurance.href(), titleId: 'title.profileInsurance', done: (f) => f.hasSetupInsurance },
      { href: paths.profileQuestionnaire.href(), titleId: 'title.profileQuestionnaire', done: (f) => f.hasCompletedQuestionnaire },
      { href: paths.profileMedication.href(), titleId: 'title.profileMedication', done: (f) => f.hasOrderDefaults },
    ],
  },
  {
    groupId: 'profile.nav.account',
    items: [
      { href: paths.profileEmail.href(), titleId: 'title.profileEmail' },
      { href: paths.profilePassword.href(), titleId: 'title.profilePassword' },
      { href: paths.profileMfa.href(), titleId: 'title.profileMfa' },
      { href: paths.profileHelpers.href(), titleId: 'title.profileHelpers' },
    ],
  },
];

/**
 * The side navigation of the profile. `flags` null (not loaded yet) shows no badges. The
 * current page is marked with aria-current.
 */
export function ProfileNav({ flags }: { flags: SetupFlags | null }) {
  const t = useMsg();
  const [location] = useLocation();
  const idPrefix = useId();
  return (
    <nav className="profile-nav" aria-label={t('profile.nav.label')}>
      {PROFILE_NAV.map((group) => (
        <div key={group.groupId} className="profile-nav__group">
          <p className="profile-nav__heading" id={`${idPrefix}${group.groupId}`}>
            <Msg id={group.groupId} />
          </p>
          <ul className="profile-nav__list" aria-labelledby={`${idPrefix}${group.groupId}`}>
            {group.items.map((item) => {
              const todo = flags !== null && item.done !== undefined && !item.done(flags);
              return (
                <li key={item.href}>
                  <Link href={item.href} className="profile-nav__link" aria-current={location === item.href ? 'page' : undefined}>
                    <span className="profile-nav__text">
                      <Msg id={item.titleId} />
                    </span>
                    {todo ? ' ' : null}
                    {todo ? (
                      <span className="profile-nav__todo">
                        <Msg id="profile.nav.todo" />
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** A profile page: its title, the side navigation, and the page's content beside it. */
export function ProfileLayout({ titleId, flags, children }: { titleId: string; flags: SetupFlags | null; children: ReactNode }) {
  return (
    <section className="page profile-page" aria-labelledby="profile-title">
      <h1 id="profile-title">
        <Msg id={titleId} />
      </h1>
      <div className="profile-layout">
        <ProfileNav flags={flags} />
        <div className="profile-layout__content">{children}</div>
      </div>
    </section>
  );
}

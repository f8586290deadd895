import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Msg } from '../../i18n/msg';
import { useSessionView } from '../session-context';
import { navItemsFor } from './nav-items';
import { paths } from '../../domain/paths';

/** Main navigation; below 431 px it folds behind a menu button (spec §9 breakpoint). */
export function NavBar() {
  const { session, signOut } = useSessionView();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu, as it closes any disclosure laid over the page (WAI-ARIA
  // disclosure navigation menu); the focus goes back to its button when it was in the menu
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (toggle.current?.parentElement?.contains(document.activeElement)) toggle.current.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const items = navItemsFor(session);
  const isCurrent = (href: string) => location === href || location.startsWith(`${href}/`);

  return (
    <nav className="nav-bar" aria-labelledby="main-nav-label">
      <span id="main-nav-label" className="visually-hidden">
        <Msg id="nav.label" />
      </span>
      <button
        ref={toggle}
        type="button"
        className="nav-bar__toggle"
        aria-expanded={open}
        aria-controls="main-nav-list"
        onClick={() => setOpen((o) => !o)}
      >
        <Msg id="nav.menu" />
      </button>
      <ul id="main-nav-list" className={`nav-bar__list${open ? ' nav-bar__list--open' : ''}`}>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} className="nav-bar__link" aria-current={isCurrent(item.href) ? 'page' : undefined} onClick={() => setOpen(false)}>
              <Msg id={item.labelId} />
            </Link>
          </li>
        ))}
        <li className="nav-bar__account">
          {session.status === 'signedIn' ? (
            <button type="button" className="button button--secondary" onClick={signOut} disabled={!signOut}>
              <Msg id="nav.logout" />
            </button>
          ) : (
            <Link href={paths.login.href()} className="button button--primary" onClick={() => setOpen(false)}>
              <Msg id="nav.login" />
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}

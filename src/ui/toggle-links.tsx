import { Link } from 'wouter';
import type { ReactNode } from 'react';
import './toggle-links.css';

export interface ToggleOption {
  href: string;
  label: ReactNode;
  current: boolean;
}

/**
 * Two (or more) sides of one list, each its own address (spec §2 /prescriptions Active/Expired,
 * /orders Open/Closed): links in a labelled navigation, the current side with `aria-current`.
 */
export function ToggleLinks({ label, options }: { label: string; options: readonly ToggleOption[] }) {
  return (
    <nav className="toggle-links" aria-label={label}>
      <ul className="toggle-links__list">
        {options.map((o) => (
          <li key={o.href}>
            <Link href={o.href} className="toggle-links__option" aria-current={o.current ? 'true' : undefined}>
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

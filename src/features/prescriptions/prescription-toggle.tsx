import { Link } from 'wouter';
import { Msg, useMsg } from '../../i18n/msg';
import { paths } from '../../domain/paths';

/** spec §2: Active/Expired with their counts; each side is its own address (?active=true|false). */
export function PrescriptionToggle({ active, counts }: { active: boolean; counts: { active: number; expired: number } }) {
  const t = useMsg();
  const side = (isActive: boolean) => (
    <li>
      <Link
        href={paths.prescriptions.href({ active: isActive })}
        className="rx-toggle__option"
        aria-current={active === isActive ? 'true' : undefined}
      >
        <Msg
          id={isActive ? 'prescriptions.toggle.active' : 'prescriptions.toggle.expired'}
          values={{ count: isActive ? counts.active : counts.expired }}
        />
      </Link>
    </li>
  );
  return (
    <nav className="rx-toggle" aria-label={t('prescriptions.toggle.label')}>
      <ul className="rx-toggle__list">
        {side(true)}
        {side(false)}
      </ul>
    </nav>
  );
}

import { Msg, useMsg } from '../../i18n/msg';
import { paths } from '../../domain/paths';
import { ToggleLinks } from '../../ui/toggle-links';

/** spec §2: Active/Expired with their counts; each side is its own address (?active=true|false). */
export function PrescriptionToggle({ active, counts }: { active: boolean; counts: { active: number; expired: number } }) {
  const t = useMsg();
  const side = (isActive: boolean) => ({
    href: paths.prescriptions.href({ active: isActive }),
    current: active === isActive,
    label: <Msg id={isActive ? 'prescriptions.toggle.active' : 'prescriptions.toggle.expired'} values={{ count: isActive ? counts.active : counts.expired }} />,
  });
  return <ToggleLinks label={t('prescriptions.toggle.label')} options={[side(true), side(false)]} />;
}

import type { OrderToggle as Side } from '../../domain/order-list';
import { paths } from '../../domain/paths';
import { Msg, useMsg } from '../../i18n/msg';
import { ToggleLinks } from '../../ui/toggle-links';

/** spec §2: Open/Closed with their counts; each side is its own address (?active=true|false). */
export function OrderToggle({ side, counts }: { side: Side; counts: Record<Side, number> }) {
  const t = useMsg();
  const option = (which: Side) => ({
    href: paths.orders.href({ active: which === 'open' }),
    current: side === which,
    label: <Msg id={`orders.toggle.${which}`} values={{ count: counts[which] }} />,
  });
  return <ToggleLinks label={t('orders.toggle.label')} options={[option('open'), option('closed')]} />;
}

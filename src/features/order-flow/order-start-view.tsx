import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { usePrescriptions } from '../../data/hooks/use-prescriptions';
import { paths } from '../../domain/paths';
import { prescriptionCounts } from '../../domain/prescription-state';
import { Msg } from '../../i18n/msg';
import { SHOP_URL } from '../../ui/legal-links';
import { Spinner } from '../../ui/spinner';
import { useIntlLanguage } from '../../i18n/use-intl-language';
import './order-flow.css';

/** One way to order: its title, a sentence and the link (message ids order.start.<key>, <key>Text, <key>Button). */
function Choice({ id, text, link, main = false }: { id: string; text: ReactNode; link: (label: ReactNode) => ReactNode; main?: boolean }) {
  return (
    <li className={`order-choice${main ? ' order-choice--main' : ''}`}>
      <h2 className="order-choice__title">
        <Msg id={`order.start.${id}`} />
      </h2>
      <p>{text}</p>
      {link(<Msg id={`order.start.${id}Button`} />)}
    </li>
  );
}

/**
 * /order (spec §2): reorder from the active prescriptions (with their number), send a new
 * prescription, or visit the web shop (another site, a new tab: said to screen readers).
 */
export default function OrderStartView() {
  const prescriptions = usePrescriptions();
  const [now] = useState(() => new Date());
  const language = useIntlLanguage();
  if (prescriptions === undefined) return <Spinner />;
  const active = prescriptionCounts(prescriptions, now).active;
  return (
    <section className="page page--narrow order-flow" aria-labelledby="order-start-title">
      <h1 id="order-start-title">
        <Msg id="title.order" />
      </h1>
      <p>
        <Msg id="order.start.intro" />
      </p>
      <ul className="order-choices">
        <Choice
          main
          id="reorder"
          text={<Msg id="order.start.reorderText" values={{ count: active }} />}
          link={(label) => (
            <Link href={paths.orderSelect.href()} className="button button--primary">
              {label}
            </Link>
          )}
        />
        <Choice
          id="send"
          text={<Msg id="order.start.sendText" />}
          link={(label) => (
            <Link href={paths.prescriptionsAdd.href()} className="button button--secondary">
              {label}
            </Link>
          )}
        />
        <Choice
          id="shop"
          text={<Msg id="order.start.shopText" />}
          link={(label) => (
            <a href={SHOP_URL[language]} className="button button--secondary" target="_blank" rel="noopener noreferrer">
              {label}
              <span className="visually-hidden">
                {' '}
                <Msg id="orders.item.newTab" />
              </span>
            </a>
          )}
        />
      </ul>
    </section>
  );
}

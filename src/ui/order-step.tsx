import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../domain/paths';
import { Msg } from '../i18n/msg';

/** A profile form shown as a review step of the order flow (spec §2 /order/...): its title and the way back to the summary. */
export function OrderStep({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <section className="page page--narrow" aria-labelledby="order-step-title">
      <p>
        <Link href={paths.orderFinish.href()}>
          <Msg id="order.step.back" />
        </Link>
      </p>
      <h1 id="order-step-title">
        <Msg id={titleId} />
      </h1>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';
import { Msg } from '../../i18n/msg';

/** A public page's opening: its one h1 and the lead paragraph, then what follows them (calls to action). */
export function PublicHero({ headingId, leadId, children }: { headingId: string; leadId: string; children?: ReactNode }) {
  return (
    <div className="public-hero">
      <h1 className="public-hero__title">
        <Msg id={headingId} />
      </h1>
      <p className="public-lead">
        <Msg id={leadId} />
      </p>
      {children}
    </div>
  );
}

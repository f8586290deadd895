import { useId, type ReactNode } from 'react';
import { Msg } from '../../i18n/msg';

/** A page section with its h2 heading, labelled by that heading for assistive technology. */
export function PublicSection({ titleId, children, className }: { titleId: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section className={className ? `public-section ${className}` : 'public-section'} aria-labelledby={headingId}>
      <h2 id={headingId} className="public-section__title">
        <Msg id={titleId} />
      </h2>
      {children}
    </section>
  );
}

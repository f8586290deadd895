import type { ReactNode } from 'react';
import { Msg } from '../../i18n/msg';

export interface Step {
  titleId: string;
  textId: string;
  /** extra content below the step text (a list of options, a notice) */
  details?: ReactNode;
}

/**
 * Numbered steps as an ordered list. The number is also written out ("Schritt 2"), so it
 * does not depend on the list marker; role="list" keeps list semantics in Safari, which
 * drops them when list-style is none.
 */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="public-steps" role="list">
      {steps.map((step, index) => (
        <li key={step.titleId} className="public-steps__item">
          <h3 className="public-steps__title">
            <span className="public-steps__number">
              <Msg id="public.steps.label" values={{ n: index + 1 }} />
            </span>{' '}
            <span>
              <Msg id={step.titleId} />
            </span>
          </h3>
          <p>
            <Msg id={step.textId} />
          </p>
          {step.details}
        </li>
      ))}
    </ol>
  );
}

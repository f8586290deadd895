import { Msg } from '../i18n/msg';
import type { ViewProps } from './view-props';

/** Stands in for a view not built yet, and says so. */
export default function PlaceholderView({ titleId }: ViewProps) {
  return (
    <section className="page page--narrow">
      <h1>
        <Msg id={titleId} />
      </h1>
      <p className="notice notice--info">
        <Msg id="app.placeholder" />
      </p>
    </section>
  );
}

import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../domain/paths';
import { Msg } from '../i18n/msg';
import { NOT_FOUND_TITLE_ID } from './routes';
import { usePageTitle } from './use-page-title';

/**
 * Any path outside the routes table. A single-page app cannot answer 404, so the page says it
 * plainly, names the address the patient asked for (a mistyped or cut-off link is the usual
 * cause), offers the way home, and asks search engines not to index it.
 */
export default function NotFoundView() {
  usePageTitle(NOT_FOUND_TITLE_ID);
  const [location] = useLocation();
  useEffect(() => {
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.append(robots);
    return () => robots.remove();
  }, []);
  return (
    <section className="page page--narrow" aria-labelledby="not-found-title">
      <h1 id="not-found-title">
        <Msg id={NOT_FOUND_TITLE_ID} />
      </h1>
      <p>
        <Msg id="notFound.text" values={{ path: <code className="not-found__path">{location}</code> }} />
      </p>
      <p>
        <Link href={paths.home.href()} className="button button--primary">
          <Msg id="notFound.home" />
        </Link>
      </p>
    </section>
  );
}

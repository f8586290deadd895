import { Msg } from '../i18n/msg';

/**
 * A signed-in route's frame, as its prerendered document shows it before any script runs
 * (scripts/prerender.ts): the page's heading and the boxes its data will fill. The app's first
 * render replaces it with the screen and the patient's data, in one commit; nothing above it moves.
 */
export function RouteFrame({ titleId }: { titleId: string }) {
  return (
    <section className="page route-frame" aria-labelledby="route-frame-title" aria-busy="true">
      <h1 id="route-frame-title">
        <Msg id={titleId} />
      </h1>
      <div className="route-frame__boxes" aria-hidden="true">
        <div className="route-frame__box route-frame__box--line" />
        <div className="route-frame__box" />
        <div className="route-frame__box" />
      </div>
    </section>
  );
}

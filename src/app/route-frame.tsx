import { Msg } from '../i18n/msg';

/**
 * A signed-in route's frame, as its prerendered document shows it before any script runs
 * (scripts/prerender.ts): the page's heading, the view's introduction where the route names it
 * (routes.ts frameTexts), and the boxes its data will fill. The app's first render replaces it
 * with the screen and the patient's data, in one commit; nothing above it moves.
 */
export function RouteFrame({ titleId, texts = [] }: { titleId: string; texts?: readonly string[] }) {
  return (
    <section className="page route-frame" aria-labelledby="route-frame-title" aria-busy="true">
      <h1 id="route-frame-title">
        <Msg id={titleId} />
      </h1>
      {texts.map((id) => (
        <p key={id}>
          <Msg id={id} />
        </p>
      ))}
      <div className="route-frame__boxes" aria-hidden="true">
        {texts.length === 0 ? <div className="route-frame__box route-frame__box--line" /> : null}
        <div className="route-frame__box" />
        <div className="route-frame__box" />
      </div>
    </section>
  );
}

import { Msg } from '../i18n/msg';

/** On the app's own render of the frame (route-screen.tsx FrameFirst): the screen follows it a frame later. */
export const FRAME_TAKEOVER_ATTRIBUTE = 'data-takeover';

/** The app has taken the document over, its screen in (the end-to-end tests and the benchmark wait for it). */
export function markAppReady(): void {
  document.documentElement.dataset.app = 'ready';
}

/**
 * A signed-in route's frame, as its prerendered document shows it before any script runs
 * (scripts/prerender.ts): the page's heading, the view's introduction where the route names it
 * (routes.ts frameTexts), and the boxes its data will fill. The app's first render replaces it
 * with the same frame, and the screen with the patient's data a frame later
 * (route-screen.tsx FrameFirst); nothing above it moves.
 */
export function RouteFrame({ titleId, texts = [], takeover = false }: { titleId: string; texts?: readonly string[]; takeover?: boolean }) {
  return (
    <section className="page route-frame" aria-labelledby="route-frame-title" aria-busy="true" {...(takeover ? { [FRAME_TAKEOVER_ATTRIBUTE]: '' } : {})}>
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

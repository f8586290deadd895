import { startTransition, useEffect, useRef, useState } from 'react';
import { afterScreenShown } from '../../lib/screen-shown';
import { nextTask } from '../../lib/next-task';
import { liveQueriesAsked } from './live-queries-in-use';
import { loadMirrorLive } from './mirror-live-load';
import { withSameParts } from '../../lib/same-data';
import type { LocalDb } from '../local/local-db';
import type { MirrorQuery } from '../local/mirror-query';
import { forgetLiveAnswer, readAheadOf, showLiveAnswer } from '../local/read-ahead';

/**
 * A read of the mirror (local/mirror-query.ts) for a screen: `undefined` while the first read runs,
 * unless the app's start read it ahead (local/read-ahead.ts) — then the first render shows that.
 * The live query (Dexie, mirror-live.ts) is loaded as a chunk of its own: after the first paint
 * when the answer was read ahead, at once otherwise. It follows every change of the mirror (a
 * pull, an outbox write, another tab). A new query (other arguments: another key) keeps the last
 * answer on screen until its own arrives, as Dexie's useLiveQuery does. A failed read goes to
 * the view's error boundary — except the live query's files failing to load while an answer is
 * on screen (read ahead, then the network went in a tab the service worker does not serve): the
 * screen keeps its answer and loads them when the connection returns. A null query reads nothing
 * and answers undefined (a row's closed dialog: 200 rows of /prescriptions each followed a live
 * read of "no text" at every pull, traced as 36 ms of a long task after the list opened; issue 36).
 */
export interface MirrorQueryOptions {
  /** false: undefined until the answer is this query's own (a document made of it must not mix two reads) */
  stale?: boolean;
}

export function useMirrorQuery<T>(query: MirrorQuery<T> | null, db?: LocalDb, { stale = true }: MirrorQueryOptions = {}): T | undefined {
  const [answer, setAnswer] = useState<{ key: string; value: T } | undefined>(() => {
    if (!query) return undefined;
    const ahead = readAheadOf(query, db);
    return ahead === undefined ? undefined : { key: query.key, value: ahead };
  });
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [shownAhead] = useState(() => answer !== undefined);
  const [token] = useState(() => Symbol('mirror query'));
  const shownAnswer = useRef(answer);
  const key = query?.key ?? null;
  useEffect(() => {
    if (!query) return undefined;
    let stop: (() => void) | null = null;
    let live = true;
    let pending: { value: T } | null = null;
    const take = (value: T) => {
      pending = null;
      // the same data again (the read ahead's answer, a pull that wrote what was there): the
      // answer on screen stays the very same object, so the screen does not render again;
      // a changed answer keeps its unchanged parts, so what the screen derives from them
      // is not derived again (a returning patient's start: several renders and supply
      // forecasts less while the data layer takes over and the first pull lands)
      // (decided here, not in a state updater: React calls the component once more even
      // for an updater that returns the state it had)
      const current = shownAnswer.current;
      const next = current?.key !== query.key ? value : withSameParts(current.value, value);
      if (current?.key === query.key && next === current.value) return;
      shownAnswer.current = { key: query.key, value: next };
      const shown = shownAnswer.current;
      // a transition: what the new answer changes on screen renders in slices that yield to
      // input and painting (a pull's writes after a returning patient's start, a long list)
      startTransition(() => setAnswer(shown));
    };
    const follow = ({ watchMirrorQuery }: typeof import('./mirror-live')) => {
      if (!live) return;
      stop = watchMirrorQuery(query, db, {
        next: (value) => {
          if (!live) return;
          showLiveAnswer(token, query, value, db);
          // handed to React in a task of its own, not inside IndexedDB's event that brought it
          // (the read's own work and this one added up to 50–58 ms at 4× CPU after the print
          // sheet's first paint); answers that come before that task runs: the last one counts
          const scheduled = pending !== null;
          pending = { value };
          if (!scheduled) void nextTask().then(() => live && pending && take(pending.value));
        },
        error: (error) => live && setFailure({ error }),
      });
    };
    const notLoaded = (error: unknown) => {
      if (!live) return;
      if (shownAnswer.current === undefined) setFailure({ error });
      else globalThis.addEventListener?.('online', watch, { once: true });
    };
    // the mirror opened, then each of a screen's live queries starts in a task of its own: their
    // first reads and the mirror's opening do not add up to one long task
    const watch = () =>
      void loadMirrorLive()
        .then(async (module) => {
          await module.openMirror(db);
          await nextTask();
          return module;
        })
        .then(follow, notLoaded);
    // with the answer read ahead on screen, the live query's files wait until the screen is painted
    // whole; so do they while nobody has asked for them yet (a query the start did not read ahead,
    // a patient information's: Dexie would arrive in the screen's way, decision 0062)
    const cancel = shownAhead || !liveQueriesAsked() ? afterScreenShown(watch) : (watch(), undefined);
    return () => {
      live = false;
      globalThis.removeEventListener?.('online', watch);
      // the answer stays for a screen the start leads on to (a complete overview's redirect to
      // the base data) until a live query answers or the data layer takes over
      cancel?.();
      stop?.();
      forgetLiveAnswer(token);
    };
    // the key names the query with its arguments: a new object with the same key is the same query
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, db, shownAhead, token]);
  if (failure) throw failure.error;
  if (key === null) return undefined;
  return stale || answer?.key === key ? answer?.value : undefined;
}

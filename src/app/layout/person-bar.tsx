// Issue 41: under the top bar, for a helper: whose data the screens show ("Sie handeln für
// Walter", always on screen while acting for a person), the switch between their own data and each
// person they help, and once the note that a person's data left this device because the help
// ended. Nothing for a patient who helps nobody. Rendered after the page was taken over: what it
// shows lives on this device only, the prerendered document cannot know it.
import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Msg, useMsg } from '../../i18n/msg';
import { readStoredSession } from '../../data/stored-session';
import { useSessionView } from '../session-context';
import { actingFor, ACTING_CHANGED_EVENT, ACTING_FOR_KEY, appStorage, droppedPerson, HELPING_KEY, helpedPeople, setDroppedPerson, type HelpedPerson } from '../../data/local/acting-for';
import { switchPerson } from '../../features/helping/switch-person';

const subscribeStorage = (changed: () => void) => {
  globalThis.addEventListener('storage', changed);
  globalThis.addEventListener(ACTING_CHANGED_EVENT, changed);
  return () => {
    globalThis.removeEventListener('storage', changed);
    globalThis.removeEventListener(ACTING_CHANGED_EVENT, changed);
  };
};
const helpingSnapshot = () => appStorage()?.getItem(HELPING_KEY) ?? '';
const noSnapshot = () => '';
const mountedSubscribe = () => () => undefined;

/** false while the document's markup is hydrated, true after (and in a render without markup). */
const useTakenOver = () => useSyncExternalStore(mountedSubscribe, () => true, () => false);

const ME = '';

export function PersonBar() {
  const { session } = useSessionView();
  // the shell's view has no user: the stored session names them (the bar shows only while signed in)
  const userId = session.status === 'signedIn' ? (readStoredSession(appStorage())?.user.id ?? null) : null;
  const takenOver = useTakenOver();
  const helping = useSyncExternalStore(subscribeStorage, helpingSnapshot, noSnapshot);
  const people = useMemo(() => (helping && userId ? helpedPeople(appStorage(), userId) : []), [helping, userId]);
  const acting = useMemo(() => (session.actingFor ? actingFor(appStorage(), userId) : null), [session.actingFor, userId]);
  // shown once: read here, forgotten once shown
  const [dropped] = useState(() => droppedPerson(appStorage(), userId));
  useEffect(() => {
    if (dropped && userId) setDroppedPerson(appStorage(), userId, null);
  }, [dropped, userId]);
  const [chosen, setChosen] = useState(acting?.id ?? ME);
  const msg = useMsg();
  const selectId = useId();

  // another tab switched: this one shows the same person's data (or the helper's own) at once
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === ACTING_FOR_KEY) globalThis.location.reload();
    };
    globalThis.addEventListener('storage', follow);
    return () => globalThis.removeEventListener('storage', follow);
  }, []);

  if (!takenOver || !userId || (!acting && people.length === 0 && !dropped)) return null;
  const nameOf = (person: Pick<HelpedPerson, 'name'>) => person.name ?? msg('caregivers.helping.someone');
  // the person acted for stays offered while the switcher's list is being refreshed
  const offered = acting && !people.some((p) => p.id === acting.id) ? [acting, ...people] : people;

  return (
    <div className={`person-bar${acting ? ' person-bar--acting' : ''}`}>
      <div className="person-bar__inner">
        {acting ? (
          <p className="person-bar__who" data-testid="acting-for">
            <Msg id="helping.bar.actingFor" values={{ name: nameOf(acting) }} />
          </p>
        ) : null}
        {offered.length > 0 ? (
          <form
            className="person-bar__switch"
            onSubmit={(event) => {
              event.preventDefault();
              if (chosen === (acting?.id ?? ME)) return;
              switchPerson(userId, offered.find((p) => p.id === chosen) ?? null);
            }}
          >
            <label htmlFor={selectId}>
              <Msg id="helping.bar.label" />
            </label>
            <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value={ME}>{msg('helping.bar.me')}</option>
              {offered.map((person) => (
                <option key={person.id} value={person.id}>
                  {nameOf(person)}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--secondary">
              <Msg id="helping.bar.switch" />
            </button>
          </form>
        ) : null}
      </div>
      {dropped ? (
        <p className="notice notice--info person-bar__dropped" role="status">
          <Msg id="helping.dropped" values={{ name: dropped.name ?? msg('caregivers.helping.someone') }} />
        </p>
      ) : null}
    </div>
  );
}

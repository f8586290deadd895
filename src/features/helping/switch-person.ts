// Issue 41: the helper's switch between their own data and a person they help. The choice is kept
// on this device (data/local/acting-for.ts) and the page loads again, so every store, query and
// subscription starts for the chosen person's mirror; other tabs follow (person-bar.tsx).
import { setActingFor, appStorage, type HelpedPerson } from '../../data/local/acting-for';
import { paths } from '../../domain/paths';

export function switchPerson(userId: string, person: HelpedPerson | null): void {
  setActingFor(appStorage(), userId, person);
  globalThis.location.assign(paths.dashboard.href());
}

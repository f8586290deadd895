// Imported first by main.tsx, so the first view's files are asked for before React and the
// shell are even evaluated, side by side: the texts, the landing route's chunk and, when the
// page needs it (a mailed link's answer, a route that is not public), the data layer
// (backend-demand.ts). A returning patient whose mirror holds their data (stored-patient.ts)
// gets their screen from the mirror first; the data layer loads after it (the provider asks),
// or at once when the mirror had nothing of them.
import { backendNeededAtOnce, loadBackend, localStorageOrNone } from './backend-demand';
import { preloadLanding } from './landing';
import { routeAt } from './route-at';
import { startStoredPatient } from './stored-patient';

const stored = startStoredPatient({ location: window.location, storage: localStorageOrNone(), readAhead: routeAt(window.location.pathname)?.readAhead });
const loadBackendNow = () => void loadBackend().catch(() => undefined);

/** Settles once the catalogue and the landing view's chunk (for a returning patient: and their data) have loaded, or failed: the provider and the view ask again. */
export const landing: Promise<void> = preloadLanding(window.location.pathname, stored);
if (stored) void stored.then((found) => found || loadBackendNow());
else if (backendNeededAtOnce(window.location)) loadBackendNow();

// Imported first by main.tsx, so the first view's files are asked for before React and the
// shell are even evaluated, side by side: the texts, the landing route's chunk and, when the
// page needs it (a stored session, a mailed link's answer, a route that is not public), the
// data layer (backend-demand.ts).
import { backendNeededAtOnce, loadBackend } from './backend-demand';
import { preloadLanding } from './landing';

/** Settles once the catalogue and the landing view's chunk have loaded (or failed: the provider and the view ask again). */
export const landing: Promise<void> = preloadLanding(window.location.pathname);
if (backendNeededAtOnce(window.location)) loadBackend().catch(() => undefined);

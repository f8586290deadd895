import { loadBackend } from './backend-demand';
import type { SessionBackend } from './session-context';

/** `backend` when there is one already (loaded, or handed in by tests), else the data layer once it has loaded (a sign-out pressed early). */
export const backendOr = (backend: SessionBackend | null | undefined): Promise<SessionBackend> => (backend ? Promise.resolve(backend) : loadBackend());

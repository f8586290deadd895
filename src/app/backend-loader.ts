// The data layer (supabase-js, Dexie, the patient session) behind ONE dynamic import, loaded
// once. The shell asks for it after the first paint (session-provider.tsx); boot.ts asks at
// once when a patient's session is stored on this device, so the installed app opening on its
// dashboard finds it loaded when the shell first renders. No React here: boot.ts runs first.
import type { SessionBackend } from './session-context';

let backend: Promise<SessionBackend> | null = null;
let loaded: SessionBackend | null = null;

export function loadBackend(): Promise<SessionBackend> {
  backend ??= import('./session-backend').then((b) => (loaded = b));
  return backend;
}

/** The data layer if it has loaded already (the shell's first render can use it at once). */
export const loadedBackend = (): SessionBackend | null => loaded;

// State of the "update available" notice: one small observable, fed by the worker layer
// (pwa-client.ts) and read by the banner (update-banner.tsx).
export type UpdateStatus =
  /** nothing waiting */
  | 'idle'
  /** a new version is installed and waits for the user */
  | 'available'
  /** the user chose "later": hidden until the next page load or the next new version */
  | 'dismissed'
  /** the user chose "reload": the new version activates, then the page reloads */
  | 'updating';

export interface UpdateState {
  status: UpdateStatus;
}

type Listener = () => void;

export function createPwaStore() {
  let state: UpdateState = { status: 'idle' };
  let apply: (() => void) | null = null;
  const listeners = new Set<Listener>();
  const set = (status: UpdateStatus) => {
    if (state.status === status) return;
    state = { status };
    listeners.forEach((l) => l());
  };
  return {
    get: (): UpdateState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A new version waits; `applyUpdate` activates it (posts SKIP_WAITING). */
    offerUpdate(applyUpdate: () => void): void {
      apply = applyUpdate;
      if (state.status !== 'updating') set('available');
    },
    /** The user accepted: activate the waiting version (the page reloads once it controls). */
    accept(): void {
      if (!apply || state.status === 'updating') return;
      set('updating');
      apply();
    },
    dismiss(): void {
      if (state.status === 'available') set('dismissed');
    },
  };
}

export type PwaStore = ReturnType<typeof createPwaStore>;

/** The app-wide store. */
export const pwaStore = createPwaStore();

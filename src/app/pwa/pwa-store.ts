// State of the "update available" notice: one small observable, fed by the worker layer
// (pwa-client.ts) and read by the banner (update-banner.tsx).
import { createStore } from '../../lib/store';

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

export function createPwaStore() {
  const store = createStore<UpdateState>({ status: 'idle' }, { equals: (a, b) => a.status === b.status });
  let apply: (() => void) | null = null;
  const set = (status: UpdateStatus) => store.set({ status });
  const status = () => store.get().status;
  return {
    get: store.get,
    subscribe: store.subscribe,
    /** A new version waits; `applyUpdate` activates it (posts SKIP_WAITING). */
    offerUpdate(applyUpdate: () => void): void {
      apply = applyUpdate;
      if (status() !== 'updating') set('available');
    },
    /** The user accepted: activate the waiting version (the page reloads once it controls). */
    accept(): void {
      if (!apply || status() === 'updating') return;
      set('updating');
      apply();
    },
    dismiss(): void {
      if (status() === 'available') set('dismissed');
    },
  };
}

export type PwaStore = ReturnType<typeof createPwaStore>;

/** The app-wide store. */
export const pwaStore = createPwaStore();

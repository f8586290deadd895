// The browser's signals that the connection may be back: `online`/`offline` on the window and
// the page becoming visible again (a phone woken up, a tab brought forward). One listener set
// per page, installed by the session's owner, which decides what each means (sync state,
// pull, replay).

export interface ConnectionTargets {
  window?: EventTarget | undefined;
  document?: (EventTarget & { visibilityState?: string }) | undefined;
}

export interface ConnectionHandlers {
  online: () => void;
  offline: () => void;
  /** the page became visible */
  visible: () => void;
}

/** The page's own window and document (absent in Node). */
export const pageTargets = (): ConnectionTargets => ({
  window: (globalThis as { window?: EventTarget }).window,
  document: (globalThis as { document?: EventTarget & { visibilityState?: string } }).document,
});

/** Listens until the returned function is called. */
export function watchConnection(targets: ConnectionTargets, on: ConnectionHandlers): () => void {
  const win = targets.window;
  const doc = targets.document;
  const online = () => on.online();
  const offline = () => on.offline();
  const visibility = () => {
    if (doc?.visibilityState === 'visible') on.visible();
  };
  win?.addEventListener('online', online);
  win?.addEventListener('offline', offline);
  doc?.addEventListener('visibilitychange', visibility);
  return () => {
    win?.removeEventListener('online', online);
    win?.removeEventListener('offline', offline);
    doc?.removeEventListener('visibilitychange', visibility);
  };
}

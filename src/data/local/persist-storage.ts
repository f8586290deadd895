// Asks the browser once to keep the mirror (navigator.storage.persist): without it, storage
// pressure may evict IndexedDB and an offline patient would find an empty app.
let asked: Promise<boolean> | null = null;

type StorageManagerLike = { persist?: () => Promise<boolean> };

export function requestPersistentStorage(storage: StorageManagerLike | undefined = globalThis.navigator?.storage): Promise<boolean> {
  asked ??= (async () => {
    try {
      return typeof storage?.persist === 'function' ? await storage.persist() : false;
    } catch {
      return false;
    }
  })();
  return asked;
}

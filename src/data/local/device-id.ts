// This device's id (a browser profile: its tabs share it): dose marks carry it, and on marks of
// one dose made at the same instant on two devices it decides which stands (compareMarks of
// src/domain/doses/dose-marks.ts, the server's trigger alike). Kept in localStorage: it is no
// medical datum, so a sign-out leaves it; where storage is unavailable it lives as long as the page.
export const DEVICE_ID_KEY = 'rezeptpost.deviceId';

let memory: string | null = null;

export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage): string {
  try {
    const stored = storage?.getItem(DEVICE_ID_KEY);
    if (stored) return stored;
    if (storage) {
      const id = globalThis.crypto.randomUUID();
      storage.setItem(DEVICE_ID_KEY, id);
      return id;
    }
  } catch {
    // storage refused (private mode, quota): this page's own id
  }
  memory ??= globalThis.crypto.randomUUID();
  return memory;
}

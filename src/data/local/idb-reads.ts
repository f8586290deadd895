// The mirror read with IndexedDB itself, without Dexie: a returning patient's start reads
// their setup flags and the landing screen's data while the app's code still loads (Dexie
// comes with the screens' live queries, after the first paint). Read only, and never in the
// way: no database is created when there is none (the upgrade is aborted, so IndexedDB
// deletes the empty one), and the connection closes as soon as Dexie asks for a new version.
import { READ_STORES, type MirrorReads, type ReadKey, type ReadStore } from './mirror-reads';
import { LOCAL_DB_NAME } from './mirror-schema';

const STORES = READ_STORES;
/** Stores a mirror of an older version may lack (read as empty until Dexie has upgraded it): `rows` came with version 3. */
const LATER: readonly ReadStore[] = ['rows'];

export interface IdbMirror extends MirrorReads {
  close: () => void;
}

/** The mirror opened for reading; null when this device has none (or no IndexedDB). */
export function openIdbMirror(factory: IDBFactory | undefined = globalThis.indexedDB, name: string = LOCAL_DB_NAME): Promise<IdbMirror | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      if (!factory) throw new Error('no IndexedDB');
      request = factory.open(name);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    request.onsuccess = () => {
      const db = request.result;
      if (!STORES.every((store) => LATER.includes(store) || db.objectStoreNames.contains(store))) {
        db.close();
        resolve(null);
        return;
      }
      db.onversionchange = () => db.close();
      resolve(idbReads(db));
    };
  });
}

const ENDED_TRANSACTION = ['TransactionInactiveError', 'InvalidStateError'];

/** The reads share one read-only transaction while it lives (one snapshot), else start the next. */
function idbReads(db: IDBDatabase): IdbMirror {
  let current: IDBTransaction | null = null;
  const stores = STORES.filter((store) => db.objectStoreNames.contains(store));
  const transaction = (): IDBTransaction => {
    const tx = db.transaction(stores, 'readonly');
    tx.oncomplete = tx.onabort = () => {
      if (current === tx) current = null;
    };
    return (current = tx);
  };
  function request<T>(make: (tx: IDBTransaction) => IDBRequest<T>): Promise<T> {
    let req: IDBRequest<T>;
    try {
      req = make(current ?? transaction());
    } catch (error) {
      // the shared transaction committed between two reads (no request was pending; the start
      // awaits the read ahead's chunk between the summary and the screen's reads): inactive, or
      // finished before its complete event has cleared `current` (InvalidStateError)
      if (!(error instanceof DOMException) || !ENDED_TRANSACTION.includes(error.name)) return Promise.reject(error);
      try {
        req = make(transaction());
      } catch (again) {
        return Promise.reject(again); // the connection itself is closed (a newer version asked for it)
      }
    }
    return new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB read failed'));
    });
  }
  const has = (store: ReadStore): boolean => stores.includes(store);
  const get: MirrorReads['get'] = (store, key) => (has(store) ? request((tx) => tx.objectStore(store).get(key)) : Promise.resolve(undefined));
  return {
    mirror: db.name,
    get,
    bulkGet: (store, keys) => Promise.all(keys.map((key) => get(store, key))),
    where: (store, index, value, limit) => (has(store) ? request((tx) => tx.objectStore(store).index(index).getAll(value, limit)) : Promise.resolve([])),
    all: (store) => (has(store) ? request((tx) => tx.objectStore(store).getAll()) : Promise.resolve([])),
    between: (store, lower, upper) => (has(store) ? request((tx) => tx.objectStore(store).getAll(IDBKeyRange.bound(lower, upper))) : Promise.resolve([])),
    keysWhere: (store, index, value) => (has(store) ? request((tx) => tx.objectStore(store).index(index).getAllKeys(value) as IDBRequest<ReadKey[]>) : Promise.resolve([])),
    close: () => db.close(),
  };
}

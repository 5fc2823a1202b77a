/**
 * The measured conv kernel choices kept across visits (engine/convTuning.ts's ConvChoiceStore) in this
 * origin's IndexedDB, keyed by adapter identity, conv shapes and kernel version. Usable from the training
 * and arm workers. A store that cannot open (private browsing, storage off, quota) is a cache that always
 * misses: the choice is then measured again, never refused.
 */
import type { ConvChoiceStore, StoredConvChoice } from '../engine/convTuning';

const DB_NAME = 'batchlab';
const DB_VERSION = 1;
const STORE = 'convChoices';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE);
  };
  return request(open);
}

export function createIndexedDbConvStore(): ConvChoiceStore {
  let db: Promise<IDBDatabase | null> | null = null;
  const database = () =>
    (db ??= (typeof indexedDB === 'undefined' ? Promise.resolve(null) : openDb()).catch(() => null));
  const objects = async (mode: IDBTransactionMode) =>
    (await database())?.transaction(STORE, mode).objectStore(STORE) ?? null;
  return {
    async get(key) {
      try {
        const store = await objects('readonly');
        return store ? ((await request(store.get(key))) as StoredConvChoice | undefined) : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      try {
        const store = await objects('readwrite');
        if (store) await request(store.put(value, key));
      } catch {
        // A cache that cannot write is one that misses next time.
      }
    },
  };
}

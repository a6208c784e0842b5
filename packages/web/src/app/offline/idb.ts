/**
 * A small key-value store in IndexedDB (one database, one object store), for what the app keeps
 * for offline use: the query cache and the outbox. Values are structured-cloned, not JSON.
 */
const DB_NAME = 'ordo-offline';
const STORE = 'kv';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = act(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result as T);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export function idbGet<T>(key: string): Promise<T | undefined> {
  return run<T | undefined>('readonly', (store) => store.get(key));
}

export function idbSet(key: string, value: unknown): Promise<void> {
  return run<void>('readwrite', (store) => store.put(value, key));
}

export function idbDelete(key: string): Promise<void> {
  return run<void>('readwrite', (store) => store.delete(key));
}

export function idbKeys(): Promise<string[]> {
  return run<IDBValidKey[]>('readonly', (store) => store.getAllKeys()).then((keys) => keys.map(String));
}

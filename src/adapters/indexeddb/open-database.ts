import type { DatabaseSchema } from '@/domain/indexeddb-schemas';

/**
 * Opens `schema`'s database, creating the object stores that the version found on disk lacks.
 * It uses nothing but its arguments and the page's IndexedDB: the end-to-end tests run this very
 * function in the browser to write the data they arrange (tests/e2e/arrange.ts), so it must
 * stay self-contained (no import used at run time, no helper of this module).
 */
export function openDatabase(schema: DatabaseSchema, factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(schema.name, schema.version);
    request.onupgradeneeded = (event) => {
      for (const [name, { keyPath, since }] of Object.entries(schema.stores)) {
        if (since > event.oldVersion) request.result.createObjectStore(name, keyPath === undefined ? undefined : { keyPath });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB refused to open ${schema.name}`));
  });
}

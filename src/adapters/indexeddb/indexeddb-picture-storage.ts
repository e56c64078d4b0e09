import { wrap, type IDBPDatabase } from 'idb';
import { checkPictureFile, PICTURE_MESSAGES } from '@/domain/catalogue/picture-file';
import { fail, ok, type Result } from '@/domain/result';
import type { IdGenerator } from '@/ports/id-generator';
import type { Logger } from '@/ports/logger';
import type { PictureStorage } from '@/ports/picture-storage';
import { isLocalPicture, LOCAL_PICTURE_PREFIX } from './local-pictures';
import { PICTURES_DATABASE, type StoreName } from '@/domain/indexeddb-schemas';
import { openDatabase } from './open-database';

const STORE: StoreName<typeof PICTURES_DATABASE> = 'pictures';

export interface ObjectUrls {
  create(blob: Blob): string;
  revoke(url: string): void;
}

export interface IndexedDbPictureStorageOptions {
  /** The IndexedDB of the origin (fake-indexeddb's in Node tests); null where there is none. */
  factory: IDBFactory | null;
  databaseName: string;
  ids: IdGenerator;
  logger: Logger;
  urls?: ObjectUrls;
}

/**
 * The back office's pictures on this device: each file, once checked (picture-file.ts), is a
 * Blob of its checked type in IndexedDB under a new id, and its address is `local-picture:<id>`.
 * Pages show it through an object URL (`resolve`), made once per picture for the life of the page.
 */
export class IndexedDbPictureStorage implements PictureStorage {
  private database: Promise<IDBPDatabase> | null = null;
  /** id → object URL (null: no such picture on this device), for the life of the page. */
  private readonly objectUrls = new Map<string, Promise<string | null>>();
  /** Each object URL this page made, and the address it shows. */
  private readonly addresses = new Map<string, string>();
  private readonly urls: ObjectUrls;

  constructor(private readonly options: IndexedDbPictureStorageOptions) {
    this.urls = options.urls ?? { create: (blob) => URL.createObjectURL(blob), revoke: (url) => URL.revokeObjectURL(url) };
  }

  async upload(file: Blob, fileName: string): Promise<Result<string>> {
    const checked = await checkPictureFile(file, fileName);
    if (!checked.ok) return checked;
    const id = this.options.ids.next();
    try {
      const database = await this.open();
      await database.put(STORE, new Blob([checked.value.bytes], { type: checked.value.type }), id);
    } catch (error) {
      this.options.logger.error('IndexedDB: a picture could not be stored', error);
      return fail('storage-write-failed', PICTURE_MESSAGES.notSavedOnDevice);
    }
    // What the page shows at once, as the catalogue shows the saved ones: an object URL, which the
    // writer turns back into the address (addressesOf) when the product is saved.
    const address = `${LOCAL_PICTURE_PREFIX}${id}`;
    return ok((await this.objectUrl(address)) ?? address);
  }

  /** `url`: a picture's address, or the object URL this page shows it by. */
  async remove(url: string): Promise<Result<undefined>> {
    const address = this.addresses.get(url) ?? url;
    if (!isLocalPicture(address)) return ok();
    const id = address.slice(LOCAL_PICTURE_PREFIX.length);
    try {
      const database = await this.open();
      await database.delete(STORE, id);
    } catch (error) {
      this.options.logger.error('IndexedDB: a picture could not be removed', error);
      return fail('storage-write-failed', PICTURE_MESSAGES.notRemovedFromDevice);
    }
    const shown = this.objectUrls.get(id);
    this.objectUrls.delete(id);
    const objectUrl = await shown?.catch(() => null);
    if (objectUrl) {
      this.urls.revoke(objectUrl);
      this.addresses.delete(objectUrl);
    }
    return ok();
  }

  /**
   * `images` with each `local-picture:` address replaced by an object URL of its Blob; one whose
   * Blob is missing (removed, another device's) or unreadable is dropped, so the product shows
   * its other pictures or the default one. Any other address is kept as it is.
   */
  async resolve(images: readonly string[]): Promise<readonly string[]> {
    const resolved = await Promise.all(images.map((image) => (isLocalPicture(image) ? this.objectUrl(image) : image)));
    return resolved.filter((image): image is string => image !== null);
  }

  /**
   * The reverse of `resolve`: each object URL this page made turned back into the address it
   * shows. A product read from the catalogue (which shows object URLs) and saved again keeps
   * addresses that survive a reload, never the page's own URLs.
   */
  addressesOf(images: readonly string[]): readonly string[] {
    return images.map((image) => this.addresses.get(image) ?? image);
  }

  private objectUrl(address: string): Promise<string | null> {
    const id = address.slice(LOCAL_PICTURE_PREFIX.length);
    let url = this.objectUrls.get(id);
    if (!url) {
      const loading = this.open()
        .then((database) => database.get(STORE, id) as Promise<unknown>)
        .then((blob) => {
          if (!(blob instanceof Blob)) return null;
          const created = this.urls.create(blob);
          this.addresses.set(created, address);
          return created;
        });
      // A failed read is not kept: the next display tries again.
      url = loading.catch((error: unknown) => {
        this.options.logger.warn('IndexedDB: a picture could not be read', error);
        if (this.objectUrls.get(id) === url) this.objectUrls.delete(id);
        return null;
      });
      this.objectUrls.set(id, url);
    }
    return url;
  }

  private open(): Promise<IDBPDatabase> {
    this.database ??= (async () => {
      if (!this.options.factory) throw new Error('This browser has no IndexedDB');
      const database = wrap(await openDatabase({ ...PICTURES_DATABASE, name: this.options.databaseName }, this.options.factory));
      // A newer version of the shop in another tab wants to upgrade the database: let it.
      database.addEventListener('versionchange', () => {
        database.close();
        this.database = null;
      });
      return database;
    })();
    const opening = this.database;
    opening.catch(() => {
      if (this.database === opening) this.database = null;
    });
    return opening;
  }
}

/**
 * A storage over this origin's IndexedDB. The composition root makes one per container and hands
 * it to PICTURE_STORAGE, to the writer and to the catalogue's resolver, so a removed picture's
 * object URL is let go and a shown picture is saved under its address.
 */
export function localPictureStorage(ids: IdGenerator, logger: Logger): IndexedDbPictureStorage {
  return new IndexedDbPictureStorage({
    factory: typeof indexedDB === 'undefined' ? null : indexedDB,
    databaseName: PICTURES_DATABASE.name,
    ids,
    logger,
  });
}

import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { IndexedDbPictureStorage, type ObjectUrls } from '@/adapters/indexeddb/indexeddb-picture-storage';
import { isLocalPicture, resolveLocalPicturesWith } from '@/adapters/indexeddb/local-pictures';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { SequentialIds } from '../../../fakes/sequential-ids';
import { JPEG_2X2, PNG_2X2 } from '../../../support/picture-fixtures';

/** Object URLs as a page holds them: which exist now, and how many were ever made. */
class PageUrls implements ObjectUrls {
  readonly live = new Map<string, Blob>();
  made = 0;
  create(blob: Blob): string {
    this.made += 1;
    const url = `blob:http://localhost/${this.made}`;
    this.live.set(url, blob);
    return url;
  }
  revoke(url: string): void {
    this.live.delete(url);
  }
}

function storage(options: { factory?: IDBFactory | null; logger?: RecordingLogger } = {}) {
  const urls = new PageUrls();
  const pictures = new IndexedDbPictureStorage({
    factory: options.factory === undefined ? new IDBFactory() : options.factory,
    databaseName: 'boutique-pictures',
    ids: new SequentialIds('photo'),
    logger: options.logger ?? new RecordingLogger(),
    urls,
  });
  return { pictures, urls };
}

/** Uploads a picture; answers the address a product keeps (what the writer saves, addressesOf). */
async function upload(pictures: IndexedDbPictureStorage, bytes: Uint8Array, name: string): Promise<string> {
  const result = await pictures.upload(new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  if (!result.ok) throw new Error(result.error.message);
  return pictures.addressesOf([result.value])[0]!;
}

describe('IndexedDbPictureStorage addresses and resolver', () => {
  it('answers an object URL the page shows at once, whose address, kept with the product, is local-picture:<id>', async () => {
    const { pictures, urls } = storage();
    const uploaded = await pictures.upload(new Blob([PNG_2X2]), 'a.png');
    expect(uploaded).toEqual({ ok: true, value: 'blob:http://localhost/1' });
    expect(urls.live.get('blob:http://localhost/1')?.type).toBe('image/png');
    expect(pictures.addressesOf(['blob:http://localhost/1'])).toEqual(['local-picture:photo-1']);
    expect(isLocalPicture('local-picture:photo-1')).toBe(true);
    expect(isLocalPicture('/images/produits/theiere-1.svg')).toBe(false);
  });

  it('a product shown with object URLs and saved again keeps the addresses that outlive the page', async () => {
    const { pictures } = storage();
    const address = await upload(pictures, PNG_2X2, 'a.png');
    const shown = await pictures.resolve(['/images/produits/theiere-1.svg', address]);
    expect(shown[1]).toMatch(/^blob:/);
    expect(pictures.addressesOf(shown)).toEqual(['/images/produits/theiere-1.svg', address]);
    expect(pictures.addressesOf(['blob:http://localhost/inconnu'])).toEqual(['blob:http://localhost/inconnu']);
  });

  it('keeps the checked type on the stored Blob, whatever the file declared', async () => {
    const { pictures, urls } = storage();
    const address = await upload(pictures, PNG_2X2, 'photo.jpg');
    const [url] = await pictures.resolve([address]);
    expect(urls.live.get(url!)?.type).toBe('image/png');
  });

  it('turns local addresses into object URLs, keeps other addresses in their order, drops a missing picture', async () => {
    const { pictures, urls } = storage();
    const first = await upload(pictures, PNG_2X2, 'a.png');
    const second = await upload(pictures, JPEG_2X2, 'b.jpg');
    const resolved = await pictures.resolve(['/images/produits/x.svg', first, 'local-picture:inconnue', second]);
    expect(resolved).toEqual(['/images/produits/x.svg', 'blob:http://localhost/1', 'blob:http://localhost/2']);
    expect(urls.live.size).toBe(2);
  });

  it('makes one object URL per picture for the life of the page', async () => {
    const { pictures, urls } = storage();
    const address = await upload(pictures, PNG_2X2, 'a.png');
    const once = await pictures.resolve([address]);
    const twice = await pictures.resolve([address, address]);
    expect(twice).toEqual([once[0], once[0]]);
    expect(urls.made).toBe(1);
  });

  it('lets go of a removed picture’s object URL', async () => {
    const { pictures, urls } = storage();
    const address = await upload(pictures, PNG_2X2, 'a.png');
    await pictures.resolve([address]);
    await pictures.remove(address);
    expect(urls.live.size).toBe(0);
    expect(await pictures.resolve([address])).toEqual([]);
  });

  it('without IndexedDB, refuses an upload with a French message and shows no local picture', async () => {
    const logger = new RecordingLogger();
    const { pictures } = storage({ factory: null, logger });
    expect(await pictures.upload(new Blob([PNG_2X2]), 'a.png')).toEqual({
      ok: false,
      error: { code: 'storage-write-failed', message: 'L’image n’a pas pu être enregistrée sur cet appareil (stockage plein ou indisponible).' },
    });
    expect(await pictures.resolve(['local-picture:photo-1', '/a.svg'])).toEqual(['/a.svg']);
  });

  it('the lazy resolver hands back a list without local pictures as it is, asking nothing of the storage', async () => {
    let asked = 0;
    const resolveImages = resolveLocalPicturesWith(() => {
      asked += 1;
      return Promise.reject(new Error('the storage’s code is not loaded for plain pictures'));
    });
    const images = ['/images/produits/a.svg', '/images/produits/b.svg'];
    expect(await resolveImages(images)).toBe(images);
    expect(asked).toBe(0);
  });

  it('the lazy resolver shows a local picture through the storage it is given, whose removal lets its object URL go', async () => {
    const { pictures, urls } = storage();
    const address = await upload(pictures, PNG_2X2, 'a.png');
    const resolveImages = resolveLocalPicturesWith(() => Promise.resolve(pictures));
    const shown = await resolveImages(['/images/produits/a.svg', address]);
    expect(shown).toEqual(['/images/produits/a.svg', 'blob:http://localhost/1']);
    expect(pictures.addressesOf(shown)).toEqual(['/images/produits/a.svg', address]);
    await pictures.remove(address);
    expect(urls.live.size).toBe(0);
  });
});

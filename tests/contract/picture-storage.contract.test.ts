import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { resolveObjectURL } from 'node:buffer';
import { wrap } from 'idb';
import { describe, expect, it } from 'vitest';
import { IndexedDbPictureStorage } from '../../src/adapters/indexeddb/indexeddb-picture-storage';
import { MAX_PICTURE_BYTES } from '../../src/domain/catalogue/picture-file';
import type { PictureStorage } from '../../src/ports/picture-storage';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { JPEG_2X2, PNG_2X2, WEBP_2X2 } from '../support/picture-fixtures';

// The PictureStorage port against each adapter: what an upload gives back, what is refused,
// what a removal takes away and what it leaves alone.

interface PictureSubject {
  storage: PictureStorage;
  /** The bytes shown at `address`, as a page would get them; null when nothing is shown there. */
  bytesAt(address: string): Promise<Uint8Array | null>;
  /** How many pictures the storage holds. */
  stored(): Promise<number>;
}

interface PictureBackend {
  name: string;
  make(): Promise<PictureSubject>;
}

const ACCEPTED = 'Formats acceptés\u00a0: JPEG, PNG ou WebP.';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><script>alert(document.cookie)</script></svg>';


function localBackend(): PictureBackend {
  return {
    name: 'IndexedDbPictureStorage (fake-indexeddb)',
    async make() {
      const factory = new IDBFactory();
      const databaseName = 'boutique-pictures';
      const storage = new IndexedDbPictureStorage({ factory, databaseName, ids: new SequentialIds('photo'), logger: new RecordingLogger() });
      return {
        storage,
        async bytesAt(address) {
          // A page's view: the resolver's object URL, read back as the browser would fetch it.
          const [url] = await storage.resolve([address]);
          if (url === undefined) return null;
          if (url === address) return null; // not a local picture: nothing of this storage's
          const blob = resolveObjectURL(url);
          return blob ? new Uint8Array(await blob.arrayBuffer()) : null;
        },
        async stored() {
          const request = factory.open(databaseName, 1);
          request.onupgradeneeded = () => request.result.createObjectStore('pictures');
          const database = (await wrap(request))!;
          try {
            return await database.count('pictures');
          } finally {
            database.close();
          }
        },
      };
    },
  };
}

describe.each([localBackend()])('PictureStorage contract: $name', ({ make }) => {
  it.each([
    ['PNG', PNG_2X2, 'theiere.png'],
    ['JPEG', JPEG_2X2, 'theiere.jpg'],
    ['WebP', WEBP_2X2, 'theiere.webp'],
  ])('stores a %s and its address gives back the same bytes', async (_type, bytes, name) => {
    const subject = await make();
    const uploaded = await subject.storage.upload(new Blob([bytes]), name);
    expect(uploaded.ok).toBe(true);
    const address = uploaded.ok ? uploaded.value : '';
    expect([...((await subject.bytesAt(address)) ?? [])]).toEqual([...bytes]);
    expect(await subject.stored()).toBe(1);
  });

  it('gives each upload its own address, even of the same file', async () => {
    const subject = await make();
    const first = await subject.storage.upload(new Blob([PNG_2X2]), 'photo.png');
    const second = await subject.storage.upload(new Blob([PNG_2X2]), 'photo.png');
    expect(first.ok && second.ok && first.value !== second.value).toBe(true);
    expect(await subject.stored()).toBe(2);
  });

  it('refuses an SVG with the French message and stores nothing', async () => {
    const subject = await make();
    expect(await subject.storage.upload(new Blob([SVG], { type: 'image/svg+xml' }), 'dessin.svg')).toEqual({
      ok: false,
      error: {
        code: 'invalid-picture',
        message: `Le fichier «\u202fdessin.svg\u202f» est une image SVG, refusée car elle peut contenir du code. ${ACCEPTED}`,
      },
    });
    expect(await subject.stored()).toBe(0);
  });

  it('refuses a picture one byte over 2 Mo and stores nothing', async () => {
    const subject = await make();
    const big = new Uint8Array(MAX_PICTURE_BYTES + 1);
    big.set(PNG_2X2);
    expect(await subject.storage.upload(new Blob([big]), 'enorme.png')).toEqual({
      ok: false,
      error: { code: 'invalid-picture', message: 'Le fichier «\u202fenorme.png\u202f» dépasse la taille maximale de 2\u00a0Mo par image.' },
    });
    expect(await subject.stored()).toBe(0);
  });

  it('removes a picture it stored: its address shows nothing any more', async () => {
    const subject = await make();
    const kept = await subject.storage.upload(new Blob([JPEG_2X2]), 'garde.jpg');
    const removed = await subject.storage.upload(new Blob([PNG_2X2]), 'retire.png');
    if (!kept.ok || !removed.ok) throw new Error('upload failed');
    expect(await subject.bytesAt(removed.value)).not.toBeNull();
    expect(await subject.storage.remove(removed.value)).toEqual({ ok: true, value: undefined });
    expect(await subject.bytesAt(removed.value)).toBeNull();
    expect([...((await subject.bytesAt(kept.value)) ?? [])]).toEqual([...JPEG_2X2]);
    expect(await subject.stored()).toBe(1);
  });

  it.each(['/images/produits/x.svg', 'https://images.exemple.fr/theiere.png', ''])(
    'leaves the foreign address %j alone, without failing',
    async (foreign) => {
      const subject = await make();
      const mine = await subject.storage.upload(new Blob([WEBP_2X2]), 'mienne.webp');
      expect(await subject.storage.remove(foreign)).toEqual({ ok: true, value: undefined });
      expect(await subject.stored()).toBe(1);
      expect(mine.ok && (await subject.bytesAt(mine.value))).not.toBeNull();
    },
  );
});

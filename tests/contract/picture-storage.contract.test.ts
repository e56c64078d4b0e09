import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { resolveObjectURL } from 'node:buffer';
import { wrap } from 'idb';
import { describe, expect, it } from 'vitest';
import { CryptoIdGenerator } from '@/adapters/browser/crypto-id-generator';
import { IndexedDbPictureStorage } from '@/adapters/indexeddb/indexeddb-picture-storage';
import { CATALOGUE_BUCKET, SupabasePictureStorage } from '@/adapters/supabase/supabase-picture-storage';
import { MAX_PICTURE_BYTES, PICTURE_TYPES } from '@/domain/catalogue/picture-file';
import type { PictureStorage } from '@/ports/picture-storage';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { JPEG_2X2, PNG_2X2, WEBP_2X2 } from '../support/picture-fixtures';
import { ADMIN_USER, SHOPPER_USER, testClient } from '../support/supabase/test-project';
import { useSupabaseProject } from './support/newsletter-backends';

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
          // What an <img> given `address` shows: an object URL of this page, read back as the
          // browser would fetch it; anything else (a `local-picture:` address) shows nothing.
          const blob = address.startsWith('blob:') ? resolveObjectURL(address) : undefined;
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

// The test project (PostgreSQL 15 with the migrations, behind the fake HTTP API): started once
// for the file; every request must stay in Supabase's documented forms.
const { project, signedInClient } = useSupabaseProject();

/** The test project as it starts: no file in Storage. */
async function freshProject() {
  const current = project();
  await current.cluster.reset();
  current.fake.storage.clear();
  return current;
}

async function objectsInCatalogue(): Promise<number> {
  const current = project();
  const [row] = await current.cluster.query<{ n: number }>('select count(*)::int as n from storage.objects where bucket_id = $1', [CATALOGUE_BUCKET]);
  // Rows and bytes go together: a refused upload leaves neither.
  expect(current.fake.storage.fileCount).toBe(row!.n);
  return row!.n;
}

function supabaseBackend(): PictureBackend {
  return {
    name: 'SupabasePictureStorage (fake Supabase over PostgreSQL 15)',
    async make() {
      const current = await freshProject();
      const admin = await signedInClient(current, ADMIN_USER);
      return {
        storage: new SupabasePictureStorage(admin, new CryptoIdGenerator(), new RecordingLogger()),
        async bytesAt(address) {
          // A page's view: the public URL fetched with no session, as an <img> does.
          if (!address.startsWith(current.fake.url)) return null;
          const response = await current.fake.fetch(address);
          return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
        },
        stored: objectsInCatalogue,
      };
    },
  };
}

describe.each([localBackend(), supabaseBackend()])('PictureStorage contract: $name', ({ make }) => {
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

  it.each(['/images/produits/x.svg', 'https://images.exemple.fr/theiere.png', 'http://localhost:54321/storage/v1/object/public/avatars/produits/x.png', ''])(
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

describe('IndexedDbPictureStorage: what is saved outlives the page', () => {
  /** One device's storage as a page opens it, and the address of a PNG uploaded on a first page. */
  async function uploadedOnAFirstPage() {
    const options = { factory: new IDBFactory(), databaseName: 'boutique-pictures', ids: new SequentialIds('photo'), logger: new RecordingLogger() };
    const first = new IndexedDbPictureStorage(options);
    const uploaded = await first.upload(new Blob([PNG_2X2]), 'theiere.png');
    if (!uploaded.ok) throw new Error('upload failed');
    const [address] = first.addressesOf([uploaded.value]);
    return { openPage: () => new IndexedDbPictureStorage(options), shown: uploaded.value, address: address! };
  }

  it('the address a product keeps (addressesOf) shows the same picture on a page opened later', async () => {
    const { openPage, shown, address: kept } = await uploadedOnAFirstPage();
    expect(kept).toMatch(/^local-picture:/);
    const [shownLater] = await openPage().resolve([kept]);
    expect(shownLater).not.toBe(shown);
    const blob = resolveObjectURL(shownLater!);
    expect([...new Uint8Array(await blob!.arrayBuffer())]).toEqual([...PNG_2X2]);
  });

  it('a saved picture removed by the URL the catalogue shows it by is gone from the device', async () => {
    const { openPage, address } = await uploadedOnAFirstPage();
    const later = openPage();
    const [shown] = await later.resolve([address]);
    expect(await later.remove(shown!)).toEqual({ ok: true, value: undefined });
    expect(await openPage().resolve([address])).toEqual([]);
  });
});

const REFUSED = { ok: false, error: { code: 'refused', message: 'Le serveur a refusé cette action\u00a0: votre compte n’a pas les droits nécessaires.' } };

describe('SupabasePictureStorage: the bucket’s rules, as Storage applies them', () => {
  it('answers the public URL of produits/<uuid>.<ext>, served with its checked type to anyone', async () => {
    const current = await freshProject();
    const storage = new SupabasePictureStorage(await signedInClient(current, ADMIN_USER), new CryptoIdGenerator(), new RecordingLogger());
    const uploaded = await storage.upload(new Blob([WEBP_2X2], { type: 'image/png' }), 'photo.png');
    const address = uploaded.ok ? uploaded.value : '';
    expect(address).toMatch(/^http:\/\/localhost:54321\/storage\/v1\/object\/public\/catalogue\/produits\/[0-9a-f-]{36}\.webp$/);
    const response = await current.fake.fetch(address);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const [row] = await current.cluster.query<{ owner_id: string; mimetype: string }>(
      "select owner_id, metadata ->> 'mimetype' as mimetype from storage.objects where bucket_id = 'catalogue'",
    );
    expect(row).toEqual({ owner_id: ADMIN_USER.id, mimetype: 'image/webp' });
  });

  it.each([
    ['a visitor without a session', () => testClient(project().fake)],
    ['a signed-in shopper who is not an admin', () => signedInClient(project(), SHOPPER_USER)],
  ])('refuses an upload by %s with the French message, storing nothing', async (_who, client) => {
    await freshProject();
    const storage = new SupabasePictureStorage(await client(), new CryptoIdGenerator(), new RecordingLogger());
    expect(await storage.upload(new Blob([PNG_2X2]), 'theiere.png')).toEqual(REFUSED);
    expect(await objectsInCatalogue()).toBe(0);
  });

  it('a shopper’s removal leaves the admin’s picture where it is', async () => {
    const current = await freshProject();
    const admin = new SupabasePictureStorage(await signedInClient(current, ADMIN_USER), new CryptoIdGenerator(), new RecordingLogger());
    const shopper = new SupabasePictureStorage(await signedInClient(current, SHOPPER_USER), new CryptoIdGenerator(), new RecordingLogger());
    const uploaded = await admin.upload(new Blob([PNG_2X2]), 'theiere.png');
    if (!uploaded.ok) throw new Error(uploaded.error.message);
    await shopper.remove(uploaded.value);
    expect(await objectsInCatalogue()).toBe(1);
    expect((await current.fake.fetch(uploaded.value)).status).toBe(200);
  });

  it('offline, an upload and a removal say the server does not answer, and the picture stays', async () => {
    const current = await freshProject();
    const logger = new RecordingLogger();
    const storage = new SupabasePictureStorage(await signedInClient(current, ADMIN_USER), new CryptoIdGenerator(), logger);
    const uploaded = await storage.upload(new Blob([PNG_2X2]), 'theiere.png');
    if (!uploaded.ok) throw new Error(uploaded.error.message);
    current.fake.offline = true;
    try {
      const network = {
        ok: false,
        error: { code: 'network', message: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.' },
      };
      expect(await storage.upload(new Blob([JPEG_2X2]), 'tasse.jpg')).toEqual(network);
      expect(await storage.remove(uploaded.value)).toEqual(network);
    } finally {
      current.fake.offline = false;
    }
    expect(await objectsInCatalogue()).toBe(1);
  });

  it('the bucket takes the types and size the domain accepts', async () => {
    const current = await freshProject();
    const [bucket] = await current.cluster.query<{ public: boolean; file_size_limit: string; allowed_mime_types: string[] }>(
      'select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [CATALOGUE_BUCKET],
    );
    expect(bucket).toEqual({ public: true, file_size_limit: String(MAX_PICTURE_BYTES), allowed_mime_types: Object.keys(PICTURE_TYPES) });
  });

  it('Storage itself refuses an SVG (415) and a file over 2 Mo (413) sent past the adapter’s check', async () => {
    const current = await freshProject();
    const bucket = (await signedInClient(current, ADMIN_USER)).storage.from(CATALOGUE_BUCKET);
    const svg = await bucket.upload('produits/dessin.svg', new TextEncoder().encode(SVG), { contentType: 'image/svg+xml' });
    expect(svg.error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type image/svg+xml is not supported' });
    const big = new Uint8Array(MAX_PICTURE_BYTES + 1);
    big.set(PNG_2X2);
    const tooBig = await bucket.upload('produits/enorme.png', big, { contentType: 'image/png' });
    expect(tooBig.error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const exactly = await bucket.upload('produits/limite.png', big.subarray(0, MAX_PICTURE_BYTES), { contentType: 'image/png' });
    expect(exactly.error).toBeNull();
    expect(await objectsInCatalogue()).toBe(1);
  });
});

import type { Result } from '@/domain/result';
import { token } from './token';

/**
 * Where the back office's uploaded product pictures live. Locally: Blobs in IndexedDB, shown
 * through object URLs; with Supabase: the public `catalogue` bucket of Storage, written by admins
 * only. Files are checked first (type, size: src/domain/catalogue/picture-file.ts); an adapter
 * refuses what the check refuses, whatever the caller did.
 */
export interface PictureStorage {
  /**
   * Stores the file; answers its URL as a page shows it (`<img src>`), at once, and as the
   * catalogue gives it back: the URL to put in a product's `images`.
   */
  upload(file: Blob, fileName: string): Promise<Result<string>>;
  /** Removes a picture this storage gave (by the URL it answered); any other address (the demo's own pictures) is left alone. */
  remove(url: string): Promise<Result<undefined>>;
}

export const PICTURE_STORAGE = token<PictureStorage>('PictureStorage');

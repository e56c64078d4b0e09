import type { SupabaseClient } from '@supabase/supabase-js';
import { checkPictureFile, PICTURE_MESSAGES } from '@/domain/catalogue/picture-file';
import { fail, ok, type Result } from '@/domain/result';
import type { IdGenerator } from '@/ports/id-generator';
import type { Logger } from '@/ports/logger';
import type { PictureStorage } from '@/ports/picture-storage';
import { backendError } from './supabase-errors';

/** The public bucket of product pictures (supabase/migrations/20261123201500_catalogue_pictures.sql). */
export const CATALOGUE_BUCKET = 'catalogue';
const FOLDER = 'produits';
/** A stored name is never reused (a new id each upload): browsers may keep a picture a year. */
const CACHE_SECONDS = String(365 * 24 * 60 * 60);

/** What storage-js hands back on failure: StorageApiError (status: HTTP, statusCode: Storage's own) or StorageUnknownError. */
interface StorageLibraryError {
  name?: string;
  message?: string;
  status?: number;
  statusCode?: string;
}

/**
 * Product pictures in Supabase Storage's public `catalogue` bucket: each checked file
 * (picture-file.ts) under `produits/<uuid>.<ext>` with its checked type, its address the
 * object's public URL. The bucket's policies let admins alone write; Storage refuses a type or
 * size the bucket does not take (415, 413), which would only happen if the bucket's settings
 * and the domain's check parted ways.
 */
export class SupabasePictureStorage implements PictureStorage {
  constructor(
    private readonly client: SupabaseClient,
    private readonly ids: IdGenerator,
    private readonly logger: Logger,
  ) {}

  private get bucket() {
    return this.client.storage.from(CATALOGUE_BUCKET);
  }

  async upload(file: Blob, fileName: string): Promise<Result<string>> {
    const checked = await checkPictureFile(file, fileName);
    if (!checked.ok) return checked;
    const { type, extension, bytes } = checked.value;
    const path = `${FOLDER}/${this.ids.next()}.${extension}`;
    // The bytes as they were checked, sent raw with the checked type (a Blob would go as
    // multipart, typed by whatever the browser declared).
    const { error } = await this.bucket.upload(path, bytes, { contentType: type, cacheControl: CACHE_SECONDS, upsert: false });
    if (error) {
      const statusCode = (error as StorageLibraryError).statusCode;
      if (statusCode === '415') return fail('invalid-picture', PICTURE_MESSAGES.typeRefused(fileName));
      if (statusCode === '413') return fail('invalid-picture', PICTURE_MESSAGES.tooBig(fileName));
      return this.failure('picture upload', error);
    }
    return ok(this.bucket.getPublicUrl(path).data.publicUrl);
  }

  async remove(url: string): Promise<Result<undefined>> {
    const path = this.pathOf(url);
    if (path === null) return ok();
    // Storage deletes what the caller's policies allow and answers the rows it deleted; a
    // picture already gone is no failure.
    const { error } = await this.bucket.remove([path]);
    return error ? this.failure('picture removal', error) : ok();
  }

  /** The bucket's path of a public URL this storage gave, or null for any other address. */
  private pathOf(url: string): string | null {
    const base = this.bucket.getPublicUrl('').data.publicUrl;
    if (!url.startsWith(base)) return null;
    const path = url.slice(base.length).split(/[?#]/)[0] ?? '';
    try {
      const decoded = decodeURI(path);
      return decoded === '' ? null : decoded;
    } catch {
      return null;
    }
  }

  private failure(what: string, error: unknown): Result<never> {
    const problem = backendError(this.logger, what, error, storageStatus(error as StorageLibraryError));
    return fail(problem.code, problem.message);
  }
}

/** The status that says what went wrong: none reached the server (0), a refused token (401), else Storage's own. */
function storageStatus(error: StorageLibraryError): number | undefined {
  if (error.name === 'StorageUnknownError') return 0;
  if (/jwt|"exp" claim/i.test(error.message ?? '')) return 401;
  const own = Number(error.statusCode);
  return Number.isInteger(own) && own > 0 ? own : error.status;
}

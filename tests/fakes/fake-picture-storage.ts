import { fail, ok, type Result } from '@/domain/result';
import type { PictureStorage } from '@/ports/picture-storage';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];
export const FAKE_PICTURE_MAX_BYTES = 1000;
export const FAKE_PICTURE_MESSAGES = {
  type: 'Ce fichier n’est pas une image JPEG, PNG ou WebP.',
  size: 'Cette image est trop lourde.',
} as const;

/** The PictureStorage port in memory: gives `fake-picture://N/name` addresses, keeps what it holds. */
export class FakePictureStorage implements PictureStorage {
  readonly stored = new Map<string, Blob>();
  private next = 1;

  async upload(file: Blob, fileName: string): Promise<Result<string>> {
    if (!ACCEPTED.includes(file.type)) return fail('invalid-picture', FAKE_PICTURE_MESSAGES.type);
    if (file.size > FAKE_PICTURE_MAX_BYTES) return fail('invalid-picture', FAKE_PICTURE_MESSAGES.size);
    const url = `/images/televersees/${this.next++}-${encodeURIComponent(fileName)}`;
    this.stored.set(url, file);
    return ok(url);
  }

  async remove(url: string): Promise<Result<undefined>> {
    this.stored.delete(url);
    return ok();
  }
}

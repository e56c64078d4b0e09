import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { PictureStorage } from '@/ports/picture-storage';
import { fieldId } from './product-form-fields';

type Move = 'up' | 'down' | 'remove';

interface Props {
  images: readonly string[];
  onChange: (images: readonly string[]) => void;
  storage: PictureStorage;
  /** The saved product's pictures: removed from the storage only once the product is saved without them. */
  kept: readonly string[];
}

/** The product's pictures: uploaded from files through the PictureStorage port, reordered, removed. */
export function ProductPictures({ images, onChange, storage, kept }: Props) {
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [uploading, setUploading] = useState(false);
  // After a move the focus follows the picture, on the same button when it still applies.
  const focusAfter = useRef<{ url: string; action: Move } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const after = focusAfter.current;
    if (!after) return;
    focusAfter.current = null;
    const item = [...(list.current?.querySelectorAll('li') ?? [])].find((li) => li.dataset.url === after.url);
    const wanted = item?.querySelector<HTMLButtonElement>(`button[data-action="${after.action}"]:not(:disabled)`);
    (wanted ?? item?.querySelector<HTMLButtonElement>('button:not(:disabled)'))?.focus();
  }, [images]);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setUploading(true);
    const added: string[] = [];
    const refused: string[] = [];
    for (const file of files) {
      const result = await storage.upload(file, file.name);
      if (result.ok) added.push(result.value);
      else refused.push(`${file.name}\u00a0: ${result.error.message}`);
    }
    setUploading(false);
    setErrors(refused);
    if (added.length > 0) onChange([...images, ...added]);
  }

  function move(index: number, action: Move) {
    const url = images[index]!;
    const next = [...images];
    next.splice(index, 1);
    if (action === 'remove') {
      onChange(next);
      // A picture uploaded for this form and not kept is of no use to anyone.
      if (!kept.includes(url)) void storage.remove(url);
      const neighbour = images[index + 1] ?? images[index - 1];
      if (neighbour) focusAfter.current = { url: neighbour, action: 'remove' };
      else input.current?.focus();
      return;
    }
    next.splice(action === 'up' ? index - 1 : index + 1, 0, url);
    onChange(next);
    focusAfter.current = { url, action };
  }

  const describedBy = ['aide-photos', errors.length > 0 ? 'erreur-images' : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="admin-pictures">
      <legend>Photos</legend>
      <p id="aide-photos" className="hint">
        JPEG, PNG ou WebP. La première photo est celle des listes de produits.
      </p>
      {/* The shop's own words on the button: the browser's file field speaks the browser's language. */}
      <label className="admin-pictures__add">
        Ajouter des photos
        <input
          ref={input}
          id={fieldId.images}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          onChange={upload}
          aria-describedby={describedBy}
          aria-invalid={errors.length > 0 || undefined}
        />
      </label>
      <p role="status" className="hint">
        {uploading ? 'Envoi des photos…' : ''}
      </p>
      {errors.length > 0 && (
        <ul id="erreur-images" className="field-error">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {images.length === 0 ? (
        <p className="hint">Aucune photo&nbsp;: la boutique montrera une image par défaut.</p>
      ) : (
        <ol ref={list} className="admin-picture-list" aria-label="Photos du produit" data-testid="product-pictures">
          {images.map((url, i) => (
            <li key={url} data-url={url}>
              <img src={url} alt="" width={64} height={64} />
              <span>
                Photo {i + 1}
                {i === 0 ? ' (principale)' : ''}
              </span>
              <div className="admin-picture-actions">
                <button
                  type="button"
                  className="secondary"
                  data-action="up"
                  disabled={i === 0}
                  onClick={() => move(i, 'up')}
                  aria-label={`Monter la photo ${i + 1}`}
                >
                  Monter
                </button>
                <button
                  type="button"
                  className="secondary"
                  data-action="down"
                  disabled={i === images.length - 1}
                  onClick={() => move(i, 'down')}
                  aria-label={`Descendre la photo ${i + 1}`}
                >
                  Descendre
                </button>
                <button type="button" className="secondary" data-action="remove" onClick={() => move(i, 'remove')} aria-label={`Retirer la photo ${i + 1}`}>
                  Retirer
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}

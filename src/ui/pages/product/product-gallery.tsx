import { useState } from 'react';
import { picturesOf } from '@/domain/product';

export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const list = picturesOf({ images });
  return (
    <div className="gallery">
      <img
        className="gallery__main"
        src={list[current]}
        alt={list.length > 1 ? `${name} (vue ${current + 1} sur ${list.length})` : name}
        width={640}
        height={480}
        fetchPriority="high"
      />
      {list.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Autres vues">
          {list.map((src, index) => (
            <li key={src}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Afficher la vue ${index + 1}`}
                aria-pressed={index === current}
                onClick={() => setCurrent(index)}
              >
                <img src={src} alt="" width={96} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

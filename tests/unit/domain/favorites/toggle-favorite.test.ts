import { describe, expect, it } from 'vitest';
import { FavoritesService } from '@/domain/favorites/favorites-service';
import { toggleFavorite } from '@/domain/favorites/toggle-favorite';
import { MESSAGES } from '@/domain/messages';
import { MemorySharedStates } from '../../../fakes/memory-shared-states';
import { BOL, CARNET } from '../fixtures';

describe('toggleFavorite (the ♡ button)', () => {
  it('a product becomes a favorite, then stops being one; the answer says which', async () => {
    const favorites = new FavoritesService(new MemorySharedStates());
    await favorites.add(CARNET);
    expect(await toggleFavorite({ favorites }, BOL)).toEqual({ ok: true, value: { favorite: true } });
    expect(favorites.getSnapshot().map((p) => p.id)).toEqual([CARNET.id, BOL.id]);
    expect(await toggleFavorite({ favorites }, BOL)).toEqual({ ok: true, value: { favorite: false } });
    expect(favorites.getSnapshot().map((p) => p.id)).toEqual([CARNET.id]);
  });

  it('favorites that could not be saved answer `storage-write-failed`', async () => {
    const states = new MemorySharedStates();
    const favorites = new FavoritesService(states);
    states.refuseWrites = true;
    expect(await toggleFavorite({ favorites }, BOL)).toEqual({
      ok: false,
      error: { code: 'storage-write-failed', message: MESSAGES.storageWriteFailed('favoris') },
    });
  });
});

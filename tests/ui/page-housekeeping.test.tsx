import { describe, expect, it } from 'vitest';
import { PRELOADED_STOCK_IMAGES } from '../../src/domain/constants';
import { preloadStockImages, startImageCleanup } from '../../src/ui/startup/page-housekeeping';
import { FakeClock } from '../fakes/fake-clock';

describe('page housekeeping (spec §4)', () => {
  it('images without a source are removed every 5 minutes, the others kept', () => {
    const clock = new FakeClock();
    const root = document.createElement('div');
    root.innerHTML = '<img alt="a" src="/images/stock/boutique-1.svg"><img alt="b"><img alt="c" src="">';
    const stop = startImageCleanup(clock, root);

    clock.advance(299_999);
    expect(root.querySelectorAll('img')).toHaveLength(3);
    clock.advance(1);
    expect([...root.querySelectorAll('img')].map((img) => img.alt)).toEqual(['a']);

    root.insertAdjacentHTML('beforeend', '<img alt="d">');
    clock.advance(300_000);
    expect(root.querySelectorAll('img')).toHaveLength(1);
    stop();
    root.insertAdjacentHTML('beforeend', '<img alt="e">');
    clock.advance(300_000);
    expect(root.querySelectorAll('img')).toHaveLength(2);
  });

  it('the three stock images are preloaded', () => {
    const loaded: string[] = [];
    preloadStockImages((src) => loaded.push(src));
    expect(loaded).toEqual([...PRELOADED_STOCK_IMAGES]);
    expect(loaded).toHaveLength(3);
  });
});

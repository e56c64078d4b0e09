import { afterEach, describe, expect, it } from 'vitest';
import { forceLightTheme } from '@/ui/startup/force-light-theme';
import { preloadStockImages, reportPoorWebVitals, startImageCleanup, type WebVitalsSource } from '@/ui/startup/page-housekeeping';
import { FakeClock } from '../fakes/fake-clock';
import { RecordingLogger } from '../fakes/recording-logger';
import { publicImageKind } from '../support/public-image';

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

  it('three different stock images are preloaded, each a picture the shop serves from public/', () => {
    const loaded: string[] = [];
    preloadStockImages((src) => loaded.push(src));
    expect(new Set(loaded).size).toBe(3);
    expect(loaded).toHaveLength(3);
    for (const src of loaded) expect({ src, kind: publicImageKind(src) }).toEqual({ src, kind: 'svg' });
  });
});

/** A web-vitals stand-in: the test decides which measurements the browser reports. */
function measuredVitals() {
  const reports: Partial<Record<'LCP' | 'INP' | 'CLS', (metric: { name: string; value: number }) => void>> = {};
  const source: WebVitalsSource = {
    onLCP: (report) => void (reports.LCP = report),
    onINP: (report) => void (reports.INP = report),
    onCLS: (report) => void (reports.CLS = report),
  };
  const measure = (name: 'LCP' | 'INP' | 'CLS', value: number) => reports[name]?.({ name, value });
  return { source, measure };
}

describe('performance thresholds logged (spec §9)', () => {
  // [what, below, at, past, the line logged past it]
  it.each([
    ['LCP', 2499, 2500, 2501, 'Poor LCP: 2501 (threshold 2500)'],
    ['INP', 99, 100, 101, 'Poor INP: 101 (threshold 100)'],
    ['CLS', 0.09, 0.1, 0.11, 'Poor CLS: 0.11 (threshold 0.1)'],
  ] as const)('%s is logged only past its threshold: %s and %s are not, %s is', async (name, below, at, past, line) => {
    const logger = new RecordingLogger();
    const { source, measure } = measuredVitals();
    await reportPoorWebVitals(logger, async () => source);
    measure(name, below);
    measure(name, at);
    expect(logger.problems()).toEqual([]);
    measure(name, past);
    expect(logger.problems('warn')).toEqual([line]);
  });
});

describe('light theme forced at start-up (spec §4)', () => {
  const root = document.documentElement;
  afterEach(() => {
    root.className = '';
    root.style.colorScheme = '';
  });

  it('a page left dark by an older version becomes light: the dark class goes, the light class comes back', () => {
    root.className = 'dark';
    root.style.colorScheme = 'dark';
    forceLightTheme();
    expect([root.classList.contains('light'), root.classList.contains('dark')]).toEqual([true, false]);
    expect(root.style.colorScheme).toBe('light');
  });

  it('a page that lost its light class gets it back', () => {
    root.className = '';
    forceLightTheme();
    expect(root.className).toBe('light');
  });
});

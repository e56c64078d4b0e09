import { describe, expect, it } from 'vitest';
import { exceedsThreshold, thresholdOf } from '@/domain/performance';

describe('performance thresholds (spec §9)', () => {
  it('an LCP above 2500 ms is poor, 2500 ms is not', () => {
    expect(exceedsThreshold('LCP', 2500)).toBe(false);
    expect(exceedsThreshold('LCP', 2501)).toBe(true);
  });

  it('an interaction delay above 100 ms is poor, 100 ms is not', () => {
    expect(exceedsThreshold('INP', 100)).toBe(false);
    expect(exceedsThreshold('INP', 101)).toBe(true);
  });

  it('a layout shift above 0.1 is poor, 0.1 is not', () => {
    expect(exceedsThreshold('CLS', 0.1)).toBe(false);
    expect(exceedsThreshold('CLS', 0.11)).toBe(true);
  });
});

// The value each logged measurement is compared with, in the log line (« threshold 2500 »).
describe('the thresholds named in the performance log (spec §9)', () => {
  it('LCP 2500 ms, input delay 100 ms, layout shift 0.1', () => {
    expect([thresholdOf('LCP'), thresholdOf('INP'), thresholdOf('CLS')]).toEqual([2500, 100, 0.1]);
  });
});

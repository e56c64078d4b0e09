import { PERFORMANCE_THRESHOLDS } from './constants';

export type VitalName = 'LCP' | 'INP' | 'CLS';

const LIMITS: Record<VitalName, number> = {
  LCP: PERFORMANCE_THRESHOLDS.largestContentfulPaintMs,
  // The spec's « input delay »: the browser's measure of it today is Interaction to Next Paint.
  INP: PERFORMANCE_THRESHOLDS.inputDelayMs,
  CLS: PERFORMANCE_THRESHOLDS.layoutShift,
};

/** Spec §9: a measurement is logged when it passes its threshold (LCP 2500 ms, 100 ms, 0.1). */
export function exceedsThreshold(name: VitalName, value: number): boolean {
  return value > LIMITS[name];
}

export function thresholdOf(name: VitalName): number {
  return LIMITS[name];
}

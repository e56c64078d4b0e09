import { IMAGE_CLEANUP_INTERVAL_MS, PRELOADED_STOCK_IMAGES } from '@/domain/constants';
import { exceedsThreshold, thresholdOf, type VitalName } from '@/domain/performance';
import type { Clock } from '@/ports/clock';
import type { Logger } from '@/ports/logger';

/** Spec §4: images without a source are removed; returns how many went. */
function removeImagesWithoutSource(root: ParentNode = document): number {
  const broken = root.querySelectorAll('img:not([src]), img[src=""]');
  broken.forEach((img) => img.remove());
  return broken.length;
}

/** Spec §4 and §9: the cleanup runs every 5 minutes; returns the function that stops it. */
export function startImageCleanup(clock: Clock, root: ParentNode = document): () => void {
  const handle = clock.setInterval(() => removeImagesWithoutSource(root), IMAGE_CLEANUP_INTERVAL_MS);
  return () => clock.clearInterval(handle);
}

/** Spec §4: the three stock images are fetched ahead, so a product without a picture never waits. */
export function preloadStockImages(load: (src: string) => void = (src) => void (new Image().src = src)): void {
  PRELOADED_STOCK_IMAGES.forEach(load);
}

type VitalReport = (metric: { name: string; value: number }) => void;

/** The part of web-vitals the shop listens to (a test hands in its own measurements). */
export interface WebVitalsSource {
  onLCP(report: VitalReport): void;
  onINP(report: VitalReport): void;
  onCLS(report: VitalReport): void;
}

/** LCP, interaction delay and layout shift, logged when they pass the spec's thresholds (§9). */
export async function reportPoorWebVitals(logger: Logger, load: () => Promise<WebVitalsSource>): Promise<void> {
  const { onCLS, onINP, onLCP } = await load();
  const report: VitalReport = ({ name, value }) => {
    const vital = name as VitalName;
    if (exceedsThreshold(vital, value)) logger.warn(`Poor ${vital}: ${value} (threshold ${thresholdOf(vital)})`);
  };
  onLCP(report);
  onINP(report);
  onCLS(report);
}

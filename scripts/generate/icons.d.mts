// Types of generate-icons.mjs, for the end-to-end test that checks the committed icons against the source.
import type { Browser } from '@playwright/test';

export const SOURCE: string;
export const MASKABLE_SAFE_RADIUS: number;
export interface IconSpec {
  path: string;
  size: number;
  variant: 'any' | 'maskable' | 'apple';
}
export const ICONS: readonly IconSpec[];
export function renderIcons(browser: Browser, source?: string): Promise<(IconSpec & { png: Buffer })[]>;
export function faviconFrom(source: string): string;

#!/usr/bin/env node
// Draws every icon of the shop from one source, assets/icon.svg: the favicon (a copy of the
// source) and the PNGs of the web app manifest and of iOS, rasterised by Debian's Chromium
// through Playwright (no image library, no native dependency). The PNGs are committed, so
// building the shop never needs a browser: run this again only when the source changes,
// `npm run icons`.
//
// The source is a tile (#fond, a rounded square) and a mark (#sac, the bag) inside it:
// - "any" icons keep the rounded tile on a transparent background;
// - the maskable icon fills the whole square with the tile's colour (the platform cuts its
//   own shape) and centres the mark inside the safe zone, the central circle whose radius is
//   40 % of the icon's width (W3C manifest spec, "icon masks");
// - the apple-touch icon is square and opaque (iOS rounds the corners itself and paints any
//   transparency black).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
// @playwright/test re-exports playwright-core's launcher; importing it keeps to declared dependencies.
import { chromium } from '@playwright/test';
import chromiumSettings from '../chromium.json' with { type: 'json' };

const ROOT = join(import.meta.dirname, '..', '..');
export const SOURCE = join(ROOT, 'assets', 'icon.svg');
const FAVICON = join(ROOT, 'public', 'favicon.svg');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? chromiumSettings.defaultPath;

/** The safe zone's radius, as a share of the icon's width. */
export const MASKABLE_SAFE_RADIUS = 0.4;
/** The mark stays this far inside the safe zone, so no mask ever touches it. */
const SAFE_ZONE_MARGIN = 0.1;

/** Every PNG, by its path under public/ (the manifest and index.html name the same paths). */
export const ICONS = [
  { path: 'icons/icon-192.png', size: 192, variant: 'any' },
  { path: 'icons/icon-512.png', size: 512, variant: 'any' },
  { path: 'icons/maskable-512.png', size: 512, variant: 'maskable' },
  { path: 'apple-touch-icon.png', size: 180, variant: 'apple' },
];

/* global document, getComputedStyle -- reshape() runs in the page, not in Node */
/**
 * Runs in the page: reshapes the inline source for one variant.
 * Kept self-contained (no closure): Playwright serialises it into the page.
 */
function reshape({ variant, safeRadius, margin }) {
  const svg = document.querySelector('svg');
  const tile = svg.querySelector('#fond');
  const mark = svg.querySelector('#sac');
  if (!tile || !mark) throw new Error('assets/icon.svg needs a #fond tile and a #sac mark');
  if (variant === 'any') return;
  tile.setAttribute('rx', '0');
  tile.setAttribute('ry', '0');
  if (variant !== 'maskable') return;

  // The mark's box, strokes included (getBBox leaves them out).
  let box = null;
  for (const shape of mark.querySelectorAll('path, rect, circle, ellipse, line, polyline, polygon')) {
    const b = shape.getBBox();
    const stroke = getComputedStyle(shape).stroke;
    const pad = stroke && stroke !== 'none' ? parseFloat(getComputedStyle(shape).strokeWidth) / 2 : 0;
    const next = { x1: b.x - pad, y1: b.y - pad, x2: b.x + b.width + pad, y2: b.y + b.height + pad };
    box = box ? { x1: Math.min(box.x1, next.x1), y1: Math.min(box.y1, next.y1), x2: Math.max(box.x2, next.x2), y2: Math.max(box.y2, next.y2) } : next;
  }
  const view = svg.viewBox.baseVal;
  const centre = { x: view.x + view.width / 2, y: view.y + view.height / 2 };
  const markCentre = { x: (box.x1 + box.x2) / 2, y: (box.y1 + box.y2) / 2 };
  const halfDiagonal = Math.hypot(box.x2 - box.x1, box.y2 - box.y1) / 2;
  const allowed = safeRadius * view.width * (1 - margin);
  // Never enlarged: the maskable icon shows the mark at the size the "any" icon does, or smaller.
  const scale = Math.min(1, allowed / halfDiagonal);
  mark.setAttribute('transform', `translate(${centre.x} ${centre.y}) scale(${scale}) translate(${-markCentre.x} ${-markCentre.y})`);
}

/** Renders every icon; returns [{ path, size, variant, png }]. */
export async function renderIcons(browser, source = readFileSync(SOURCE, 'utf8')) {
  const rendered = [];
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    try {
      const svg = source.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
      await page.setContent(
        `<!doctype html><html><head><style>html,body{margin:0;background:transparent}svg{display:block}</style></head><body>${svg}</body></html>`,
      );
      await page.evaluate(reshape, { variant: icon.variant, safeRadius: MASKABLE_SAFE_RADIUS, margin: SAFE_ZONE_MARGIN });
      const png = await page.screenshot({
        clip: { x: 0, y: 0, width: icon.size, height: icon.size },
        omitBackground: icon.variant === 'any',
      });
      rendered.push({ ...icon, png });
    } finally {
      await page.close();
    }
  }
  return rendered;
}

/** The favicon is the source itself, less its comments and indentation. */
export function faviconFrom(source) {
  return `${source
    .replace(/<!--[\s\S]*?-->/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('')}\n`;
}

async function main() {
  const source = readFileSync(SOURCE, 'utf8');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumSettings.args, headless: true });
  try {
    for (const icon of await renderIcons(browser, source)) {
      const file = join(ROOT, 'public', icon.path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, icon.png);
      console.log(`public/${icon.path}: ${icon.size}×${icon.size} ${icon.variant}, ${(icon.png.length / 1024).toFixed(1)} KB`);
    }
  } finally {
    await browser.close();
  }
  writeFileSync(FAVICON, faviconFrom(source));
  console.log('public/favicon.svg: copied from assets/icon.svg');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

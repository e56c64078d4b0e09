// The shop's HTTP headers (docs/security.md), defined once: `vite build` writes them into
// dist/_headers, the file Netlify and Cloudflare Pages read, and `vite preview` (`npm start`)
// serves exactly what that file says. The Content-Security-Policy lets run only the shop's own
// files and the inline scripts and stylesheet the build wrote, named by their SHA-256 (computed
// from the built pages), never 'unsafe-inline' nor 'unsafe-eval'.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { checkConfig } from '../../src/app/read-config';

/** The file a static host reads the headers from (Netlify, Cloudflare Pages), in the build's folder. */
export const HEADERS_FILE = '_headers';

/** Pages and the service worker: asked again at every visit (an ETag makes that cheap), so a new version is seen at once. */
export const REVALIDATE = 'no-cache';
/** Files whose name carries a hash of their content (dist/assets): never asked again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface PolicyInputs {
  /** The Supabase project's origin in a Supabase build (VITE_SUPABASE_URL), null in a local one. */
  readonly supabaseUrl: string | null;
  /** 'sha256-…' of each inline script of the built pages. */
  readonly scriptHashes: readonly string[];
  /** 'sha256-…' of each inline stylesheet of the built pages. */
  readonly styleHashes: readonly string[];
}

/** The Realtime socket's origin beside the project's: a CSP source for https:// does not match wss://. */
function withSocket(origin: string): string[] {
  return [origin, origin.replace(/^http/, 'ws')];
}

export function contentSecurityPolicy({ supabaseUrl, scriptHashes, styleHashes }: PolicyInputs): string {
  const supabase = supabaseUrl === null ? [] : [supabaseUrl];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
    ['style-src', "'self'", ...styleHashes.map((hash) => `'${hash}'`)],
    // data: for the stylesheet's icons (SVG written in the CSS), blob: for the pictures an admin
    // adds on the local backend (kept in IndexedDB), the project's Storage on Supabase.
    ['img-src', "'self'", 'data:', 'blob:', ...supabase],
    ['connect-src', "'self'", ...(supabaseUrl === null ? [] : withSocket(supabaseUrl))],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Every powerful feature the shop never uses, refused to the page and to anything it would embed. */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** The headers of every response. */
export function securityHeaders(inputs: PolicyInputs): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inputs),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
  };
}

/** One rule of a _headers file: a path (exact, or ending in /* for everything under it) and its headers. */
export interface HeaderRule {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The rules for a build whose files are `files` (paths relative to the build's folder, with /):
 * the security headers everywhere; each page (x.html, served for /x too) and the service worker
 * revalidated; dist/assets immutable. A folder holding only pages gets one rule (Cloudflare
 * Pages reads at most 100). No header is in two rules matching one path: the hosts would join
 * both values.
 */
export function headerRules(inputs: PolicyInputs, files: readonly string[]): HeaderRule[] {
  const rules: HeaderRule[] = [{ path: '/*', headers: securityHeaders(inputs) }];
  const revalidate = (path: string) => rules.push({ path, headers: { 'Cache-Control': REVALIDATE } });
  const folders = new Map<string, string[]>();
  for (const file of files) {
    const slash = file.lastIndexOf('/');
    const folder = slash < 0 ? '' : file.slice(0, slash);
    folders.set(folder, [...(folders.get(folder) ?? []), file]);
  }
  for (const [folder, inside] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    const pages = inside.filter((file) => file.endsWith('.html')).sort();
    if (folder !== '' && pages.length > 0 && pages.length === inside.length) {
      revalidate(`/${folder}/*`);
      continue;
    }
    for (const page of pages) {
      revalidate(page === 'index.html' ? '/' : `/${page.slice(0, -'.html'.length)}`);
      revalidate(`/${page}`);
    }
  }
  // The service worker (vite-plugin-pwa writes it after the pages) and the app's manifest.
  revalidate('/sw.js');
  revalidate('/manifest.webmanifest');
  rules.push({ path: '/assets/*', headers: { 'Cache-Control': IMMUTABLE } });
  return rules;
}

export function headersFileText(rules: readonly HeaderRule[]): string {
  const lines = ['# Written by `vite build` (scripts/vite/security-headers.ts, docs/security.md): do not edit.'];
  for (const rule of rules) {
    lines.push(rule.path);
    for (const [name, value] of Object.entries(rule.headers)) lines.push(`  ${name}: ${value}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The rules of a _headers file as written by headersFileText (a path at the line's start, its headers indented). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: { path: string; headers: Record<string, string> }[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(':');
    if (!rule || colon < 0) throw new Error(`${HEADERS_FILE}: "${line.trim()}" is not a header of a path`);
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

function matches(rulePath: string, pathname: string): boolean {
  if (rulePath.endsWith('/*')) return pathname.startsWith(rulePath.slice(0, -1));
  return pathname === rulePath;
}

/** What a host reading the rules sends for an address: the headers of every rule matching it. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) if (matches(rule.path, pathname)) Object.assign(headers, rule.headers);
  return headers;
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** A script element's type that the browser runs (no type, a JavaScript MIME type, module); JSON and JSON-LD are data. */
function runs(attributes: string): boolean {
  const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === '' || type === 'module' || /^(text|application)\/(java|ecma)script$/.test(type);
}

/** The hashes of a page's inline scripts (those that run) and inline stylesheets. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\ssrc\s*=/i.test(attributes) && runs(attributes)) scripts.push(sha256(body));
  }
  for (const [, body = ''] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) styles.push(sha256(body));
  return { scripts, styles };
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The rules for the build in `outDir`: its files, and the hashes of every inline script and stylesheet of its pages. */
export function rulesForBuild(outDir: string, supabaseUrl: string | null): HeaderRule[] {
  const files = filesUnder(outDir).filter((file) => file !== HEADERS_FILE && file !== 'sw.js' && file !== 'manifest.webmanifest');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const page of files.filter((file) => file.endsWith('.html'))) {
    const found = inlineHashes(readFileSync(join(outDir, page), 'utf8'));
    found.scripts.forEach((hash) => scripts.add(hash));
    found.styles.forEach((hash) => styles.add(hash));
  }
  return headerRules({ supabaseUrl, scriptHashes: [...scripts].sort(), styleHashes: [...styles].sort() }, files);
}

/**
 * `vite build`: once every page is written (after src/app/prerender's), writes dist/_headers.
 * `vite preview`: sends, for each address asked (before the shell's fallback rewrites it), the
 * headers the built _headers gives it, as a static host would.
 */
export function securityHeadersPlugin(): Plugin {
  let supabaseUrl: string | null = null;
  let outDir = '';
  let isBuild = false;
  return {
    name: 'shop:security-headers',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      isBuild = config.command === 'build' && !config.build.ssr;
      supabaseUrl = config.command === 'build' ? (checkConfig(config.env).supabase?.url ?? null) : null;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (isBuild) writeFileSync(join(outDir, HEADERS_FILE), headersFileText(rulesForBuild(outDir, supabaseUrl)));
      },
    },
    configurePreviewServer(server) {
      const file = join(outDir, HEADERS_FILE);
      if (!existsSync(file)) throw new Error(`${file} is missing: build the shop first (vite build writes it).`);
      // Read again when the file changes, as a static host takes each deploy's own _headers.
      const version = () => {
        const { ino, mtimeMs, size } = statSync(file);
        return `${ino}:${mtimeMs}:${size}`;
      };
      let read = { version: version(), rules: parseHeadersFile(readFileSync(file, 'utf8')) };
      const currentRules = () => {
        try {
          const now = version();
          if (now !== read.version) read = { version: now, rules: parseHeadersFile(readFileSync(file, 'utf8')) };
        } catch {
          // Between two deploys the file may be missing a moment: the last rules stand.
        }
        return read.rules;
      };
      server.middlewares.use((req, res, next) => {
        const rules = currentRules();
        const asked = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
        let pathname = new URL(asked, 'http://preview.invalid').pathname;
        try {
          pathname = decodeURIComponent(pathname);
        } catch {
          // A malformed address keeps its raw path: it matches the site-wide rule only.
        }
        for (const [name, value] of Object.entries(headersFor(rules, pathname))) res.setHeader(name, value);
        next();
      });
    },
  };
}

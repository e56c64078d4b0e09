import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  HEADERS_FILE,
  headerRules,
  headersFileText,
  headersFor,
  IMMUTABLE,
  inlineHashes,
  parseHeadersFile,
  REVALIDATE,
  rulesForBuild,
  securityHeadersPlugin,
} from '../../../scripts/vite/security-headers';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

const START_UP = '(function(){var d=document;d.title="«\u202fstart\u202f»"})();';
const HELD = '(function(){window.held=[]})();';
const CSS = '.app{color:#1f4e5f}';

/** A build as `vite build` leaves it: pages with inline scripts, data blocks and a stylesheet; chunks; the worker. */
const BUILD: Record<string, string> = {
  'index.html': `<html><head><style>${CSS}</style><script>${START_UP}</script><script>${HELD}</script><script type="application/ld+json">{"@type":"Organization"}</script></head><body><script type="application/json" id="etat-prerendu">{"a":1}</script></body></html>`,
  'shell.html': `<html><head><style>${CSS}</style><script>${START_UP}</script><link rel="modulepreload" crossorigin href="/assets/index-abc.js"></head></html>`,
  'boutique.html': `<html><head><style>${CSS}</style><script>${START_UP}</script><script>${HELD}</script></head></html>`,
  'produit/vase.html': `<html><head><style>${CSS}</style><script>${START_UP}</script><script>${HELD}</script></head></html>`,
  'assets/index-abc.js': 'export {};',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

function writeBuild(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'boutique-headers-'));
  for (const [file, content] of Object.entries(BUILD)) {
    mkdirSync(dirname(join(outDir, file)), { recursive: true });
    writeFileSync(join(outDir, file), content);
  }
  return outDir;
}

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('the Content-Security-Policy', () => {
  const hashes = { scriptHashes: [sha256(START_UP)], styleHashes: [sha256(CSS)] };

  it('lets scripts come from the shop and its hashed inline scripts only: nothing inline otherwise, nothing evaluated', () => {
    const policy = contentSecurityPolicy({ supabaseUrl: null, ...hashes });
    expect(directive(policy, 'script-src')).toEqual(["'self'", `'${sha256(START_UP)}'`]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", `'${sha256(CSS)}'`]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('names no other site in a local build', () => {
    const policy = contentSecurityPolicy({ supabaseUrl: null, ...hashes });
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(policy).not.toMatch(/https?:|wss?:/);
  });

  it('names the Supabase project, and its Realtime socket, in a Supabase build', () => {
    const policy = contentSecurityPolicy({ supabaseUrl: 'https://abcd.supabase.co', ...hashes });
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://abcd.supabase.co', 'wss://abcd.supabase.co']);
    // Product pictures are in the project's Storage.
    expect(directive(policy, 'img-src')).toContain('https://abcd.supabase.co');
    const local = contentSecurityPolicy({ supabaseUrl: 'http://localhost:54321', ...hashes });
    expect(directive(local, 'connect-src')).toEqual(["'self'", 'http://localhost:54321', 'ws://localhost:54321']);
  });
});

describe('the hashes of a page', () => {
  it('are those of the scripts that run and of the stylesheets: not of a script file, JSON or JSON-LD', () => {
    expect(inlineHashes(BUILD['index.html']!)).toEqual({ scripts: [sha256(START_UP), sha256(HELD)], styles: [sha256(CSS)] });
    expect(inlineHashes('<script src="/a.js"></script><script type="module">import "/b.js";</script>').scripts).toEqual([sha256('import "/b.js";')]);
  });
});

describe('the rules of a build', () => {
  let outDir: string;
  beforeAll(() => {
    outDir = writeBuild();
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('hash every inline script and stylesheet of every page, once', () => {
    const policy = headersFor(rulesForBuild(outDir, null), '/')['Content-Security-Policy']!;
    expect(directive(policy, 'script-src')).toEqual(["'self'", ...[sha256(START_UP), sha256(HELD)].sort().map((hash) => `'${hash}'`)]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", `'${sha256(CSS)}'`]);
  });

  it('revalidate each page (at its address and its file) and the worker, keep the hashed assets a year', () => {
    const rules = rulesForBuild(outDir, null);
    for (const path of ['/', '/index.html', '/boutique', '/boutique.html', '/shell', '/produit/vase', '/produit/vase.html', '/sw.js']) {
      expect(headersFor(rules, path)['Cache-Control'], path).toBe(REVALIDATE);
    }
    expect(headersFor(rules, '/assets/index-abc.js')['Cache-Control']).toBe(IMMUTABLE);
    // A folder of pages is one rule: Cloudflare Pages reads at most 100.
    expect(rules.map((rule) => rule.path)).toContain('/produit/*');
    expect(rules.length).toBeLessThanOrEqual(100);
  });

  it('never put one header in two rules matching the same address (a host would join both values)', () => {
    const rules = rulesForBuild(outDir, null);
    for (const path of ['/', '/index.html', '/boutique', '/produit/vase', '/sw.js', '/assets/index-abc.js', '/favicon.svg', '/panier']) {
      const matching = rules.filter((rule) => Object.keys(headersFor([rule], path)).length > 0);
      const names = matching.flatMap((rule) => Object.keys(rule.headers));
      expect(new Set(names).size, path).toBe(names.length);
    }
  });

  it('read back from the written file are the same rules', () => {
    const rules = headerRules({ supabaseUrl: 'https://abcd.supabase.co', scriptHashes: [sha256(START_UP)], styleHashes: [] }, Object.keys(BUILD));
    expect(parseHeadersFile(headersFileText(rules))).toEqual(rules);
  });
});

describe('vite preview', () => {
  let outDir: string;
  let server: PreviewServer;
  let base: string;
  beforeAll(async () => {
    outDir = writeBuild();
    writeFileSync(join(outDir, HEADERS_FILE), headersFileText(rulesForBuild(outDir, null)));
    server = await preview({
      configFile: false,
      root: outDir,
      logLevel: 'silent',
      build: { outDir },
      plugins: [securityHeadersPlugin()],
      preview: { port: 0, host: '127.0.0.1' },
    });
    const address = server.httpServer.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('sends, for each address, exactly the headers the built _headers file gives it', async () => {
    const rules = parseHeadersFile(readFileSync(join(outDir, HEADERS_FILE), 'utf8'));
    for (const path of ['/', '/produit/vase', '/boutique', '/sw.js', '/assets/index-abc.js', '/favicon.svg']) {
      const response = await fetch(`${base}${path}`, { headers: { Accept: path.includes('.') ? '*/*' : 'text/html' } });
      expect(response.status, path).toBe(200);
      const wanted = headersFor(rules, path);
      expect(Object.keys(wanted)).toContain('Content-Security-Policy');
      for (const [name, value] of Object.entries(wanted)) expect(response.headers.get(name), `${path}: ${name}`).toBe(value);
    }
  });

  it('takes the _headers of a new deploy, as a static host does (its inline scripts, so their hashes, may differ)', async () => {
    const file = join(outDir, HEADERS_FILE);
    const before = readFileSync(file, 'utf8');
    const deployed = headersFileText(rulesForBuild(outDir, 'https://projet.supabase.co'));
    expect(deployed).not.toBe(before);
    writeFileSync(file, deployed);
    try {
      const csp = (await fetch(`${base}/`, { headers: { Accept: 'text/html' } })).headers.get('Content-Security-Policy');
      expect(csp).toBe(headersFor(parseHeadersFile(deployed), '/')['Content-Security-Policy']);
      expect(csp).toContain('https://projet.supabase.co');
    } finally {
      writeFileSync(file, before);
    }
  });
});

// Every French text the shop writes follows French typography: quotes are « like this » with
// a narrow no-break space (U+202F) inside, and a no-break space (U+00A0, the one the shop uses)
// comes before : ; ! ? — so that « or ? never ends up alone at the start of a line. The spec's
// own messages are byte-exact as the spec writes them, plain spaces included, and are left out.
// Every string literal, template text and JSX text of src/ is read with the TypeScript compiler.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/domain/messages';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SRC = join(ROOT, 'src');

/** Spec §5 and §8, byte for byte: their typography is the spec's, not ours. */
const SPEC_MESSAGES = new Set<string>([
  MESSAGES.invalidEmail,
  MESSAGES.alreadySubscribed,
  MESSAGES.invalidUnsubscribeToken,
  MESSAGES.noActiveSubscribers,
  MESSAGES.wrongCredentials,
  MESSAGES.signUpClosed,
  MESSAGES.subscribed,
  MESSAGES.resubscribed,
  MESSAGES.unsubscribed,
]);

interface Text {
  where: string;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const ENTITIES: Record<string, string> = { nbsp: '\u00a0', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** JSX text as React renders it: entities decoded, each line break and its indentation gone or one space. */
function jsxText(raw: string): string {
  const decoded = raw.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? entity;
  });
  const lines = decoded.split(/\r?\n/);
  if (lines.length === 1) return decoded;
  return lines
    .map((line, i) => (i === 0 ? line.trimEnd() : i === lines.length - 1 ? line.trimStart() : line.trim()))
    .filter((line) => line !== '')
    .join(' ');
}

/** Every text of one file that a shopper or the admin could read, with its place. */
function textsOf(file: string): Text[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: Text[] = [];
  const add = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    texts.push({ where: `${relative(ROOT, file)}:${line + 1}`, text });
  };
  const visit = (node: ts.Node) => {
    // Module names are not text.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) add(node, node.text);
    else if (ts.isJsxText(node)) add(node, jsxText(node.getText(source)));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** What is wrong with a text's typography, if anything. */
function typographyProblems(text: string): string[] {
  if (SPEC_MESSAGES.has(text)) return [];
  const problems: string[] = [];
  if (/«(?!\u202f)/.test(text)) problems.push('« not followed by a narrow no-break space (U+202F)');
  if (/(?<!\u202f)»/.test(text)) problems.push('» not preceded by a narrow no-break space (U+202F)');
  if (/ [:;!?]/.test(text)) problems.push('a plain space before : ; ! or ? (use U+00A0)');
  if (/\u202f[:;!?]/.test(text)) problems.push('a narrow no-break space before : ; ! or ? (the shop uses U+00A0)');
  return problems;
}

describe('French typography of every text in src/', () => {
  it('finds problems where they are, and none in correct text', () => {
    expect(typographyProblems('Ajouter « Vase »')).toHaveLength(2);
    expect(typographyProblems('Favoris : 2')).toEqual(['a plain space before : ; ! or ? (use U+00A0)']);
    expect(typographyProblems('Vraiment ?')).toHaveLength(1);
    expect(typographyProblems('Prix\u202f: 3')).toHaveLength(1);
    expect(typographyProblems('Ajouter «\u202fVase\u202f»\u00a0? Oui\u00a0!')).toEqual([]);
    expect(typographyProblems('https://boutique.example/?token=a;b')).toEqual([]);
    expect(typographyProblems(MESSAGES.subscribed)).toEqual([]);
  });

  it('reads JSX text as it is shown: entities decoded, line breaks as spaces', () => {
    expect(jsxText('Date&nbsp;: 23&#x202F;mai')).toBe('Date\u00a0: 23\u202fmai');
    expect(jsxText('\n        Une question\n        ?\n      ')).toBe('Une question ?');
  });

  it('has no plain space inside « » nor before : ; ! ? outside the spec’s messages', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const found = files
      .flatMap(textsOf)
      .flatMap(({ where, text }) => typographyProblems(text).map((problem) => `${where}: ${JSON.stringify(text)}: ${problem}`));
    expect(found).toEqual([]);
  });
});

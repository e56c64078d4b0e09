// A mail written once as blocks, then as its plain-text and HTML parts: the copy, for the edge
// functions, of src/domain/mail-document.ts (a deployed function's bundle holds only
// supabase/functions: _shared/shop-facts.ts says why). tests/unit/functions/order-mails.test.ts
// holds the mails written here to the domain's, byte for byte.
import { escapeHtml } from './mail.ts';

export type MailBlock =
  { heading: string } | { paragraph: string } | { list: readonly string[] } | { link: string; label: string } | { lines: readonly string[] };

function blockText(block: MailBlock): string {
  if ('heading' in block) return block.heading.toUpperCase();
  if ('paragraph' in block) return block.paragraph;
  if ('list' in block) return block.list.map((item) => `- ${item}`).join('\n');
  if ('link' in block) return `${block.label}\u00a0: ${block.link}`;
  return block.lines.join('\n');
}

function blockHtml(block: MailBlock): string {
  if ('heading' in block) return `<h2>${escapeHtml(block.heading)}</h2>`;
  if ('paragraph' in block) return `<p>${escapeHtml(block.paragraph)}</p>`;
  if ('list' in block) return `<ul>\n${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}\n</ul>`;
  if ('link' in block) return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`;
  return `<blockquote><p>${block.lines.map(escapeHtml).join('<br>\n')}</p></blockquote>`;
}

export function mailText(blocks: readonly MailBlock[]): string {
  return blocks.map(blockText).join('\n\n');
}

export function mailHtml(subject: string, blocks: readonly MailBlock[]): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="fr">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(subject)}</h1>`,
    ...blocks.map(blockHtml),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

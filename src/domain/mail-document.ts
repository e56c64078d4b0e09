// A mail written once as blocks, then as its two parts: the plain text every mail program shows,
// and an HTML document (valid HTML, every text escaped). The order mails are written this way
// (order/order-mails.ts); the edge function send-order-mails writes the same two parts from the
// same blocks (supabase/functions/send-order-mails/mail-document.ts, held to this one by
// tests/unit/functions/order-mails.test.ts).

export type MailBlock =
  | { heading: string }
  | { paragraph: string }
  | { list: readonly string[] }
  /** A link, written out in full in the text part: a mail program has no base address to resolve a relative one. */
  | { link: string; label: string }
  /** Lines kept as they are (a form to copy): one paragraph of lines. */
  | { lines: readonly string[] };

/** Text safe in a text node, in a quoted attribute, and in XML (the mails' HTML and the prerendered pages' head). */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

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

/** The plain-text part: one block a paragraph, blank lines between them. */
export function mailText(blocks: readonly MailBlock[]): string {
  return blocks.map(blockText).join('\n\n');
}

/** The HTML part: a whole document in French, titled with the subject. */
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

// Text an attacker (or a careless paste) puts in the back office: markup, script, a template's
// braces, a javascript: address. Every page, prerendered file and mail must show it as typed.

/** A product name (at most 120 characters, as the back office takes it). */
export const HOSTILE_NAME = 'Bol <img src=x onerror=alert(1)> "><svg onload=alert(2)> {{7*7}}';

/** A description: closes a <script>, opens one, a comment, a javascript: link, an entity, U+2028. */
export const HOSTILE_DESCRIPTION =
  '</script><script>alert(3)</script><!-- <a href="javascript:alert(4)">lien</a> &amp; ${7*7} \u2028 <style>*{display:none}</style> fin';

/** A category name made by the back office with a new product. */
export const HOSTILE_CATEGORY = '<b>Céramique</b></title><script>alert(5)</script>';

/** A newsletter's subject and body as the owner types them. */
export const HOSTILE_SUBJECT = 'Promo <img src=x onerror=alert(6)>';
export const HOSTILE_BODY = 'Bonjour <script>alert(7)</script>\n\n<a href="javascript:alert(8)">cliquez</a> "><svg onload=alert(9)>';

/**
 * What injected markup would have made of these strings: an element carrying an event handler,
 * the `x` picture, a javascript: link, an <style> in the body (the shell inlines its own in the head) or a script calling alert. Legitimate
 * pictures, icons and the shop's own scripts match none of these.
 */
export const INJECTED_SELECTOR = '[onerror], [onload], img[src="x"], a[href^="javascript:" i], body b, body style';

/** The elements `root` holds that the hostile strings would have created. */
export function injectedElements(root: ParentNode): Element[] {
  const scripts = [...root.querySelectorAll('script')].filter((script) => /alert\(/.test(script.textContent ?? '') && !isDataScript(script));
  return [...root.querySelectorAll(INJECTED_SELECTOR), ...scripts];
}

/** A script that only carries data (JSON-LD, the prerendered answers): its text is never run. */
function isDataScript(script: HTMLScriptElement): boolean {
  return script.type === 'application/ld+json' || script.type === 'application/json';
}

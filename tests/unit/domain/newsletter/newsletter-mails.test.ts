import { describe, expect, it } from 'vitest';
import { unsubscribeUrl } from '@/domain/newsletter/newsletter-mails';

// Spec §4, §5: every mail carries the subscriber's own unsubscribe link, absolute (a mail
// program has no current address to resolve a relative one against).
describe('the unsubscribe link of a mail', () => {
  it('a shop address given with one or several trailing slashes still links with a single slash before the page', () => {
    for (const site of ['https://boutique.example', 'https://boutique.example/', 'https://boutique.example//']) {
      expect(unsubscribeUrl(site, 'abc')).toBe('https://boutique.example/newsletter/desinscription?token=abc');
    }
    expect(unsubscribeUrl('https://exemple.fr/boutique///', 'abc')).toBe('https://exemple.fr/boutique/newsletter/desinscription?token=abc');
  });
});

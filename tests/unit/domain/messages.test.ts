import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type StorageSubject } from '@/domain/messages';

describe('messages (spec §5, §8, byte-exact)', () => {
  it('the spec messages are the spec’s texts, to the letter', () => {
    expect(MESSAGES.invalidEmail).toBe('Adresse email invalide');
    expect(MESSAGES.alreadySubscribed).toBe('Cette adresse email est déjà inscrite à notre newsletter');
    expect(MESSAGES.invalidUnsubscribeToken).toBe('Token de désinscription invalide');
    expect(MESSAGES.noActiveSubscribers).toBe('Aucun abonné actif trouvé');
    expect(MESSAGES.wrongCredentials).toBe('Identifiants incorrects');
    expect(MESSAGES.signUpClosed).toBe("Les inscriptions sont temporairement fermées. Contactez l'administrateur.");
    expect(MESSAGES.subscribed).toBe('Inscription réussie ! Un email de confirmation vous a été envoyé.');
    expect(MESSAGES.resubscribed).toBe('Inscription réactivée avec succès ! Vérifiez votre boîte mail.');
    expect(MESSAGES.unsubscribed).toBe('Désinscription effectuée avec succès');
  });

  it('the send-to-all message counts N active subscribers', () => {
    expect(MESSAGES.sentToAll(1)).toBe('Newsletter envoyée avec succès à 1 abonné(s)');
    expect(MESSAGES.sentToAll(12)).toBe('Newsletter envoyée avec succès à 12 abonné(s)');
  });

  it('the storage-write message of the cart says it was not saved and is still there', () => {
    expect(MESSAGES.storageWriteFailed('panier')).toBe(
      'Votre panier n’a pas pu être enregistré sur cet appareil (stockage plein ou indisponible). Il reste disponible tant que cette page est ouverte.',
    );
  });

  // Read from a fresh load of the module, inside the test: the table is built when the module
  // loads, and so this test also reaches it when the module is loaded first by a later import
  // (as the Supabase code's is), which is how mutation testing sees such a value.
  it('each storage-write message names what was not saved, as the shopper calls it, and what still works', async () => {
    vi.resetModules();
    const { MESSAGES: fresh } = await import('@/domain/messages');
    expect((['panier', 'favoris', 'abonnés', 'session'] as StorageSubject[]).map((s) => fresh.storageWriteFailed(s))).toEqual([
      'Votre panier n’a pas pu être enregistré sur cet appareil (stockage plein ou indisponible). Il reste disponible tant que cette page est ouverte.',
      'Vos favoris n’ont pas pu être enregistrés sur cet appareil (stockage plein ou indisponible). Ils restent disponibles tant que cette page est ouverte.',
      'La liste des abonnés n’a pas pu être enregistrée sur cet appareil (stockage plein ou indisponible). Elle reste disponible tant que cette page est ouverte.',
      'Votre session n’a pas pu être enregistrée sur cet appareil (stockage plein ou indisponible). Elle reste active tant que cette page est ouverte.',
    ]);
  });

  const ours = [
    ...(['panier', 'favoris', 'abonnés', 'session'] as StorageSubject[]).map((s) => MESSAGES.storageWriteFailed(s)),
    MESSAGES.mailFailed,
    MESSAGES.mailPartlyFailed(2, 3),
    MESSAGES.confirmationMailFailed,
  ];

  it('our own messages use the typographic apostrophe and a no-break space before ; : ! ?', () => {
    for (const text of ours) {
      expect(text).not.toContain("'");
      expect(text).not.toMatch(/ [;:!?]/);
      expect(text).not.toMatch(/[^\u00a0\u202f][;:!?]/);
    }
  });
});

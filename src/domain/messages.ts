import type { BackendFailure } from './result';

/** What could not be saved, as the shopper calls it. */
export type StorageSubject = 'panier' | 'favoris' | 'abonnés' | 'session';

// Each sentence names the thing, agrees with its gender and number, and says what still works.
const STORAGE_WRITE_FAILED: Record<StorageSubject, string> = {
  panier: 'Votre panier n’a pas pu être enregistré sur cet appareil (stockage plein ou indisponible). Il reste disponible tant que cette page est ouverte.',
  favoris:
    'Vos favoris n’ont pas pu être enregistrés sur cet appareil (stockage plein ou indisponible). Ils restent disponibles tant que cette page est ouverte.',
  abonnés:
    'La liste des abonnés n’a pas pu être enregistrée sur cet appareil (stockage plein ou indisponible). Elle reste disponible tant que cette page est ouverte.',
  session: 'Votre session n’a pas pu être enregistrée sur cet appareil (stockage plein ou indisponible). Elle reste active tant que cette page est ouverte.',
};

// What the shopper reads when a remote backend fails (the library's English stays in the log).
const BACKEND_FAILED: Record<BackendFailure, string> = {
  network: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.',
  refused: 'Le serveur a refusé cette action\u00a0: votre compte n’a pas les droits nécessaires.',
  'session-expired': 'Votre session a expiré. Reconnectez-vous pour continuer.',
  'backend-failed': 'Le serveur n’a pas pu traiter votre demande. Réessayez dans quelques instants.',
};

/**
 * Every message the shopper or the admin can read from the domain, in one place. The spec's
 * texts (§5, §8) are byte-exact, typewriter apostrophe included; our own texts follow French
 * typography (’ and a no-break space before « : ; ! ? »).
 */
export const MESSAGES = {
  invalidEmail: 'Adresse email invalide',
  /** Ours: a blank address is missing, not malformed (the spec's « invalide » is for a malformed one). */
  emailRequired: 'L’adresse email est obligatoire.',
  alreadySubscribed: 'Cette adresse email est déjà inscrite à notre newsletter',
  invalidUnsubscribeToken: 'Token de désinscription invalide',
  noActiveSubscribers: 'Aucun abonné actif trouvé',
  wrongCredentials: 'Identifiants incorrects',
  signUpClosed: "Les inscriptions sont temporairement fermées. Contactez l'administrateur.",
  subscribed: 'Inscription réussie ! Un email de confirmation vous a été envoyé.',
  resubscribed: 'Inscription réactivée avec succès ! Vérifiez votre boîte mail.',
  unsubscribed: 'Désinscription effectuée avec succès',
  /** Ours: a real unsubscribe link followed again (the spec's « invalide » is for unknown tokens). */
  alreadyUnsubscribed: 'Cette adresse email est déjà désinscrite de notre newsletter.',
  sentToAll: (n: number) => `Newsletter envoyée avec succès à ${n} abonné(s)`,
  storageWriteFailed: (subject: StorageSubject) => STORAGE_WRITE_FAILED[subject],
  /** The mailer refused every mail of a send. */
  mailFailed: 'L’email n’a pas pu être envoyé. Réessayez dans quelques instants.',
  /** The mailer refused some mails of a newsletter: say how far it got, so nobody resends blindly. */
  mailPartlyFailed: (sent: number, total: number) => `Newsletter envoyée à ${sent} abonné(s) sur ${total}\u00a0; l’envoi a échoué pour les autres.`,
  /** The subscription is saved, only its confirmation mail failed: a retry would say « déjà inscrite ». */
  /** A signed-in account without the admin role (Supabase: app_metadata.role). */
  notAdmin: 'Ce compte n’a pas accès à l’administration. Connectez-vous avec un compte administrateur.',
  /** The cart holds all there is of a product (issue 10): the stock is named, and what the cart holds. */
  stockLimit: (name: string, stock: number) => `Seulement ${stock} en stock pour «\u202f${name}\u202f»\u00a0: votre panier en contient ${stock}.`,
  /** The cart holds all one order may carry of a product (MAX_QUANTITY_PER_PRODUCT, issue 23), with more in stock. */
  lineLimit: (name: string, limit: number) =>
    `Au plus ${limit} exemplaires d’un même produit par commande\u00a0: votre panier contient ${limit} «\u202f${name}\u202f».`,
  soldOut: (name: string) => `«\u202f${name}\u202f» est épuisé.`,
  confirmationMailFailed: 'Votre inscription est bien enregistrée, mais l’email de confirmation n’a pas pu être envoyé.',
  /** A remote backend failed (BackendError): what the shopper can understand of it. */
  backendFailed: (failure: BackendFailure) => BACKEND_FAILED[failure],
} as const;

// What the admin reads. The spec's two sentences (§5, §8) are byte-exact, as in
// src/domain/messages.ts (tests/functions asserts them against those); the others follow
// French typography (’ and a no-break space before : ; ! ?).
export const MESSAGES = {
  sentToAll: (n: number) => `Newsletter envoyée avec succès à ${n} abonné(s)`,
  noActiveSubscribers: 'Aucun abonné actif trouvé',
  signInRequired: 'Connexion requise\u00a0: connectez-vous avec un compte administrateur.',
  sessionInvalid: 'Session invalide ou expirée\u00a0: reconnectez-vous.',
  adminsOnly: 'Accès réservé aux administrateurs',
  postOnly: 'Méthode non autorisée\u00a0: utilisez POST.',
  badJson: 'Requête invalide\u00a0: le corps doit être un objet JSON { subject, body }.',
  subjectRequired: 'Le sujet de la newsletter est obligatoire.',
  bodyRequired: 'Le contenu de la newsletter est obligatoire.',
  misconfigured: 'Le service d’envoi est mal configuré. Prévenez l’administrateur technique.',
  backendUnavailable: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
  mailFailed: 'La newsletter n’a pas pu être envoyée. Réessayez dans quelques instants.',
  mailPartlyFailed: (sent: number, total: number) => `Newsletter envoyée à ${sent} abonné(s) sur ${total}\u00a0; l’envoi a échoué pour les autres.`,
  unsubscribeFooter: (url: string) => `Pour vous désinscrire\u00a0: ${url}`,
} as const;

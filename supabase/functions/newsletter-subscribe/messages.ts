// What the visitor reads when the function itself answers (the subscription's own answers are
// the SQL function's, passed on byte for byte). French typography: ’ and a no-break space
// before : ; ! ?. The confirmation-failed sentence is the local shop's (src/domain/messages.ts).
export const MESSAGES = {
  confirmationMailFailed: 'Votre inscription est bien enregistrée, mais l’email de confirmation n’a pas pu être envoyé.',
  postOnly: 'Méthode non autorisée\u00a0: utilisez POST.',
  badJson: 'Requête invalide\u00a0: le corps doit être un objet JSON { email }.',
  sessionInvalid: 'Session invalide ou expirée\u00a0: rechargez la page, puis réessayez.',
  misconfigured: 'Le service d’inscription est mal configuré. Prévenez l’administrateur technique.',
  backendUnavailable: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
} as const;

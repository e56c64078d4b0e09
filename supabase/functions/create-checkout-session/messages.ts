// What the shopper reads when create-checkout-session answers an error (the shop's adapter shows
// `message`). French typography: ’ and a no-break space before : ; ! ?. Free of imports, so that
// the tests' stand-in of the function (tests/support/supabase/) answers the same words.
export const MESSAGES = {
  postOnly: 'Méthode non autorisée\u00a0: utilisez POST.',
  badJson: 'Requête invalide\u00a0: le corps doit être un objet JSON { number, secret }.',
  notFound: 'Cette commande est introuvable. Vérifiez son numéro.',
  notAwaiting: 'Cette commande n’attend pas de paiement par carte.',
  sessionInvalid: 'Session invalide ou expirée\u00a0: rechargez la page, puis réessayez.',
  misconfigured: 'Le paiement par carte est mal configuré. Prévenez l’administrateur technique.',
  backendUnavailable: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
  providerUnavailable:
    'Le service de paiement par carte est momentanément indisponible. Votre commande et ses articles restent réservés\u00a0: réessayez dans quelques instants.',
  providerRefused:
    'Le service de paiement par carte n’a pas pu ouvrir le paiement. Votre commande et ses articles restent réservés\u00a0: réessayez dans quelques instants.',
} as const;

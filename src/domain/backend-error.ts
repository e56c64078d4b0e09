import { fail, type BackendFailure, type Failure } from './result';

// What the shopper reads when a remote backend fails (the library's English stays in the log).
// Kept here, not in MESSAGES: only a build with a remote backend ships these sentences.
/** On its own so a page that only needs this one (a chunk that cannot download) ships only it. */
export const NETWORK_FAILURE_MESSAGE = 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.';

const MESSAGE_OF: Record<BackendFailure, string> = {
  network: NETWORK_FAILURE_MESSAGE,
  refused: 'Le serveur a refusé cette action\u00a0: votre compte n’a pas les droits nécessaires.',
  'session-expired': 'Votre session a expiré. Reconnectez-vous pour continuer.',
  'backend-failed': 'Le serveur n’a pas pu traiter votre demande. Réessayez dans quelques instants.',
};

const NAME = 'BackendError';

/**
 * A remote backend's failure, already sorted into what a shopper can understand. Adapters
 * throw it (after logging the library's own message); the domain turns it into a Failure.
 * `message` is the French sentence to show, never the library's English text.
 */
export class BackendError extends Error {
  constructor(
    readonly code: BackendFailure,
    options?: { cause?: unknown },
  ) {
    super(MESSAGE_OF[code], options);
    this.name = NAME;
  }
}

/** The Failure a BackendError stands for; null for any other error. */
export function backendFailure(error: unknown): Failure | null {
  // By name, not instanceof: the domain keeps no reference to the class (nor to its sentences).
  if (!(error instanceof Error) || error.name !== NAME) return null;
  return fail((error as BackendError).code, error.message);
}

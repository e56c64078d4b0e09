import { MESSAGES } from './messages';
import { fail, type BackendFailure, type Failure } from './result';

const MESSAGE_OF: Record<BackendFailure, string> = {
  network: MESSAGES.network,
  refused: MESSAGES.refused,
  'session-expired': MESSAGES.sessionExpired,
  'backend-failed': MESSAGES.backendFailed,
};

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
    this.name = 'BackendError';
  }
}

export function isBackendError(error: unknown): error is BackendError {
  return error instanceof BackendError;
}

export function backendFailure(error: BackendError): Failure {
  return fail(error.code, error.message);
}

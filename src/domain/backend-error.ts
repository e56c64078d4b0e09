import { MESSAGES } from './messages';
import { fail, type BackendFailure, type Failure } from './result';

/** The backend cannot be reached (a request or a download that fails on the network). */
export const NETWORK_FAILURE_MESSAGE = MESSAGES.backendFailed('network');

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
    super(MESSAGES.backendFailed(code), options);
    this.name = 'BackendError';
  }
}

/** The Failure a BackendError stands for; null for any other error. */
export function backendFailure(error: unknown): Failure | null {
  return error instanceof BackendError ? fail(error.code, error.message) : null;
}

import { BackendError } from '@/domain/backend-error';
import type { BackendFailure } from '@/domain/result';
import type { Logger } from '@/ports/logger';

/** What supabase-js hands back on failure, across PostgREST, GoTrue and Functions. */
interface LibraryError {
  message?: string;
  code?: string;
  status?: number;
  name?: string;
  context?: unknown;
}

// PostgREST's codes for a JWT it refuses (PGRST301: cannot be decoded or verified, PGRST303:
// claims invalid, expiry included) and PostgreSQL's insufficient_privilege (RLS, grants).
const SESSION_CODES = new Set(['PGRST301', 'PGRST302', 'PGRST303', 'bad_jwt', 'session_expired', 'session_not_found', 'refresh_token_not_found']);
const REFUSED_CODES = new Set(['42501', 'PGRST106', 'not_admin']);

/** Sorts one supabase-js failure into what a shopper can be told. */
function classify(error: LibraryError, status: number | undefined): BackendFailure {
  const code = error.code ?? '';
  const httpStatus = status ?? error.status ?? (error.context instanceof Response ? error.context.status : undefined);
  if (error.name === 'FunctionsFetchError' || error.name === 'AuthRetryableFetchError' || httpStatus === 0) {
    return 'network';
  }
  if (SESSION_CODES.has(code)) return 'session-expired';
  if (REFUSED_CODES.has(code) || httpStatus === 403) return 'refused';
  // PostgREST answers 401 for an anonymous request refused by RLS or grants (with 42501 above)
  // and for a JWT it rejects: without a code we know, an expired session is the likely cause.
  if (httpStatus === 401) return 'session-expired';
  return 'backend-failed';
}

/**
 * The French BackendError for a supabase-js failure; the library's own (English) message goes
 * to the log, never to the screen.
 */
export function backendError(logger: Logger, what: string, error: unknown, status?: number): BackendError {
  const failure = classify((error ?? {}) as LibraryError, status);
  // functions-js wraps the fetch error (the real cause) in its own: both go to the log.
  const context = (error as LibraryError | null)?.context;
  logger.error(`Supabase: ${what} failed (${failure})`, error, ...(context instanceof Error ? [context] : []));
  return new BackendError(failure, { cause: error });
}

/** The JSON an edge function answered with its error status (functions-js keeps the Response), if any. */
export async function functionErrorBody(error: unknown): Promise<unknown> {
  const context = (error as LibraryError | null)?.context;
  if (!(context instanceof Response)) return null;
  try {
    return await context.clone().json();
  } catch {
    return null;
  }
}

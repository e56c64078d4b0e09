import type { DomainError, ErrorCode, Result } from '@/domain/result';

/** A port's failure as TanStack Query keeps it: `message` is the French sentence to show, `code` what it was. */
class ResultError extends Error implements DomainError {
  readonly code: ErrorCode;

  constructor(error: DomainError) {
    super(error.message);
    this.name = 'ResultError';
    this.code = error.code;
  }
}

/**
 * The one way a query reads a port's answer: the value of a success is the query's data, a
 * failure is the query's error (a ResultError), so every page shows `error.message` the same way.
 */
export function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new ResultError(result.error);
  return result.value;
}

/** Whether a query's error is the port's failure with this code (e.g. 'not-found': an answer, not a glitch). */
export function isFailure(error: unknown, code: ErrorCode): boolean {
  return error instanceof ResultError && error.code === code;
}

/** The French sentence of a query's error: a port's own message, else `fallback` (an unexpected error's text is never shown). */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ResultError ? error.message : fallback;
}

import type { DomainError, ErrorCode, Result } from '../../domain/result';

/** A port's failure as TanStack Query keeps it: `message` is the French sentence to show, `code` what it was. */
export class ResultError extends Error implements DomainError {
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

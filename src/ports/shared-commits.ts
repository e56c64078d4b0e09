import type { Result } from '@/domain/result';
import { token } from './token';

/** What is committed under a key: a text and the version number that committed it (1, 2, 3…). */
export interface Commit {
  readonly version: number;
  readonly text: string;
}

/**
 * Why the log was not written: its quota is full, the browser refuses IndexedDB, or (behind a
 * loader, src/app/lazy-port.ts) its code could not be downloaded.
 */
export interface CommitLogFailure {
  code: 'quota' | 'unavailable' | 'network';
  /** What the browser said, for the log. */
  cause?: unknown;
}

/**
 * A log of commits shared by every tab of the shop in one browser (IndexedDB there), whose
 * read-modify-writes are atomic: two tabs' `transact` calls on one key never interleave, and
 * each sees the commit of the one before it, however close together they run. localStorage
 * cannot give that: each tab reads its own copy of it, which other tabs' writes reach later.
 */
export interface SharedCommits {
  /**
   * One atomic read-modify-write. `decide` runs synchronously inside the transaction with the
   * latest commit and returns the text to commit (as version + 1), or undefined to commit
   * nothing. Answers the commit now current (the new one, or the one `decide` was shown), or why
   * the log could not be written (`CommitLogFailure`, never a rejection). If `decide` throws,
   * nothing is committed and the promise rejects with its error: the caller's own, not the log's.
   */
  transact(key: string, decide: (current: Commit | null) => string | undefined): Promise<Result<Commit | null, CommitLogFailure>>;
  /** Commits made by the shop's other tabs (never this instance's own), after they are durable. */
  subscribe(listener: (key: string, version: number) => void): () => void;
}

export const SHARED_COMMITS = token<SharedCommits>('SharedCommits');

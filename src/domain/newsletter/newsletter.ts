import type { Result } from '../result';
import type { Subscriber } from './subscriber';

/**
 * The newsletter as the UI uses it, whatever keeps the subscribers: NewsletterService (this
 * browser's storage, shared by its tabs) or RemoteNewsletter (a backend, through the
 * NewsletterSubscribers port).
 */
export interface Newsletter {
  /** The subscriber list as last known (for useSyncExternalStore). */
  getSnapshot(): readonly Subscriber[];
  subscribe(listener: () => void): () => void;
  register(email: string): Promise<Result<unknown>>;
  unsubscribe(token: string): Promise<Result<unknown>>;
  sendToAll(subject: string, body: string): Promise<Result<{ count: number }>>;
  /** Asks where the subscribers are kept for the current list (the admin page, on arrival). */
  refresh(): Promise<Result<unknown>>;
  /** The page is closing: anything not yet saved is saved now. */
  flushBeforeUnload(): void;
}

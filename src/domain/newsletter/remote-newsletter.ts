import type { NewsletterSender } from '../../ports/newsletter-sender';
import type { NewsletterSubscribers } from '../../ports/newsletter-subscribers';
import { ok, type Result } from '../result';
import type { Newsletter } from './newsletter';
import type { Subscriber } from './subscriber';

const EMPTY: readonly Subscriber[] = [];

/**
 * The newsletter over a backend that applies the rules itself (Supabase: SQL functions and
 * edge functions): its subscribers through one port, its sending through another. The subscriber list is only read when asked (the admin page): a visitor is
 * not allowed to read it, and has no use for it.
 */
export class RemoteNewsletter implements Newsletter {
  private subscribers: readonly Subscriber[] = EMPTY;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly port: NewsletterSubscribers,
    private readonly sender: NewsletterSender,
  ) {}

  getSnapshot = (): readonly Subscriber[] => this.subscribers;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  register(email: string): Promise<Result<undefined>> {
    return this.port.subscribe(email);
  }

  unsubscribe(token: string): Promise<Result<undefined>> {
    return this.port.unsubscribe(token);
  }

  sendToAll(subject: string, body: string): Promise<Result<{ count: number }>> {
    return this.sender.sendToAll(subject, body);
  }

  async refresh(): Promise<Result<undefined>> {
    const listed = await this.port.list();
    if (!listed.ok) return listed;
    this.subscribers = listed.value;
    for (const listener of [...this.listeners]) listener();
    return ok(undefined);
  }

  flushBeforeUnload(): void {
    // Nothing waits here: every change went to the backend when it was made.
  }
}

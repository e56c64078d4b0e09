import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { KeyValueStore } from '../../ports/key-value-store';
import type { Logger } from '../../ports/logger';
import type { Mailer } from '../../ports/mailer';
import { MESSAGES } from '../messages';
import { lenientList, PersistedState } from '../persisted-state';
import { fail, ok, type Failure, type Result } from '../result';
import { STORAGE_KEYS } from '../storage-keys';
import { confirmationMail, newsletterMail } from './newsletter-mails';
import { isValidEmail, normalizeEmail, subscriberSchema, type Subscriber } from './subscriber';

const EMPTY: readonly Subscriber[] = [];

type Registration =
  | { kind: 'duplicate' }
  | { kind: 'new' | 'reactivated'; subscriber: Subscriber };

/** The newsletter of spec §4, §5 and §8: subscribe, unsubscribe by token, send to every active subscriber. */
export class NewsletterService {
  private readonly state: PersistedState<readonly Subscriber[]>;

  constructor(
    store: KeyValueStore,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly logger: Logger,
  ) {
    this.state = new PersistedState({
      store,
      key: STORAGE_KEYS.newsletterSubscribers,
      parse: lenientList(subscriberSchema, 'newsletter subscriber'),
      initial: EMPTY,
      logger,
    });
  }

  getSnapshot = (): readonly Subscriber[] => this.state.get();

  /** Listens to the subscriber list (for useSyncExternalStore); the newsletter action is `register`. */
  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  async register(input: string): Promise<Result<Subscriber>> {
    const email = normalizeEmail(input);
    if (!isValidEmail(email)) return fail('invalid-email', MESSAGES.invalidEmail);

    // Decided inside the update, on the freshest list, so two tabs cannot both add the address.
    let registration = null as Registration | null;
    const outcome = this.state.update((list) => {
      registration = this.decide(list, email);
      if (registration.kind === 'duplicate') return list;
      const { subscriber } = registration;
      return registration.kind === 'new'
        ? [...list, subscriber]
        : list.map((s) => (s.id === subscriber.id ? subscriber : s));
    });
    if (!registration || registration.kind === 'duplicate') {
      return fail('already-subscribed', MESSAGES.alreadySubscribed);
    }
    if (!outcome.saved) return this.storageFailure();

    const { subscriber, kind } = registration;
    try {
      await this.mailer.send(confirmationMail(subscriber, kind === 'reactivated'));
    } catch (error) {
      this.logger.error(`Confirmation mail to ${subscriber.email} failed`, error);
      return fail('mail-failed', MESSAGES.confirmationMailFailed);
    }
    const confirmed = this.markConfirmationSent(subscriber.id) ?? { ...subscriber, confirmationSent: true };
    return ok(confirmed, kind === 'new' ? MESSAGES.subscribed : MESSAGES.resubscribed);
  }

  /** Only an active subscriber's token works: a used link answers « invalide » the second time. */
  unsubscribe(token: string): Result<Subscriber> {
    let unsubscribed = null as Subscriber | null;
    const outcome = this.state.update((list) => {
      const match = token ? list.find((s) => s.isActive && s.unsubscribeToken === token) : undefined;
      if (!match) return list;
      const inactive = { ...match, isActive: false };
      unsubscribed = inactive;
      return list.map((s) => (s === match ? inactive : s));
    });
    if (!unsubscribed) return fail('invalid-token', MESSAGES.invalidUnsubscribeToken);
    if (!outcome.saved) return this.storageFailure();
    return ok(unsubscribed, MESSAGES.unsubscribed);
  }

  async sendToAll(subject: string, body: string): Promise<Result<{ count: number }>> {
    const active = this.state.get().filter((s) => s.isActive);
    if (active.length === 0) return fail('no-active-subscribers', MESSAGES.noActiveSubscribers);

    const results = await Promise.allSettled(active.map((s) => this.mailer.send(newsletterMail(s, subject, body))));
    const failed = results.filter((r) => r.status === 'rejected');
    if (failed.length > 0) {
      this.logger.error(`Newsletter: ${failed.length} of ${active.length} mails failed`, ...failed.map((r) => r.reason));
      const sent = active.length - failed.length;
      return fail('mail-failed', sent === 0 ? MESSAGES.mailFailed : MESSAGES.mailPartlyFailed(sent, active.length));
    }
    return ok({ count: active.length }, MESSAGES.sentToAll(active.length));
  }

  activeCount(): number {
    return this.state.get().filter((s) => s.isActive).length;
  }

  dispose(): void {
    this.state.dispose();
  }

  private decide(list: readonly Subscriber[], email: string): Registration {
    const existing = list.find((s) => normalizeEmail(s.email) === email);
    if (existing?.isActive) return { kind: 'duplicate' };
    const subscribedAt = new Date(this.clock.now()).toISOString();
    if (existing) {
      return { kind: 'reactivated', subscriber: { ...existing, email, isActive: true, subscribedAt, confirmationSent: false } };
    }
    return {
      kind: 'new',
      subscriber: {
        id: this.ids.next(),
        email,
        subscribedAt,
        isActive: true,
        confirmationSent: false,
        unsubscribeToken: this.ids.next(),
      },
    };
  }

  /** The subscriber as now stored, or null if another tab removed them meanwhile. */
  private markConfirmationSent(id: string): Subscriber | null {
    this.state.update((list) =>
      list.some((s) => s.id === id && !s.confirmationSent)
        ? list.map((s) => (s.id === id ? { ...s, confirmationSent: true } : s))
        : list,
    );
    // A failed save here is already logged; the subscription itself was saved.
    return this.state.get().find((s) => s.id === id) ?? null;
  }

  private storageFailure(): Failure {
    return fail('storage-write-failed', MESSAGES.storageWriteFailed('abonnés'));
  }
}

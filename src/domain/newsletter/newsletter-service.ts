import type { Clock } from '@/ports/clock';
import type { IdGenerator } from '@/ports/id-generator';
import type { Logger } from '@/ports/logger';
import type { Mailer } from '@/ports/mailer';
import type { SharedState, SharedStates } from '@/ports/shared-state';
import { MESSAGES } from '../messages';
import { fail, ok, type Failure, type Result } from '../result';
import { STORAGE_KEYS } from '../storage-keys';
import { lenientList } from '../stored-list';
import { confirmationMail, newsletterMail } from './newsletter-mails';
import { isValidEmail, normalizeEmail, subscriberSchema, type Subscriber } from './subscriber';

const EMPTY: readonly Subscriber[] = [];

type Registration = { kind: 'duplicate' } | { kind: 'new' | 'reactivated'; subscriber: Subscriber };

/** The newsletter of spec §4, §5 and §8: subscribe, unsubscribe by token, send to every active subscriber. */
export class NewsletterService {
  private readonly state: SharedState<readonly Subscriber[]>;

  constructor(
    states: SharedStates,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly logger: Logger,
    /** The shop's public address, which every link of a mail starts with. */
    private readonly siteUrl: string,
  ) {
    this.state = states.open({ key: STORAGE_KEYS.newsletterSubscribers, parse: lenientList(subscriberSchema, 'newsletter subscriber'), initial: EMPTY });
  }

  getSnapshot = (): readonly Subscriber[] => this.state.get();

  /** Listens to the subscriber list (for useSyncExternalStore); the newsletter action is `register`. */
  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  async register(input: string): Promise<Result<Subscriber>> {
    const email = normalizeEmail(input);
    if (!isValidEmail(email)) return fail('invalid-email', MESSAGES.invalidEmail);

    // Decided inside the update: its last application is the committed one, made on the list
    // every tab agrees on, so two tabs cannot both add the address.
    let registration = null as Registration | null;
    // Made once, so every application of the change describes the same subscriber.
    const fresh = this.newSubscriber(email);
    const outcome = await this.state.update((list) => {
      registration = decide(list, fresh);
      if (registration.kind === 'duplicate') return list;
      const { subscriber } = registration;
      return registration.kind === 'new' ? [...list, subscriber] : list.map((s) => (s.id === subscriber.id ? subscriber : s));
    });
    if (!registration || registration.kind === 'duplicate') {
      return fail('already-subscribed', MESSAGES.alreadySubscribed);
    }
    if (!outcome.ok) return this.storageFailure();

    const { subscriber, kind } = registration;
    try {
      await this.mailer.send(confirmationMail(subscriber, kind === 'reactivated', this.siteUrl));
    } catch (error) {
      this.logger.error(`Confirmation mail to ${subscriber.email} failed`, error);
      return fail('mail-failed', MESSAGES.confirmationMailFailed);
    }
    const confirmed = (await this.markConfirmationSent(subscriber.id)) ?? { ...subscriber, confirmationSent: true };
    return ok(confirmed, kind === 'new' ? MESSAGES.subscribed : MESSAGES.resubscribed);
  }

  /**
   * An active subscriber's token unsubscribes; the same link followed again says the address is
   * already unsubscribed (it was a real link); a token nobody holds is the spec's « invalide ».
   */
  async unsubscribe(token: string): Promise<Result<Subscriber>> {
    // Decided inside the update: its last application is the committed one.
    let found = null as { subscriber: Subscriber; wasActive: boolean } | null;
    const outcome = await this.state.update((list) => {
      const match = token ? list.find((s) => s.unsubscribeToken === token) : undefined;
      found = match ? { subscriber: { ...match, isActive: false }, wasActive: match.isActive } : null;
      if (!match?.isActive) return list;
      const inactive = found!.subscriber;
      return list.map((s) => (s === match ? inactive : s));
    });
    if (!found) return fail('invalid-token', MESSAGES.invalidUnsubscribeToken);
    const { subscriber, wasActive } = found;
    if (!wasActive) return ok(subscriber, MESSAGES.alreadyUnsubscribed);
    if (!outcome.ok) return this.storageFailure();
    return ok(subscriber, MESSAGES.unsubscribed);
  }

  async sendToAll(subject: string, body: string): Promise<Result<{ count: number }>> {
    const active = this.state.get().filter((s) => s.isActive);
    if (active.length === 0) return fail('no-active-subscribers', MESSAGES.noActiveSubscribers);

    const results = await Promise.allSettled(active.map((s) => this.mailer.send(newsletterMail(s, subject, body, this.siteUrl))));
    const failed = results.filter((r) => r.status === 'rejected');
    if (failed.length > 0) {
      this.logger.error(`Newsletter: ${failed.length} of ${active.length} mails failed`, ...failed.map((r) => r.reason));
      const sent = active.length - failed.length;
      return fail('mail-failed', sent === 0 ? MESSAGES.mailFailed : MESSAGES.mailPartlyFailed(sent, active.length));
    }
    return ok({ count: active.length }, MESSAGES.sentToAll(active.length));
  }

  /** The list is this browser's own, always current: nothing to ask. */
  async refresh(): Promise<Result<undefined>> {
    return ok(undefined);
  }

  activeCount(): number {
    return this.state.get().filter((s) => s.isActive).length;
  }

  /** Resolves once every change is committed or has failed. */
  whenSaved(): Promise<void> {
    return this.state.whenIdle();
  }

  /** The page is closing: changes not yet committed are written to storage at once. */
  flushBeforeUnload(): void {
    this.state.flushBeforeUnload();
  }

  dispose(): void {
    this.state.dispose();
  }

  private newSubscriber(email: string): Subscriber {
    return {
      id: this.ids.next(),
      email,
      subscribedAt: new Date(this.clock.now()).toISOString(),
      isActive: true,
      confirmationSent: false,
      unsubscribeToken: this.ids.next(),
    };
  }

  /** The subscriber as now stored, or null if another tab removed them meanwhile. */
  private async markConfirmationSent(id: string): Promise<Subscriber | null> {
    await this.state.update((list) =>
      list.some((s) => s.id === id && !s.confirmationSent) ? list.map((s) => (s.id === id ? { ...s, confirmationSent: true } : s)) : list,
    );
    // A failed save here is already logged; the subscription itself was saved.
    return this.state.get().find((s) => s.id === id) ?? null;
  }

  private storageFailure(): Failure {
    return fail('storage-write-failed', MESSAGES.storageWriteFailed('abonnés'));
  }
}

/** Spec §4: a new address becomes active, an active one is a duplicate, an inactive one is active again. */
function decide(list: readonly Subscriber[], fresh: Subscriber): Registration {
  const existing = list.find((s) => normalizeEmail(s.email) === fresh.email);
  if (existing?.isActive) return { kind: 'duplicate' };
  if (existing) {
    const { email, subscribedAt } = fresh;
    return { kind: 'reactivated', subscriber: { ...existing, email, isActive: true, subscribedAt, confirmationSent: false } };
  }
  return { kind: 'new', subscriber: fresh };
}

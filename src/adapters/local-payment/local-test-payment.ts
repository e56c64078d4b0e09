import * as v from 'valibot';
import type { Order } from '@/domain/order/order';
import { PAYMENT_MESSAGES, PAYMENT_SESSION_MINUTES, type CardDetails, type ProviderOutcome } from '@/domain/order/payment';
import { TEST_PAYMENT_MESSAGES, testCardAnswer } from '@/domain/order/test-cards';
import { fail, ok, type Result } from '@/domain/result';
import { paths } from '@/domain/site-paths';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import type { Clock } from '@/ports/clock';
import type { IdGenerator } from '@/ports/id-generator';
import type { KeyValueStore, StorageWrite } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';
import type { PaymentGateway, PaymentOrder, PaymentPage } from '@/ports/payment-gateway';
import type { TestPaymentDesk, TestPaymentSession } from '@/ports/test-payment-desk';

/** The orders as the stand-in provider reaches them: read as the shopper may, moved as only a provider may. */
export interface ProviderOrders {
  get(number: string, secret?: string): Promise<Result<Order>>;
  recordProviderOutcome(number: string, outcome: ProviderOutcome): Promise<Result<Order>>;
}

const SESSIONS = v.record(v.string(), v.object({ number: v.string(), startedAt: v.string() }));
type Sessions = v.InferOutput<typeof SESSIONS>;
type Session = Sessions[string];

const SESSION_MS = PAYMENT_SESSION_MINUTES * 60_000;

/**
 * The local backend's payment provider: startPayment opens a session and answers the shop's
 * own « Paiement de test » page for it, which plays the provider's hosted page; the simulated
 * bank answers the test cards (domain/order/test-cards.ts), and the outcome is recorded as the
 * provider's step on the local order store, never as the owner's. The sessions are this
 * device's (localStorage), as its orders are.
 */
export class LocalTestPayment implements PaymentGateway, TestPaymentDesk {
  constructor(private readonly options: { store: KeyValueStore; clock: Clock; ids: IdGenerator; orders: ProviderOrders; logger: Logger }) {}

  async startPayment({ number, secret }: PaymentOrder): Promise<Result<PaymentPage>> {
    const order = await this.options.orders.get(number, secret);
    if (!order.ok) return order;
    if (order.value.status !== 'en-attente-paiement') return fail('not-payable', PAYMENT_MESSAGES.notPayable);
    const id = this.options.ids.next();
    const saved = this.write({ ...this.sessions(), [id]: { number, startedAt: new Date(this.options.clock.now()).toISOString() } });
    if (!saved.ok) return fail('storage-write-failed', TEST_PAYMENT_MESSAGES.notStarted);
    return ok({ url: paths.testPayment(id) });
  }

  async session(id: string): Promise<Result<TestPaymentSession>> {
    const session = this.sessions()[id];
    if (!session) return fail('not-found', TEST_PAYMENT_MESSAGES.unknownSession);
    const order = await this.options.orders.get(session.number);
    if (!order.ok) return order.error.code === 'not-found' ? fail('not-found', TEST_PAYMENT_MESSAGES.unknownSession) : order;
    const shown = { number: session.number, totalCents: order.value.totals.totalCents, expiresAt: new Date(this.endOf(session)).toISOString() };
    if (order.value.status !== 'en-attente-paiement') return ok({ ...shown, state: 'done' });
    if (this.expired(session)) {
      await this.expire(session.number);
      return ok({ ...shown, state: 'expired' });
    }
    return ok({ ...shown, state: 'open' });
  }

  async pay(id: string, card: CardDetails): Promise<Result<{ number: string }>> {
    const session = this.sessions()[id];
    if (!session) return fail('not-found', TEST_PAYMENT_MESSAGES.unknownSession);
    if (this.expired(session)) {
      await this.expire(session.number);
      return fail('payment-expired', TEST_PAYMENT_MESSAGES.expired);
    }
    const answer = testCardAnswer(card, this.options.clock.now());
    if (!answer.ok) return answer;
    const paid = await this.options.orders.recordProviderOutcome(session.number, {
      to: 'payee',
      payment: { reference: `SIMU-${id}`, last4: answer.value.last4 },
    });
    if (!paid.ok) return paid.error.code === 'invalid-status-change' ? fail('not-payable', PAYMENT_MESSAGES.notPayable) : paid;
    const { [id]: _paid, ...others } = this.sessions();
    this.write(others);
    return ok({ number: session.number });
  }

  private endOf(session: Session): number {
    return Date.parse(session.startedAt) + SESSION_MS;
  }

  private expired(session: Session): boolean {
    return this.options.clock.now() >= this.endOf(session);
  }

  /** The session ran out of time: the provider gives the payment up, the order its stock (once: a second time is refused, and ignored). */
  private async expire(number: string): Promise<void> {
    await this.options.orders.recordProviderOutcome(number, { to: 'annulee' });
  }

  private sessions(): Sessions {
    const raw = this.options.store.get(STORAGE_KEYS.testPaymentSessions);
    if (raw === null) return {};
    try {
      const parsed = v.safeParse(SESSIONS, JSON.parse(raw));
      if (parsed.success) return parsed.output;
    } catch {
      // Unreadable: read as none below.
    }
    this.options.logger.warn('The test payment sessions could not be read; none are kept');
    return {};
  }

  private write(sessions: Sessions): StorageWrite {
    return this.options.store.set(STORAGE_KEYS.testPaymentSessions, JSON.stringify(sessions));
  }
}

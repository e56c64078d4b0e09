// Issue 27, hostile storage: every localStorage key the shop reads at start-up, each given
// RUNS_PER_KEY generated hostile payloads (tests/support/hostile-payloads.ts) before its reader
// is built the way the composition root builds it. For every payload: nothing is thrown, a bad
// value is logged through the Logger port, and the good entries of a list are all kept, in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CrossTabSharedStates } from '@/adapters/cross-tab/cross-tab-shared-states';
import { LocalAdminAuthGateway } from '@/adapters/local-admin-auth/local-admin-auth-gateway';
import { LocalNotifier } from '@/adapters/local-notifications/local-notifier';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { CartService } from '@/domain/cart/cart-service';
import { INSTALL_BANNER_DELAY_MS } from '@/domain/constants';
import { FavoritesService } from '@/domain/favorites/favorites-service';
import { NewsletterService } from '@/domain/newsletter/newsletter-service';
import { EMPTY_CHECKOUT_DRAFT, readCheckoutDraft } from '@/domain/order/checkout-draft';
import { PAYMENT_METHODS } from '@/domain/order/payment';
import { ORDER_STATUSES } from '@/domain/order/order-status';
import { PlacedOrders } from '@/domain/order/placed-orders';
import { InstallBannerService } from '@/domain/pwa/install-banner-service';
import { ADMIN_AUTH_VALUE, STORAGE_KEYS } from '@/domain/storage-keys';
import { FakePasswordCheck } from '../../fakes/fake-admin-auth-gateway';
import { FakeCatalogue } from '../../fakes/fake-catalogue';
import { FakeClock } from '../../fakes/fake-clock';
import { FakeInstallPrompt } from '../../fakes/fake-install-prompt';
import { FakeMailer } from '../../fakes/fake-mailer';
import { FakeOrderRepository } from '../../fakes/fake-order-repository';
import { MemorySharedCommits } from '../../fakes/memory-shared-commits';
import { RecordingLogger } from '../../fakes/recording-logger';
import { SequentialIds } from '../../fakes/sequential-ids';
import { hostileText, mixedList, RUNS_PER_KEY } from '../../support/hostile-payloads';

const RUNS = { numRuns: RUNS_PER_KEY };
// A thousand runs take 0.5 to 5 s each on an idle machine: room for a loaded one.
const TIMEOUT_MS = 30_000;

/** A device whose storage holds `key` = `text` before the shop starts. */
function device(key: string, text: string) {
  const area = new MemoryStorageArea();
  area.data.set(key, text);
  const store = new MemoryKeyValueStore(area);
  const logger = new RecordingLogger();
  const states = new CrossTabSharedStates(store, new MemorySharedCommits(), logger);
  return { store, logger, states };
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What a list reader must do with hostile text: keep what it read only if nothing was wrong,
 * otherwise log. `kept` is how many entries came back.
 */
function expectListVerdict(text: string, kept: number, logger: RecordingLogger) {
  const raw = parsedOrUndefined(text);
  const untouched = Array.isArray(raw) && kept === raw.length;
  if (!untouched) expect(logger.problems().length, `nothing logged for ${text.slice(0, 80)}`).toBeGreaterThan(0);
}

const name = fc.string({ minLength: 1, maxLength: 12 });
const cents = fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100);
const goodCartLine = fc.record({
  id: name,
  name,
  price: cents,
  image: fc.constant('/images/bol.webp'),
  category: name,
  quantity: fc.integer({ min: 1, max: 20 }),
  inStock: fc.boolean(),
});
const goodFavorite = fc.record({ id: name, name, price: cents, category: name, images: fc.array(name, { maxLength: 2 }) });
const goodSubscriber = fc.record({
  id: name,
  email: name.map((n) => `${n.replace(/[^a-z]/gi, 'x')}@exemple.fr`),
  subscribedAt: fc.constant('2026-11-01T10:00:00.000Z'),
  isActive: fc.boolean(),
  confirmationSent: fc.boolean(),
  unsubscribeToken: name,
});
const goodPlacedOrder = fc.record({ number: name, secret: name });
const goodFollow = fc.oneof(
  fc.record({
    id: name,
    createdAt: fc.constant('2026-11-01T10:00:00.000Z'),
    kind: fc.constant('order' as const),
    number: name,
    status: fc.constantFrom(...ORDER_STATUSES),
  }),
  fc.record({ id: name, createdAt: fc.constant('2026-11-01T10:00:00.000Z'), kind: fc.constant('product' as const), productId: name, slug: name, name }),
);

interface ListReader {
  key: string;
  good: fc.Arbitrary<object>;
  /** The entries read at start-up. */
  read: (d: ReturnType<typeof device>) => Promise<readonly unknown[]>;
}

const LIST_READERS: ListReader[] = [
  { key: STORAGE_KEYS.cart, good: goodCartLine, read: async (d) => new CartService(d.states).getSnapshot() },
  { key: STORAGE_KEYS.favorites, good: goodFavorite, read: async (d) => new FavoritesService(d.states).getSnapshot() },
  {
    key: STORAGE_KEYS.newsletterSubscribers,
    good: goodSubscriber,
    read: async (d) =>
      new NewsletterService(d.states, new FakeMailer(), new FakeClock(), new SequentialIds(), d.logger, 'https://boutique.example').getSnapshot(),
  },
  { key: STORAGE_KEYS.placedOrders, good: goodPlacedOrder, read: async (d) => new PlacedOrders(d.store, d.logger).list() },
  {
    key: STORAGE_KEYS.notificationFollows,
    good: goodFollow,
    read: async (d) => {
      const clock = new FakeClock();
      const catalogue = new FakeCatalogue();
      const orders = new FakeOrderRepository(clock, new Map());
      const listed = await new LocalNotifier({ store: d.store, clock, ids: new SequentialIds(), orders, catalogue, logger: d.logger }).list();
      if (!listed.ok) throw new Error(`list() failed: ${listed.error.message}`);
      return listed.value;
    },
  },
];

/** The fields a reader keeps of a good entry, to compare what came back with what was stored. */
const identity = (entry: unknown) => {
  const e = entry as Record<string, unknown>;
  return String(e.id ?? e.number);
};

describe.each(LIST_READERS)('hostile "$key" at start-up', ({ key, good, read }) => {
  it(
    `${RUNS_PER_KEY} hostile payloads: no throw, logged unless read whole`,
    async () => {
      await fc.assert(
        fc.asyncProperty(hostileText, async (text) => {
          const d = device(key, text);
          const entries = await read(d);
          expect(Array.isArray(entries)).toBe(true);
          expectListVerdict(text, entries.length, d.logger);
        }),
        RUNS,
      );
    },
    TIMEOUT_MS,
  );

  it(
    `${RUNS_PER_KEY} lists mixing good and hostile entries: every good entry kept, in order, each bad one logged`,
    async () => {
      await fc.assert(
        fc.asyncProperty(mixedList(good), async (entries) => {
          const d = device(key, JSON.stringify(entries.map((entry) => entry.value)));
          const kept = (await read(d)).map(identity);
          const goodOnes = entries.filter((entry) => entry.good).map((entry) => identity(entry.value));
          // « Mes commandes » lists the orders newest first: there the order is the reader's own.
          if (key === STORAGE_KEYS.placedOrders) expect([...kept].sort()).toEqual([...goodOnes].sort());
          else expect(kept).toEqual(goodOnes);
          expect(d.logger.problems().length).toBeGreaterThan(0);
        }),
        RUNS,
      );
    },
    TIMEOUT_MS,
  );
});

describe('hostile "checkout_draft" at start-up', () => {
  it(
    `${RUNS_PER_KEY} hostile payloads: the draft reads as a draft of text fields, the bad value logged`,
    () => {
      fc.assert(
        fc.property(hostileText, (text) => {
          const logger = new RecordingLogger();
          const draft = readCheckoutDraft(text, logger);
          const { relayPoint, ...texts } = draft.form;
          for (const value of Object.values(texts)) expect(typeof value).toBe('string');
          expect(relayPoint === null || typeof relayPoint.id === 'string').toBe(true);
          expect(['', ...PAYMENT_METHODS]).toContain(draft.paymentMethod);
          expect(logger.problems().length, `nothing logged for ${text.slice(0, 80)}`).toBeGreaterThan(0);
        }),
        RUNS,
      );
    },
    TIMEOUT_MS,
  );

  it(
    `${RUNS_PER_KEY} drafts with some hostile fields: every good field kept, the others emptied and logged`,
    () => {
      const field = fc.oneof(
        fc.string({ maxLength: 10 }).map((value) => ({ good: true, value })),
        fc.constantFrom(5, null, true, ['a'], { a: 1 }).map((value) => ({ good: false, value })),
      );
      fc.assert(
        fc.property(fc.record({ email: field, phone: field, name: field, street: field, postalCode: field, city: field }), (fields) => {
          const logger = new RecordingLogger();
          const form = { ...EMPTY_CHECKOUT_DRAFT.form, ...Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.value])) };
          const draft = readCheckoutDraft(JSON.stringify({ form, paymentMethod: 'carte' }), logger);
          for (const [k, f] of Object.entries(fields)) expect(draft.form[k as keyof typeof draft.form]).toBe(f.good ? f.value : '');
          const bad = Object.values(fields).some((f) => !f.good);
          expect(logger.problems().length > 0).toBe(bad);
        }),
        RUNS,
      );
    },
    TIMEOUT_MS,
  );

  it('nothing stored is the empty draft, nothing logged', () => {
    const logger = new RecordingLogger();
    expect(readCheckoutDraft(null, logger)).toEqual(EMPTY_CHECKOUT_DRAFT);
    expect(logger.problems()).toEqual([]);
  });
});

describe('hostile owner session ("temp_admin_auth", "temp_admin_email") at start-up', () => {
  it(
    `${RUNS_PER_KEY} hostile pairs: signed out unless both are as the shop writes them, the bad value logged`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(hostileText, fc.constant(ADMIN_AUTH_VALUE)), hostileText, async (auth, email) => {
          const area = new MemoryStorageArea();
          area.data.set(STORAGE_KEYS.adminAuth, auth);
          area.data.set(STORAGE_KEYS.adminEmail, email);
          const logger = new RecordingLogger();
          const session = await new LocalAdminAuthGateway(new MemoryKeyValueStore(area), new FakePasswordCheck(), logger).currentSession();
          expect(session.ok).toBe(true);
          if (!session.ok) return;
          if (session.value === null) expect(logger.problems().length).toBeGreaterThan(0);
          else expect(session.value.email).toBe(email);
        }),
        RUNS,
      );
    },
    TIMEOUT_MS,
  );
});

describe('hostile "install_banner_dismissed_at" at start-up', () => {
  it(
    `${RUNS_PER_KEY} hostile payloads: the banner still comes when offered, the bad value logged`,
    () => {
      fc.assert(
        fc.property(hostileText, (text) => {
          const area = new MemoryStorageArea();
          area.data.set(STORAGE_KEYS.installBannerDismissedAt, text);
          const logger = new RecordingLogger();
          const clock = new FakeClock();
          const prompt = new FakeInstallPrompt();
          const service = new InstallBannerService(prompt, new MemoryKeyValueStore(area), clock, logger);
          prompt.offer();
          clock.advance(INSTALL_BANNER_DELAY_MS);
          expect(service.getSnapshot().banner).toBe('visible');
          expect(logger.problems().length, `nothing logged for ${text.slice(0, 80)}`).toBeGreaterThan(0);
          service.dispose();
        }),
        RUNS,
      );
    },
    TIMEOUT_MS,
  );
});

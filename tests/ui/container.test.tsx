// The composition root as the shop builds it (src/app/container.ts), for each backend: every
// token that src/ports and the domain's service tokens declare is served, and every port whose
// adapter loads on demand answers its own failure when that code cannot be downloaded.
// The local backend keeps the owner's edits and the orders in IndexedDB: fake-indexeddb's here.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '@/app/config';
import { DEMO_ADMIN } from '@/app/read-config';
import { createAppContainer } from '@/app/container';
import { SUPABASE_CLIENT } from '@/app/register-supabase';
import { NETWORK_FAILURE_MESSAGE } from '@/domain/backend-error';
import type { Token } from '@/ports/token';
import { ORDER_REPOSITORY, type OrderRepository } from '@/ports/order-repository';
import { PAYMENT_GATEWAY, type PaymentGateway } from '@/ports/payment-gateway';
import { CATALOGUE_WRITER, type CatalogueWriter } from '@/ports/catalogue-writer';
import { PICTURE_STORAGE, type PictureStorage } from '@/ports/picture-storage';
import { NEWSLETTER_SUBSCRIBERS, type NewsletterSubscribers } from '@/ports/newsletter-subscribers';
import { NEWSLETTER_SENDER, type NewsletterSender } from '@/ports/newsletter-sender';
import { CATALOGUE, type Catalogue } from '@/ports/catalogue';
import { ADMIN_AUTH_GATEWAY, type AdminAuthGateway } from '@/ports/admin-auth-gateway';
import { CATALOGUE_CHANGES, type CatalogueChanges, type CatalogueNews } from '@/ports/catalogue-changes';
import { ORDER_CHANGES, type OrderChanges, type OrderNews } from '@/ports/order-changes';
import { readDemoCatalogueFile } from '../support/demo-catalogue-file';
import { request } from '../contract/support/order-repository-contract';

const NO_NETWORK = () => {
  throw new TypeError('Failed to fetch dynamically imported module');
};

// While `failing` says so, a module's adapter cannot be had (the network went away after the
// page loaded): the promise of its code rejects, as an import() that cannot download does.
const failing = vi.hoisted(() => ({ local: false, supabase: false }));
function unlessFailing<F extends (...args: never[]) => unknown>(side: 'local' | 'supabase', make: F): F {
  return function (this: unknown, ...args: Parameters<F>) {
    if (failing[side]) NO_NETWORK();
    return Reflect.construct(make as unknown as new (...a: unknown[]) => unknown, args);
  } as unknown as F;
}
type Module = Record<string, (...args: never[]) => unknown>;
/** The module `original` loads, its export `name` failing while `failing[side]` says so. */
async function failingWhen(side: 'local' | 'supabase', name: string, original: () => Promise<Module>): Promise<Module> {
  const m = await original();
  return { ...m, [name]: unlessFailing(side, m[name]!) };
}
vi.mock('@/app/local-orders', (original) => failingWhen('local', 'localOrders', original));
vi.mock('@/app/make-local-catalogue-writer', (original) => failingWhen('local', 'makeLocalCatalogueWriter', original));
vi.mock('@/adapters/indexeddb/indexeddb-picture-storage', (original) => failingWhen('local', 'localPictureStorage', original));
vi.mock('@/domain/newsletter/newsletter-service', (original) => failingWhen('local', 'NewsletterService', original));
vi.mock('@/app/supabase-backend', (original) => failingWhen('supabase', 'createSupabaseBackend', original));

/** Every token the shop declares: the ports' and the domain services'. */
const declared = import.meta.glob<Record<string, unknown>>(['../../src/ports/*.ts', '../../src/domain/service-tokens.ts'], { eager: true });
const TOKENS: readonly Token<unknown>[] = Object.values(declared).flatMap((module) =>
  Object.values(module).filter((value): value is Token<unknown> => typeof value === 'symbol'),
);

const LOCAL: AppConfig = { backend: 'local', admin: DEMO_ADMIN, supabase: null, siteUrl: 'https://boutique.example' };
const SUPABASE: AppConfig = {
  ...LOCAL,
  backend: 'supabase',
  supabase: { url: 'http://127.0.0.1:9', anonKey: 'cle-anonyme-de-test' },
};

function build(config: AppConfig) {
  if (config.backend === 'supabase') vi.stubEnv('VITE_BACKEND', 'supabase');
  return createAppContainer(config);
}

// Each mocked module is loaded once, before any container asks for it: two containers' first
// imports of a mocked module at the same moment (a cold transform makes the first one slow)
// must not race the mock's factory.
beforeAll(async () => {
  await Promise.all([
    import('@/app/local-orders'),
    import('@/app/make-local-catalogue-writer'),
    import('@/adapters/indexeddb/indexeddb-picture-storage'),
    import('@/domain/newsletter/newsletter-service'),
    import('@/app/supabase-backend'),
  ]);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  failing.local = false;
  failing.supabase = false;
});

describe.each([
  ['local', LOCAL],
  ['Supabase', SUPABASE],
] as const)('the container of the %s backend', (_name, config) => {
  it('serves every token the ports and the domain declare', () => {
    expect(TOKENS.length).toBeGreaterThan(20);
    const container = build(config);
    const missing = TOKENS.filter((token) => !container.isRegistered(token, true)).map(String);
    expect(missing).toEqual([]);
    for (const token of TOKENS) expect(container.resolve(token), String(token)).toBeDefined();
  });
});

describe('a port whose code cannot be downloaded answers its own failure, and the next call tries again', () => {
  const network = { ok: false, error: { code: 'network', message: NETWORK_FAILURE_MESSAGE } };
  const DRAFT = { name: 'Vase', slug: 'vase', description: '', price: 10, category: 'maison', images: [], stock: 1, inStock: true };

  it('local: orders, payment, catalogue edits, pictures and the newsletter', async () => {
    failing.local = true;
    const c = build(LOCAL);
    expect(await c.resolve<OrderRepository>(ORDER_REPOSITORY).listMine()).toEqual(network);
    expect(await c.resolve<PaymentGateway>(PAYMENT_GATEWAY).startPayment({ number: 'CMD-2026-000001' })).toEqual(network);
    expect(await c.resolve<CatalogueWriter>(CATALOGUE_WRITER).create(DRAFT as never)).toEqual(network);
    expect(await c.resolve<PictureStorage>(PICTURE_STORAGE).remove('local-picture:1')).toEqual(network);
    expect(await c.resolve<NewsletterSubscribers>(NEWSLETTER_SUBSCRIBERS).subscribe('lea@exemple.fr')).toEqual(network);
    expect(await c.resolve<NewsletterSender>(NEWSLETTER_SENDER).sendToAll('Objet', 'Message')).toEqual(network);

    // The network is back: the same port loads its code and answers.
    failing.local = false;
    expect(await c.resolve<NewsletterSubscribers>(NEWSLETTER_SUBSCRIBERS).subscribe('pas-une-adresse')).toMatchObject({
      ok: false,
      error: { code: 'invalid-email' },
    });
  });

  it('Supabase: every port of the backend, the catalogue included; the sign-in rejecting as it does', async () => {
    failing.supabase = true;
    const c = build(SUPABASE);
    expect(await c.resolve<OrderRepository>(ORDER_REPOSITORY).listMine()).toEqual(network);
    expect(await c.resolve<CatalogueWriter>(CATALOGUE_WRITER).remove('vase')).toEqual(network);
    expect(await c.resolve<NewsletterSubscribers>(NEWSLETTER_SUBSCRIBERS).list()).toEqual(network);
    expect(await c.resolve<NewsletterSender>(NEWSLETTER_SENDER).sendToAll('Objet', 'Message')).toEqual(network);
    expect(await c.resolve<PictureStorage>(PICTURE_STORAGE).remove('https://x/y.webp')).toEqual(network);
    expect(await c.resolve<Catalogue>(CATALOGUE).categories()).toEqual(network);
    expect(await c.resolve<AdminAuthGateway>(ADMIN_AUTH_GATEWAY).authenticate('a@b.fr', 'x')).toEqual(network);
    await expect(c.resolve<Promise<unknown>>(SUPABASE_CLIENT)).rejects.toThrow('Failed to fetch dynamically imported module');
  });
});

describe('one local container: each channel is one adapter, which its subscribers and its announcers share', () => {
  it('the writer’s save reaches a CATALOGUE_CHANGES subscriber, a placed order an ORDER_CHANGES subscriber', async () => {
    // No BroadcastChannel: an adapter tells its own listeners only, so what is heard was
    // announced on the very adapter the subscriber holds, not on another one of the same name.
    vi.stubGlobal('BroadcastChannel', undefined);
    vi.stubGlobal('fetch', async () => Response.json(await readDemoCatalogueFile()));
    const c = build(LOCAL);
    const catalogueNews: CatalogueNews[] = [];
    const orderNews: OrderNews[] = [];
    const stopCatalogue = c.resolve<CatalogueChanges>(CATALOGUE_CHANGES).subscribe((news) => catalogueNews.push(news));
    const stopOrders = c.resolve<OrderChanges>(ORDER_CHANGES).subscribe((news) => orderNews.push(news));

    const saved = await c.resolve<CatalogueWriter>(CATALOGUE_WRITER).create({
      name: 'Carafe en verre soufflé',
      slug: 'carafe-en-verre-souffle',
      description: 'Une carafe d’un litre, soufflée à la bouche.',
      price: 34.5,
      onSale: false,
      category: { slug: 'cuisine' },
      stock: 7,
      tags: ['verre', 'carafe'],
      images: ['/images/stock/produit-par-defaut.svg'],
      vatRate: 2000,
    });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(catalogueNews).toEqual([{ productId: saved.value.id, kind: 'saved' }]);

    const placed = await c.resolve<OrderRepository>(ORDER_REPOSITORY).place(request([{ productId: saved.value.id, quantity: 2 }]));
    if (!placed.ok) throw new Error(placed.error.message);
    expect(orderNews).toEqual([{ number: placed.value.number, kind: 'placed' }]);
    // The order took stock: the storefront's subscribers hear of the product again.
    expect(catalogueNews).toEqual([
      { productId: saved.value.id, kind: 'saved' },
      { productId: saved.value.id, kind: 'saved' },
    ]);

    stopCatalogue();
    stopOrders();
  });
});

import type { CatalogueValues } from '../../support/catalogue-values';
import { describe, expect, it } from 'vitest';
import type { CatalogueProduct } from '@/domain/catalogue/catalogue-product';
import { ORDER_MESSAGES, type Order, type PlaceOrderRequest } from '@/domain/order/order';
import {
  MAX_ORDER_LINES,
  MAX_QUANTITY_PER_PRODUCT,
  MAX_UNITS_PER_ORDER,
  TOO_MANY_LINES,
  TOO_MANY_OF_ONE_PRODUCT,
  TOO_MANY_UNITS,
} from '@/domain/order/order-constants';
import { ORDER_LOOKUP_MESSAGES } from '@/domain/order/order-lookup';
import { ORDER_NUMBER_PATTERN } from '@/domain/order/order-number';
import { checkStatusChange, nextSteps, ORDER_STATUS_MESSAGES, ORDER_STATUSES, type OrderStatus } from '@/domain/order/order-status';
import type { PlacedOrders } from '@/domain/order/placed-orders';
import type { OrderPayment } from '@/domain/order/payment';
import { MESSAGES } from '@/domain/messages';
import { RELAY_POINT_MESSAGES } from '@/domain/order/relay-point';
import { changeOrderStatus } from '@/domain/order/change-order-status';
import type { CatalogueWriter } from '@/ports/catalogue-writer';
import type { VatRate } from '@/domain/vat-rate';
import type { KeyValueStore } from '@/ports/key-value-store';
import type { OrderRepository, OrderRequestLine } from '@/ports/order-repository';

/** Who is signed in on the page that asks: nobody, a signed-in account without the admin role, the admin. */
export type Who = 'visitor' | 'shopper' | 'admin';

export interface OrdersDevice {
  repository: OrderRepository;
  /** What this device keeps of its orders (their secrets). */
  placed: PlacedOrders;
  kept: KeyValueStore;
  /** The shop reloaded on this device: a new repository over what the device keeps (its storage, its session). */
  reload(): OrderRepository;
}

/** One shop (one backend), fresh for each test, with the demo catalogue (local) or the seed (Supabase). */
export interface OrdersBackend {
  /** How a card order starts: waiting for the provider's word (« en attente de paiement »). */
  cardOrdersStartAs: OrderStatus;
  /** The storefront's catalogue of the same backend, as a page opened now reads it. */
  catalogue(): CatalogueValues;
  /** The admin's catalogue writes, to set a product's price and stock before a test. */
  writer: CatalogueWriter;
  /** A repository on a device of its own (its own storage), with `as` signed in on it. */
  device(as?: Who): OrdersDevice;
}

/** A card order: paid afterwards on the provider's page, which reports its reference and last 4 digits. */
export const CARD = { method: 'carte' } as const satisfies PlaceOrderRequest['payment'];
export const ON_DELIVERY: OrderPayment = { method: 'a-la-livraison' };
const RELAY_POINT = { id: 'DEMO-69002-01', name: 'Papeterie Bellecour', street: '14 rue de la Charité', postalCode: '69002', city: 'Lyon' };

/** The back office's status change, as a page makes it: checked by the use case, saved by the repository. */
const change = (orders: OrderRepository, number: string, to: OrderStatus) => changeOrderStatus({ orders }, { number, to });

/** A valid request for `lines`, delivered at home and paid on delivery unless said otherwise. */
export function request(lines: readonly OrderRequestLine[], change: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest {
  return {
    contact: { name: 'Camille Martin', email: 'camille.martin@exemple.fr', phone: '+33612345678' },
    address: { street: '12 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' },
    deliveryMethod: 'domicile',
    relayPoint: null,
    lines,
    payment: ON_DELIVERY,
    ...change,
  };
}

const TEAPOT = 'theiere-en-fonte-kyoto';
const BOWL = 'bol-en-gres-bleu-nuit';
/** Food: at 5,5 % in the demo catalogue and the seed (its category's rate). */
const CHOCOLATE = 'chocolat-noir-70';

/** The OrderRepository port's promises (src/ports/order-repository.ts), for any adapter. */
export function orderRepositoryContract(name: string, create: () => OrdersBackend | Promise<OrdersBackend>): void {
  async function shop() {
    const backend = await create();
    const product = async (slug: string) => (await backend.catalogue().getBySlug(slug))!;
    /** Sets a product's price and stock as the back office would. */
    const set = async (slug: string, change: { price?: number; stock?: number; vatRate?: VatRate }): Promise<CatalogueProduct> => {
      const p = await product(slug);
      const saved = await backend.writer.update(p.id, {
        name: p.name,
        slug: p.slug,
        description: p.description,
        price: change.price ?? p.price,
        onSale: false,
        category: { slug: p.category },
        stock: change.stock ?? p.stock,
        tags: p.tags,
        images: p.images,
        vatRate: change.vatRate ?? p.vatRate,
      });
      if (!saved.ok) throw new Error(saved.error.message);
      return saved.value;
    };
    return { backend, product, set };
  }

  describe(`OrderRepository contract: ${name}`, () => {
    it('the store refuses, given raw, every status change the domain refuses, in the domain’s words, and changes nothing', async () => {
      // The database on Supabase, the IndexedDB transaction locally: a change checked against an
      // order another tab has changed since is refused there too, and no stock comes back twice.
      const { backend, product } = await shop();
      const teapot = await product(TEAPOT);
      const admin = backend.device('admin').repository;
      const place = async (change: Partial<PlaceOrderRequest> = {}) => {
        const placed = await backend.device().repository.place(request([{ productId: teapot.id, quantity: 1 }], change));
        if (!placed.ok) throw new Error(placed.error.message);
        return placed.value;
      };
      const delivered = await place();
      const collected = await place({ deliveryMethod: 'retrait-boutique', address: null });
      const cancelled = await place();
      expect((await admin.changeStatus(cancelled.number, 'annulee')).ok).toBe(true);
      const stock = (await product(TEAPOT)).stock;
      const refusedFrom = async (placed: Order, from: OrderStatus) => {
        const order = { ...placed, status: from };
        for (const to of ORDER_STATUSES.filter((status) => !nextSteps(order).includes(status))) {
          expect(await admin.changeStatus(placed.number, to)).toEqual(checkStatusChange(order, to));
        }
        expect(await admin.get(placed.number)).toMatchObject({ ok: true, value: { status: from, deliveredAt: null } });
      };
      // Each path's steps, every other change refused on the way; handed over, the moment is kept.
      const walk = async (placed: Order, steps: readonly OrderStatus[]) => {
        for (const [at, next] of steps.slice(1).map((to, i) => [steps[i]!, to] as const)) {
          await refusedFrom(placed, at);
          expect(await admin.changeStatus(placed.number, next)).toMatchObject({ ok: true, value: { status: next } });
        }
        const read = await admin.get(placed.number);
        expect(read).toMatchObject({ ok: true, value: { status: steps.at(-1), deliveredAt: expect.any(String) } });
        for (const to of ORDER_STATUSES)
          expect(await admin.changeStatus(placed.number, to)).toEqual(checkStatusChange({ ...placed, status: steps.at(-1)! }, to));
      };
      // Paid on delivery, sent home: waiting → shipped → delivered (and paid to the carrier).
      await walk(delivered, ['en-attente', 'expediee', 'livree']);
      // Paid at the shop: waiting → ready → collected (and paid); never shipped.
      await walk(collected, ['en-attente', 'prete', 'retiree']);
      await refusedFrom(cancelled, 'annulee');
      expect((await product(TEAPOT)).stock).toBe(stock);
      // Some 60 refusals, each a round trip to the database on Supabase.
    }, 30_000);

    it('places an order priced from the catalogue, with the lines’ snapshot, the totals and a CMD-AAAA-NNNNNN number', async () => {
      const { backend, set } = await shop();
      const teapot = await set(TEAPOT, { price: 24.9, stock: 5 });
      const bowl = await set(BOWL, { price: 12.5, stock: 9 });
      const device = backend.device();
      const placed = await device.repository.place(
        request([
          { productId: teapot.id, quantity: 2 },
          { productId: bowl.id, quantity: 1 },
        ]),
      );
      if (!placed.ok) throw new Error(placed.error.message);
      const order = placed.value;
      expect(order.number).toMatch(ORDER_NUMBER_PATTERN);
      expect(order.number.slice(0, 9)).toBe(`CMD-${new Date(order.placedAt).getUTCFullYear()}-`);
      expect(order.placedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(order).toMatchObject({
        status: 'en-attente',
        contact: { name: 'Camille Martin', email: 'camille.martin@exemple.fr', phone: '+33612345678' },
        address: { street: '12 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' },
        deliveryMethod: 'domicile',
        relayPoint: null,
        payment: ON_DELIVERY,
        // 2 × 24,90 + 12,50 = 62,30 €: from 60,00 € delivery is free; VAT 62,30 × 20 / 120 = 10,38 €.
        totals: {
          subtotalCents: 6230,
          deliveryCents: 0,
          totalCents: 6230,
          vatIncludedCents: 1038,
          vatByRate: [{ rate: 2000, baseCents: 6230, vatCents: 1038 }],
        },
      });
      expect(order.lines.map(({ picture: _p, ...line }) => line)).toEqual([
        { productId: teapot.id, name: teapot.name, unitPriceCents: 2490, quantity: 2, vatRate: 2000 },
        { productId: bowl.id, name: bowl.name, unitPriceCents: 1250, quantity: 1, vatRate: 2000 },
      ]);
      expect(order.lines[0]!.picture).toMatch(/^\/images\/.+\.svg$/);
      // Read back as saved.
      expect(await device.repository.get(order.number)).toEqual({ ok: true, value: order });
    });

    it('places a pickup at the shop without any address, and reads it back so', async () => {
      const { backend, set } = await shop();
      const teapot = await set(TEAPOT, { price: 24.9, stock: 5 });
      const device = backend.device();
      const placed = await device.repository.place(request([{ productId: teapot.id, quantity: 1 }], { deliveryMethod: 'retrait-boutique', address: null }));
      if (!placed.ok) throw new Error(placed.error.message);
      expect(placed.value).toMatchObject({
        contact: { name: 'Camille Martin' },
        address: null,
        deliveryMethod: 'retrait-boutique',
        relayPoint: null,
        totals: { deliveryCents: 0, totalCents: 2490 },
      });
      expect(await device.repository.get(placed.value.number)).toEqual({ ok: true, value: placed.value });
      expect(await backend.device('admin').repository.get(placed.value.number)).toMatchObject({ ok: true, value: { address: null } });
      // An address sent anyway with a pickup is not kept.
      const typed = await device.repository.place(request([{ productId: teapot.id, quantity: 1 }], { deliveryMethod: 'retrait-boutique' }));
      expect(typed).toMatchObject({ ok: true, value: { address: null } });
    });

    it('keeps the relay point chosen for a relay order, as the device and the admin read it; no other method has one', async () => {
      const { backend, set } = await shop();
      const teapot = await set(TEAPOT, { price: 24.9, stock: 5 });
      const device = backend.device();
      const placed = await device.repository.place(
        request([{ productId: teapot.id, quantity: 1 }], { deliveryMethod: 'point-relais', relayPoint: RELAY_POINT }),
      );
      if (!placed.ok) throw new Error(placed.error.message);
      expect(placed.value).toMatchObject({ deliveryMethod: 'point-relais', relayPoint: RELAY_POINT, totals: { deliveryCents: 390 } });
      expect(await device.repository.get(placed.value.number)).toEqual({ ok: true, value: placed.value });
      const listed = await device.reload().listMine();
      expect(listed.ok && listed.value[0]?.relayPoint).toEqual(RELAY_POINT);
      expect(await backend.device('admin').repository.get(placed.value.number)).toMatchObject({ ok: true, value: { relayPoint: RELAY_POINT } });
      const home = await device.repository.place(request([{ productId: teapot.id, quantity: 1 }], { relayPoint: RELAY_POINT }));
      expect(home).toMatchObject({ ok: true, value: { deliveryMethod: 'domicile', relayPoint: null } });
      expect(await device.repository.place(request([{ productId: teapot.id, quantity: 1 }], { deliveryMethod: 'point-relais' }))).toEqual({
        ok: false,
        error: { code: 'invalid-order', message: RELAY_POINT_MESSAGES.required },
      });
    });

    it('charges the delivery below the threshold, by method, with the VAT of the total', async () => {
      const { backend, set } = await shop();
      const teapot = await set(TEAPOT, { price: 24.9, stock: 10 });
      const { repository } = backend.device();
      const totals = async (deliveryMethod: PlaceOrderRequest['deliveryMethod']) => {
        const relayPoint = deliveryMethod === 'point-relais' ? RELAY_POINT : null;
        const placed = await repository.place(request([{ productId: teapot.id, quantity: 1 }], { deliveryMethod, relayPoint }));
        return placed.ok ? placed.value.totals : placed.error;
      };
      const at20 = (totalCents: number, vatCents: number) => ({ vatIncludedCents: vatCents, vatByRate: [{ rate: 2000, baseCents: totalCents, vatCents }] });
      expect(await totals('domicile')).toEqual({ subtotalCents: 2490, deliveryCents: 490, totalCents: 2980, ...at20(2980, 497) });
      expect(await totals('point-relais')).toEqual({ subtotalCents: 2490, deliveryCents: 390, totalCents: 2880, ...at20(2880, 480) });
      expect(await totals('retrait-boutique')).toEqual({ subtotalCents: 2490, deliveryCents: 0, totalCents: 2490, ...at20(2490, 415) });
    });

    it('a mixed cart: each line at its product’s rate, the VAT of each rate, the delivery fee split pro rata; the same read back', async () => {
      const { backend, set } = await shop();
      const chocolate = await set(CHOCOLATE, { price: 5.5, stock: 10 });
      const bowl = await set(BOWL, { price: 24.9, stock: 10 });
      expect([chocolate.vatRate, bowl.vatRate]).toEqual([550, 2000]);
      const device = backend.device();
      const placed = await device.repository.place(
        request([
          { productId: chocolate.id, quantity: 2 },
          { productId: bowl.id, quantity: 1 },
        ]),
      );
      if (!placed.ok) throw new Error(placed.error.message);
      expect(placed.value.lines.map((line) => [line.name, line.vatRate])).toEqual([
        [chocolate.name, 550],
        [bowl.name, 2000],
      ]);
      // 11,00 € at 5,5 % and 24,90 € at 20 %; the 4,90 € fee: 4,90 × 11,00 / 35,90 = 1,50 € at 5,5 %, 3,40 € at 20 %.
      expect(placed.value.totals).toEqual({
        subtotalCents: 3590,
        deliveryCents: 490,
        totalCents: 4080,
        vatIncludedCents: 537,
        vatByRate: [
          { rate: 550, baseCents: 1250, vatCents: 65 },
          { rate: 2000, baseCents: 2830, vatCents: 472 },
        ],
      });
      expect(await device.repository.get(placed.value.number)).toEqual({ ok: true, value: placed.value });
    });

    it('an order keeps the rate each line was sold at: a rate changed later in the back office changes the next orders only', async () => {
      const { backend, set } = await shop();
      const bowl = await set(BOWL, { price: 24.9, stock: 10, vatRate: 1000 });
      const device = backend.device();
      const first = await device.repository.place(request([{ productId: bowl.id, quantity: 1 }], { deliveryMethod: 'retrait-boutique' }));
      if (!first.ok) throw new Error(first.error.message);
      await set(BOWL, { vatRate: 2000 });
      const second = await device.repository.place(request([{ productId: bowl.id, quantity: 1 }], { deliveryMethod: 'retrait-boutique' }));
      if (!second.ok) throw new Error(second.error.message);
      const read = async (number: string) => {
        const order = await device.repository.get(number);
        return order.ok ? [order.value.lines[0]!.vatRate, order.value.totals.vatByRate] : order.error;
      };
      // 24,90 € at 10 %: 2,26 €; at 20 %: 4,15 €.
      expect(await read(first.value.number)).toEqual([1000, [{ rate: 1000, baseCents: 2490, vatCents: 226 }]]);
      expect(await read(second.value.number)).toEqual([2000, [{ rate: 2000, baseCents: 2490, vatCents: 415 }]]);
    });

    it('never takes a price from the request: a forged price is ignored, a price changed since the cart is the new one', async () => {
      const { backend, set } = await shop();
      const teapot = await set(TEAPOT, { price: 54.9, stock: 5 });
      const forged = { productId: teapot.id, quantity: 1, price: 0.01, unitPriceCents: 1 } as OrderRequestLine;
      const { repository } = backend.device();
      const first = await repository.place(request([forged]));
      expect(first).toMatchObject({ ok: true, value: { lines: [{ unitPriceCents: 5490 }], totals: { subtotalCents: 5490 } } });
      await set(TEAPOT, { price: 49 });
      const second = await repository.place(request([{ productId: teapot.id, quantity: 1, name: 'Ancien nom' }]));
      expect(second).toMatchObject({ ok: true, value: { lines: [{ name: teapot.name, unitPriceCents: 4900 }] } });
    });

    it('takes the ordered quantities from the stock the storefront shows', async () => {
      const { backend, set, product } = await shop();
      const teapot = await set(TEAPOT, { stock: 5 });
      const bowl = await set(BOWL, { stock: 3 });
      const placed = await backend.device().repository.place(
        request([
          { productId: teapot.id, quantity: 2 },
          { productId: bowl.id, quantity: 1 },
          { productId: teapot.id, quantity: 1 },
        ]),
      );
      expect(placed).toMatchObject({
        ok: true,
        value: {
          lines: [
            { productId: teapot.id, quantity: 3 },
            { productId: bowl.id, quantity: 1 },
          ],
        },
      });
      expect(await product(TEAPOT)).toMatchObject({ stock: 2, inStock: true });
      expect(await product(BOWL)).toMatchObject({ stock: 2, inStock: true });
      await backend.device().repository.place(request([{ productId: bowl.id, quantity: 2 }]));
      expect(await product(BOWL)).toMatchObject({ stock: 0, inStock: false });
    });

    it('puts the units of an order cancelled before it leaves back in the stock; one shipped and delivered stays sold', async () => {
      const { backend, set, product } = await shop();
      const teapot = await set(TEAPOT, { stock: 6 });
      const bowl = await set(BOWL, { stock: 4 });
      const { repository } = backend.device();
      const admin = backend.device('admin').repository;
      const place = async (lines: OrderRequestLine[], change: Partial<PlaceOrderRequest> = {}) => {
        const placed = await repository.place(request(lines, change));
        if (!placed.ok) throw new Error(placed.error.message);
        return placed.value.number;
      };
      const waiting = await place([
        { productId: teapot.id, quantity: 2 },
        { productId: bowl.id, quantity: 1 },
      ]);
      const ready = await place(
        [
          { productId: teapot.id, quantity: 1 },
          { productId: teapot.id, quantity: 2 },
        ],
        { deliveryMethod: 'retrait-boutique', address: null },
      );
      const delivered = await place([{ productId: bowl.id, quantity: 3 }]);
      expect([(await product(TEAPOT)).stock, (await product(BOWL)).stock]).toEqual([1, 0]);

      expect(await change(admin, waiting, 'annulee')).toMatchObject({ ok: true, value: { status: 'annulee' } });
      expect(await product(TEAPOT)).toMatchObject({ stock: 3, inStock: true });
      expect(await product(BOWL)).toMatchObject({ stock: 1, inStock: true });

      expect((await change(admin, ready, 'prete')).ok).toBe(true);
      expect((await product(TEAPOT)).stock).toBe(3);
      expect(await change(admin, ready, 'annulee')).toMatchObject({ ok: true, value: { status: 'annulee' } });
      expect((await product(TEAPOT)).stock).toBe(6);

      for (const status of ['expediee', 'livree'] as const) expect((await change(admin, delivered, status)).ok).toBe(true);
      expect((await change(admin, delivered, 'annulee')).ok).toBe(false);
      expect([(await product(TEAPOT)).stock, (await product(BOWL)).stock]).toEqual([6, 1]);
    }, 15_000);

    it('gives every order the next number of one sequence, whatever the device', async () => {
      const { backend, set } = await shop();
      const teapot = await set(TEAPOT, { stock: 10 });
      const numbers: string[] = [];
      for (const device of [backend.device(), backend.device(), backend.device()]) {
        const placed = await device.repository.place(request([{ productId: teapot.id, quantity: 1 }]));
        if (placed.ok) numbers.push(placed.value.number);
      }
      const sequence = numbers.map((n) => Number(n.slice(9)));
      expect(sequence).toEqual([sequence[0], sequence[0]! + 1, sequence[0]! + 2]);
      expect(new Set(numbers.map((n) => n.slice(0, 9))).size).toBe(1);
    });

    it('starts a card order waiting for the provider, with no reference nor card digits yet, and an order paid on delivery « en attente »', async () => {
      const { backend, set } = await shop();
      const teapot = await set(TEAPOT, { stock: 10 });
      const { repository } = backend.device();
      const card = await repository.place(request([{ productId: teapot.id, quantity: 1 }], { payment: CARD }));
      const cash = await repository.place(request([{ productId: teapot.id, quantity: 1 }], { payment: ON_DELIVERY }));
      expect(card).toMatchObject({ ok: true, value: { status: backend.cardOrdersStartAs, payment: { method: 'carte', reference: null, last4: null } } });
      expect(cash).toMatchObject({ ok: true, value: { status: 'en-attente', payment: ON_DELIVERY } });
      if (card.ok) expect(await repository.get(card.value.number)).toMatchObject({ ok: true, value: { status: backend.cardOrdersStartAs, payment: CARD } });
    });

    describe('refuses the whole order, in French, and changes nothing', () => {
      async function unchanged(backend: OrdersBackend, product: (slug: string) => Promise<CatalogueProduct>, stocks: Record<string, number>) {
        for (const [slug, stock] of Object.entries(stocks)) expect((await product(slug)).stock).toBe(stock);
        const admin = backend.device('admin').repository;
        expect(await admin.listAll({})).toEqual({ ok: true, value: [] });
      }

      it('an empty cart', async () => {
        const { backend, product } = await shop();
        const { repository } = backend.device();
        expect(await repository.place(request([]))).toEqual({ ok: false, error: { code: 'empty-cart', message: ORDER_MESSAGES.emptyCart } });
        expect(await repository.listMine()).toEqual({ ok: true, value: [] });
        await unchanged(backend, product, { [TEAPOT]: (await product(TEAPOT)).stock });
      });

      it('a line short of stock, naming the product and what is left; the other lines keep their stock', async () => {
        const { backend, set, product } = await shop();
        const teapot = await set(TEAPOT, { stock: 5 });
        const bowl = await set(BOWL, { stock: 2 });
        const { repository } = backend.device();
        expect(
          await repository.place(
            request([
              { productId: teapot.id, quantity: 1 },
              { productId: bowl.id, quantity: 3 },
            ]),
          ),
        ).toEqual({
          ok: false,
          error: { code: 'out-of-stock', message: ORDER_MESSAGES.short(bowl.name, 2) },
        });
        expect(await repository.listMine()).toEqual({ ok: true, value: [] });
        await unchanged(backend, product, { [TEAPOT]: 5, [BOWL]: 2 });
      });

      it('a product sold out', async () => {
        const { backend, set, product } = await shop();
        const teapot = await set(TEAPOT, { stock: 5 });
        const bowl = await set(BOWL, { stock: 0 });
        expect(
          await backend.device().repository.place(
            request([
              { productId: teapot.id, quantity: 1 },
              { productId: bowl.id, quantity: 1 },
            ]),
          ),
        ).toEqual({
          ok: false,
          error: { code: 'out-of-stock', message: ORDER_MESSAGES.soldOut(bowl.name) },
        });
        await unchanged(backend, product, { [TEAPOT]: 5, [BOWL]: 0 });
      });

      it('a product no longer sold, named as the shopper saw it', async () => {
        const { backend, set, product } = await shop();
        const teapot = await set(TEAPOT, { stock: 5 });
        const bowl = await product(BOWL);
        expect((await backend.writer.remove(bowl.id)).ok).toBe(true);
        expect(
          await backend.device().repository.place(
            request([
              { productId: teapot.id, quantity: 1 },
              { productId: bowl.id, quantity: 1, name: 'Bol en grès bleu nuit' },
            ]),
          ),
        ).toEqual({ ok: false, error: { code: 'product-unavailable', message: ORDER_MESSAGES.productGone('Bol en grès bleu nuit') } });
        // Ids the shop never had (a forged request, an old cart): gone, named if the line names it.
        for (const productId of ['999999999', 'p-999', '']) {
          expect(
            await backend.device().repository.place(
              request([
                { productId, quantity: 1 },
                { productId: teapot.id, quantity: 1 },
              ]),
            ),
          ).toEqual({
            ok: false,
            error: { code: 'product-unavailable', message: ORDER_MESSAGES.productGone(undefined) },
          });
        }
        expect(await backend.device().repository.place(request([{ productId: '999999999', quantity: 1, name: 'Vase disparu' }]))).toEqual({
          ok: false,
          error: { code: 'product-unavailable', message: ORDER_MESSAGES.productGone('Vase disparu') },
        });
        await unchanged(backend, product, { [TEAPOT]: 5 });
      });

      it('details that are not valid (a request that did not come from the form)', async () => {
        const { backend, set, product } = await shop();
        const teapot = await set(TEAPOT, { stock: 5 });
        const placed = await backend.device().repository.place(
          request([{ productId: teapot.id, quantity: 1 }], {
            address: { street: '12 rue des Lilas', postalCode: '6900', city: 'Lyon', country: 'France' },
          }),
        );
        expect(placed).toEqual({ ok: false, error: { code: 'invalid-order', message: 'Le code postal doit comporter 5 chiffres, par exemple 75011.' } });
        expect(await backend.device().repository.place(request([{ productId: teapot.id, quantity: 0, name: teapot.name }]))).toEqual({
          ok: false,
          error: { code: 'invalid-order', message: ORDER_MESSAGES.badQuantity(teapot.name) },
        });
        await unchanged(backend, product, { [TEAPOT]: 5 });
      });

      it(`more than ${MAX_ORDER_LINES} lines, before anything is read`, async () => {
        const { backend, product } = await shop();
        const teapot = await product(TEAPOT);
        const page = await backend.catalogue().list({ pageSize: MAX_ORDER_LINES + 1 });
        expect(page.items).toHaveLength(MAX_ORDER_LINES + 1);
        const lines = page.items.map((item) => ({ productId: item.id, quantity: 1 }));
        expect(await backend.device().repository.place(request(lines))).toEqual({ ok: false, error: { code: 'order-too-large', message: TOO_MANY_LINES } });
        await unchanged(backend, product, { [TEAPOT]: teapot.stock });
      });

      it(`more than ${MAX_QUANTITY_PER_PRODUCT} units of one product, in one line or two`, async () => {
        const { backend, set, product } = await shop();
        const teapot = await set(TEAPOT, { stock: 50 });
        const refused = { ok: false, error: { code: 'order-too-large', message: TOO_MANY_OF_ONE_PRODUCT } };
        expect(await backend.device().repository.place(request([{ productId: teapot.id, quantity: MAX_QUANTITY_PER_PRODUCT + 1 }]))).toEqual(refused);
        expect(
          await backend.device().repository.place(
            request([
              { productId: teapot.id, quantity: 10 },
              { productId: teapot.id, quantity: MAX_QUANTITY_PER_PRODUCT - 9 },
            ]),
          ),
        ).toEqual(refused);
        await unchanged(backend, product, { [TEAPOT]: 50 });
        expect((await backend.device().repository.place(request([{ productId: teapot.id, quantity: MAX_QUANTITY_PER_PRODUCT }]))).ok).toBe(true);
      });
      it('a total other than the one the shopper saw: a price changed since the review', async () => {
        const { backend, set, product } = await shop();
        const teapot = await set(TEAPOT, { price: 24.9, stock: 5 });
        // 24,90 € and 4,90 € of delivery were seen; the owner has since made it 25,90 €.
        await set(TEAPOT, { price: 25.9 });
        expect(await backend.device().repository.place(request([{ productId: teapot.id, quantity: 1 }], { expectedTotalCents: 2980 }))).toEqual({
          ok: false,
          error: { code: 'price-changed', message: ORDER_MESSAGES.priceChanged },
        });
        await unchanged(backend, product, { [TEAPOT]: 5 });
        expect(await backend.device().repository.place(request([{ productId: teapot.id, quantity: 1 }], { expectedTotalCents: 3080 }))).toMatchObject({
          ok: true,
          value: { totals: { totalCents: 3080 } },
        });
      });

      it(`more than ${MAX_UNITS_PER_ORDER} units, all products together, even as a first order`, async () => {
        const { backend, set, product } = await shop();
        const page = await backend.catalogue().list({ pageSize: 6 });
        const six = await Promise.all(page.items.map((item) => set(item.slug, { stock: 50 })));
        const perLine = MAX_QUANTITY_PER_PRODUCT;
        expect(six.length * perLine).toBeGreaterThan(MAX_UNITS_PER_ORDER);
        expect(await backend.device().repository.place(request(six.map((p) => ({ productId: p.id, quantity: perLine }))))).toEqual({
          ok: false,
          error: { code: 'order-too-large', message: TOO_MANY_UNITS },
        });
        await unchanged(backend, product, Object.fromEntries(six.map((p) => [p.slug, 50])));
        const hundred = six.slice(0, MAX_UNITS_PER_ORDER / perLine).map((p) => ({ productId: p.id, quantity: perLine }));
        expect((await backend.device().repository.place(request(hundred))).ok).toBe(true);
      });
    });

    it('two orders at once for the last unit: exactly one is placed, the other told it is sold out', async () => {
      const { backend, set, product } = await shop();
      const teapot = await set(TEAPOT, { stock: 1 });
      const [a, b] = await Promise.all([
        backend.device().repository.place(request([{ productId: teapot.id, quantity: 1 }])),
        backend.device().repository.place(request([{ productId: teapot.id, quantity: 1 }])),
      ]);
      expect([a.ok, b.ok].sort()).toEqual([false, true]);
      expect([a, b].find((r) => !r.ok)).toEqual({ ok: false, error: { code: 'out-of-stock', message: ORDER_MESSAGES.soldOut(teapot.name) } });
      expect(await product(TEAPOT)).toMatchObject({ stock: 0, inStock: false });
      const all = await backend.device('admin').repository.listAll({});
      expect(all.ok && all.value.length).toBe(1);
    });

    describe('reading an order', () => {
      async function placedOne() {
        const { backend, set } = await shop();
        const teapot = await set(TEAPOT, { stock: 10 });
        const mine = backend.device();
        const placed = await mine.repository.place(request([{ productId: teapot.id, quantity: 1 }]));
        if (!placed.ok) throw new Error(placed.error.message);
        return { backend, mine, order: placed.value, secret: mine.placed.secretOf(placed.value.number)! };
      }
      const notFound = { ok: false, error: { code: 'not-found', message: ORDER_LOOKUP_MESSAGES.notFound } };

      it('the device that placed it reads it; the device keeps its number and secret', async () => {
        const { mine, order, secret } = await placedOne();
        expect(secret).toEqual(expect.any(String));
        expect(mine.placed.list()).toEqual([{ number: order.number, secret }]);
        expect(await mine.repository.get(order.number)).toEqual({ ok: true, value: order });
      });

      it('another device cannot read it: not found, the same answer as an unknown number', async () => {
        const { backend, order } = await placedOne();
        for (const who of ['visitor', 'shopper'] as const) {
          const other = backend.device(who).repository;
          expect(await other.get(order.number)).toEqual(notFound);
          expect(await other.get(order.number, '00000000-0000-4000-8000-000000000000')).toEqual(notFound);
          expect(await other.get('CMD-2026-999999')).toEqual(notFound);
          expect(await other.get('pas-un-numero')).toEqual(notFound);
        }
      });

      it('another device with the order’s secret (a link) reads it; the admin reads it', async () => {
        const { backend, order, secret } = await placedOne();
        expect(await backend.device().repository.get(order.number, secret)).toEqual({ ok: true, value: order });
        expect(await backend.device('admin').repository.get(order.number)).toEqual({ ok: true, value: order });
        expect(await backend.device('admin').repository.get('CMD-2026-999999')).toEqual(notFound);
      });

      it('lists the orders placed from this device, newest first, and none of another’s', async () => {
        const { backend, set } = await shop();
        const teapot = await set(TEAPOT, { stock: 10 });
        const a = backend.device();
        const b = backend.device();
        const first = await a.repository.place(request([{ productId: teapot.id, quantity: 1 }]));
        const other = await b.repository.place(request([{ productId: teapot.id, quantity: 2 }]));
        const second = await a.repository.place(request([{ productId: teapot.id, quantity: 3 }]));
        const numbers = async (device: OrdersDevice) => {
          const listed = await device.repository.listMine();
          return listed.ok ? listed.value.map((o) => o.number) : listed.error;
        };
        expect(await numbers(a)).toEqual([second.ok && second.value.number, first.ok && first.value.number]);
        expect(await numbers(b)).toEqual([other.ok && other.value.number]);
        expect(await numbers(backend.device())).toEqual([]);
        const listed = await a.repository.listMine();
        expect(listed.ok && listed.value[0]).toEqual(second.ok && second.value);
      });

      it('lists them again after a reload (a new repository on the same device), and reads each; another device still none', async () => {
        const { backend, set } = await shop();
        const teapot = await set(TEAPOT, { stock: 10 });
        const device = backend.device();
        const placed: string[] = [];
        for (const quantity of [1, 2]) {
          const order = await device.repository.place(request([{ productId: teapot.id, quantity }]));
          if (!order.ok) throw new Error(order.error.message);
          placed.unshift(order.value.number);
        }
        const reloaded = device.reload();
        const listed = await reloaded.listMine();
        expect(listed.ok && listed.value.map((o) => o.number)).toEqual(placed);
        for (const number of placed) expect(await reloaded.get(number)).toMatchObject({ ok: true, value: { number } });
        expect(await backend.device().reload().listMine()).toEqual({ ok: true, value: [] });
      });
    });

    describe('the back office', () => {
      async function threeOrders() {
        const { backend, set } = await shop();
        const teapot = await set(TEAPOT, { stock: 10 });
        const { repository } = backend.device();
        const numbers: string[] = [];
        for (const payment of [ON_DELIVERY, ON_DELIVERY, ON_DELIVERY]) {
          const placed = await repository.place(request([{ productId: teapot.id, quantity: 1 }], { payment }));
          if (placed.ok) numbers.push(placed.value.number);
        }
        return { backend, numbers, admin: backend.device('admin').repository };
      }
      const notAdmin = { ok: false, error: { code: 'not-admin', message: MESSAGES.notAdmin } };

      it('lists every order to the admin, newest first, all or of one status', async () => {
        const { numbers, admin } = await threeOrders();
        const listed = await admin.listAll({});
        expect(listed.ok && listed.value.map((o) => o.number)).toEqual([...numbers].reverse());
        expect((await change(admin, numbers[1]!, 'expediee')).ok).toBe(true);
        const shipped = await admin.listAll({ status: 'expediee' });
        expect(shipped.ok && shipped.value.map((o) => [o.number, o.status])).toEqual([[numbers[1], 'expediee']]);
        const waiting = await admin.listAll({ status: 'en-attente' });
        expect(waiting.ok && waiting.value.map((o) => o.number)).toEqual([numbers[2], numbers[0]]);
        expect(await admin.listAll({ status: 'livree' })).toEqual({ ok: true, value: [] });
      });

      it('answers « not admin » to anyone else, who reads and changes nothing', async () => {
        const { backend, numbers, admin } = await threeOrders();
        for (const who of ['visitor', 'shopper'] as const) {
          const other = backend.device(who).repository;
          expect(await other.listAll({})).toEqual(notAdmin);
          expect(await other.changeStatus(numbers[0]!, 'annulee')).toEqual(notAdmin);
        }
        expect(await admin.get(numbers[0]!)).toMatchObject({ ok: true, value: { status: 'en-attente' } });
      });

      it('moves an order along the allowed transitions and answers it as saved', async () => {
        const { backend, numbers, admin } = await threeOrders();
        const number = numbers[0]!;
        for (const status of ['expediee', 'livree'] as const) {
          expect(await change(admin, number, status)).toMatchObject({ ok: true, value: { number, status } });
        }
        expect(await admin.get(number)).toMatchObject({ ok: true, value: { status: 'livree' } });
        expect(await change(admin, number, 'annulee')).toEqual({
          ok: false,
          error: { code: 'invalid-status-change', message: ORDER_STATUS_MESSAGES.final('livree') },
        });
        expect(await change(admin, numbers[1]!, 'annulee')).toMatchObject({ ok: true, value: { status: 'annulee' } });
        expect(await change(admin, numbers[2]!, 'payee')).toEqual({
          ok: false,
          error: { code: 'invalid-status-change', message: ORDER_STATUS_MESSAGES.refused('en-attente', 'payee') },
        });
        expect(await change(admin, 'CMD-2026-999999', 'expediee')).toEqual({
          ok: false,
          error: { code: 'not-found', message: ORDER_LOOKUP_MESSAGES.notFound },
        });
        const mine = await backend.device('admin').repository.listAll({});
        expect(mine.ok && mine.value.map((o) => o.status)).toEqual(['en-attente', 'annulee', 'livree']);
      });
    });
  });
}

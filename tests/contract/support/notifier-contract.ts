import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@/domain/order/order-status';
import type { Notifier } from '@/ports/notifier';

/** One browser of the shop: its Notifier, and an order it places. */
export interface NotifierDevice {
  notifier: Notifier;
  placeOrder(): Promise<string>;
}

/** A backend of the Notifier, as the contract needs it. */
export interface NotifierBackend {
  /** A new device (its own storage, its own session). */
  device(): NotifierDevice;
  /** The owner moves an order along (from the back office). */
  setStatus(number: string, status: OrderStatus): Promise<void>;
  /** A product of the catalogue's seed, by its slug. */
  productId(slug: string): Promise<string>;
  /** An id that names no product. */
  unknownProductId: string;
}

/** What every Notifier does, whatever keeps the follows (src/ports/notifier.ts). */
export function notifierContract(name: string, makeBackend: () => NotifierBackend | Promise<NotifierBackend>): void {
  describe(`Notifier contract: ${name}`, () => {
    let backend: NotifierBackend;
    beforeEach(async () => {
      backend = await makeBackend();
    });

    it('a device follows the order it placed, once however often it asks, and stops following it', async () => {
      const device = backend.device();
      const number = await device.placeOrder();
      expect(await device.notifier.followOrder(number)).toEqual({ ok: true, value: true });
      expect(await device.notifier.followOrder(number)).toEqual({ ok: true, value: true });
      const listed = await device.notifier.list();
      expect(listed).toMatchObject({ ok: true, value: [{ kind: 'order', number }] });
      if (!listed.ok) return;
      expect(await device.notifier.unfollow(listed.value[0]!.id)).toMatchObject({ ok: true });
      expect(await device.notifier.list()).toEqual({ ok: true, value: [] });
    });

    it('an order another device placed is not followed, and nothing is stored', async () => {
      const number = await backend.device().placeOrder();
      const other = backend.device();
      expect(await other.notifier.followOrder(number)).toEqual({ ok: true, value: false });
      expect(await other.notifier.list()).toEqual({ ok: true, value: [] });
    });

    it('an order « livrée » or « annulée » is not followed: nothing more would come', async () => {
      const device = backend.device();
      const delivered = await device.placeOrder();
      await backend.setStatus(delivered, 'expediee');
      await backend.setStatus(delivered, 'livree');
      const cancelled = await device.placeOrder();
      await backend.setStatus(cancelled, 'annulee');
      expect(await device.notifier.followOrder(delivered)).toEqual({ ok: true, value: false });
      expect(await device.notifier.followOrder(cancelled)).toEqual({ ok: true, value: false });
      expect(await device.notifier.list()).toEqual({ ok: true, value: [] });
    });

    it('a device follows a product, listed with its name and its page; an unknown product is refused', async () => {
      const device = backend.device();
      const productId = await backend.productId('bol-en-gres-bleu-nuit');
      expect(await device.notifier.followProduct(productId)).toMatchObject({ ok: true });
      expect(await device.notifier.followProduct(productId)).toMatchObject({ ok: true });
      expect(await device.notifier.list()).toMatchObject({
        ok: true,
        value: [{ kind: 'product', productId, slug: 'bol-en-gres-bleu-nuit', name: expect.stringContaining('Bol en grès') }],
      });
      expect(await device.notifier.followProduct(backend.unknownProductId)).toMatchObject({ ok: false, error: { code: 'not-found' } });
      expect(await device.notifier.list()).toMatchObject({ ok: true, value: [{ kind: 'product' }] });
    });

    it('a device cannot stop another device’s follow', async () => {
      const owner = backend.device();
      await owner.notifier.followProduct(await backend.productId('bol-en-gres-bleu-nuit'));
      const listed = await owner.notifier.list();
      if (!listed.ok) throw new Error('list failed');
      const other = backend.device();
      await other.notifier.unfollow(listed.value[0]!.id);
      expect(await owner.notifier.list()).toMatchObject({ ok: true, value: [{ kind: 'product' }] });
    });
  });
}

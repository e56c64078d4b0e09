// The local shop as it runs: the order repository hands each order's mails to the ConsoleMailer,
// which logs them (nothing leaves the browser). What the log shows is what the buyer and the owner
// would have received; a mail that cannot be sent never undoes the order.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ConsoleMailer } from '@/adapters/console-mailer/console-mailer';
import { parseDemoCatalogue } from '@/adapters/demo-catalogue/demo-catalogue';
import { LocalOrderRepository } from '@/adapters/local-orders/local-order-repository';
import { LocalOrderStore } from '@/adapters/local-orders/local-order-store';
import { MemoryKeyValueStore } from '@/adapters/memory/memory-key-value-store';
import { COMPANY } from '@/domain/company';
import { PlacedOrders } from '@/domain/order/placed-orders';
import type { Mailer } from '@/ports/mailer';
import { request } from '../../../contract/support/order-repository-contract';
import { FakeClock } from '../../../fakes/fake-clock';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { SequentialIds } from '../../../fakes/sequential-ids';
import { readDemoCatalogueFile } from '../../../support/demo-catalogue-file';

const SITE_URL = 'https://boutique.example';
const BUYER = 'camille.martin@exemple.fr';
const nbsp = '\u00a0';

function localShop(mailer?: (clock: FakeClock, logger: RecordingLogger) => Mailer) {
  const clock = new FakeClock('2026-11-23T14:05:00.000Z');
  const logger = new RecordingLogger();
  const orders = new LocalOrderRepository({
    store: new LocalOrderStore({ factory: new IDBFactory() }),
    shipped: async () => parseDemoCatalogue(await readDemoCatalogueFile(), Date.parse('2026-11-23T14:05:00.000Z')),
    clock,
    ids: new SequentialIds('secret'),
    placed: new PlacedOrders(new MemoryKeyValueStore(), logger),
    isAdmin: () => true,
    announce: () => undefined,
    markCatalogueChanged: () => undefined,
    logger,
    mailer: mailer ? mailer(clock, logger) : new ConsoleMailer(clock, logger),
    siteUrl: SITE_URL,
  });
  /** The mails the console mailer logged since the last call, once its simulated delay has passed. */
  async function logged(): Promise<{ to: string; subject: string; text: string }[]> {
    await clock.advanceAsync(100);
    const mails = logger.entries.filter((entry) => entry.level === 'info' && entry.message.startsWith('Simulated email'));
    logger.entries.length = 0;
    return mails.map(({ message }) => {
      const [, to, subject, text] = /^Simulated email \(nothing was sent\) to (\S+)\nSubject: (.*)\n\n([\s\S]*)$/.exec(message)!;
      return { to: to!, subject: subject!, text: text! };
    });
  }
  return { orders, logger, logged, clock };
}

async function placed(shop: ReturnType<typeof localShop>) {
  const teapot = parseDemoCatalogue(await readDemoCatalogueFile(), Date.parse('2026-11-23T14:05:00.000Z')).products.find(
    (product) => product.slug === 'theiere-en-fonte-kyoto',
  )!;
  const result = await shop.orders.place(request([{ productId: teapot.id, quantity: 1 }]));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('the local order mails through the ConsoleMailer', () => {
  it('an order placed: the buyer’s confirmation and the owner’s notice are logged, the confirmation as L. 221-13 asks', async () => {
    const shop = localShop();
    const order = await placed(shop);
    const [confirmation, notice, ...others] = await shop.logged();
    expect(others).toEqual([]);
    expect(confirmation!.to).toBe(BUYER);
    expect(confirmation!.subject).toBe(`Confirmation de votre commande ${order.number}`);
    const lines = confirmation!.text.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Bonjour Camille Martin,',
      '',
      `Merci pour votre commande ${order.number}, passée le 23 novembre 2026 à 15:05 (heure de Paris). Ce message la confirme${nbsp}: conservez-le.`,
    ]);
    expect(lines).toContain(`- 1 × Théière en fonte Kyoto${nbsp}: 54,90${nbsp}€ l’unité, 54,90${nbsp}€ TTC (TVA 20${nbsp}%)`);
    expect(lines).toContain(`- Livraison à domicile${nbsp}: 4,90${nbsp}€ TTC`);
    expect(lines).toContain(`- Total${nbsp}: 59,80${nbsp}€ TTC`);
    expect(lines).toContain(`- dont TVA 20${nbsp}%${nbsp}: 9,97${nbsp}€`);
    expect(lines).toContain(`Paiement à la livraison${nbsp}: vous réglerez 59,80${nbsp}€ à la livraison.`);
    expect(lines).toContain(`Vous rétracter en ligne (renoncer au contrat ici)${nbsp}: ${SITE_URL}/commande/retractation/${order.number}`);
    expect(lines).toContain('Je vous notifie par la présente ma rétractation du contrat portant sur la vente du produit ci-dessous\u00a0:');
    expect(lines).toContain('GARANTIES LÉGALES');
    expect(lines).toContain(`${COMPANY.registry}, TVA intracommunautaire ${COMPANY.vatNumber}`);
    expect(notice!.to).toBe(COMPANY.email);
    expect(notice!.subject).toBe(`Nouvelle commande ${order.number} (59,80${nbsp}€)`);
    expect(notice!.text).toContain(`${SITE_URL}/admin/commandes/${order.number}`);
  });

  it('« expédiée » and « annulée » mail the buyer; « payée » and « livrée » do not', async () => {
    const shop = localShop();
    const first = await placed(shop);
    const second = await placed(shop);
    await shop.logged();
    await shop.orders.changeStatus(first.number, 'payee');
    expect(await shop.logged()).toEqual([]);
    await shop.orders.changeStatus(first.number, 'expediee');
    expect((await shop.logged()).map((mail) => [mail.to, mail.subject])).toEqual([[BUYER, `Votre commande ${first.number} a été expédiée`]]);
    await shop.orders.changeStatus(first.number, 'livree');
    expect(await shop.logged()).toEqual([]);
    await shop.orders.changeStatus(second.number, 'annulee');
    const [cancelled] = await shop.logged();
    expect(cancelled!.subject).toBe(`Votre commande ${second.number} a été annulée`);
    expect(cancelled!.text).toContain(`Si vous l’aviez déjà réglée, nous vous remboursons 59,80${nbsp}€ sous 14${nbsp}jours au plus.`);
  });

  it('a withdrawal tells the owner, beside the buyer’s acknowledgement; its refund mails the buyer', async () => {
    const shop = localShop();
    const order = await placed(shop);
    // Shipped, then delivered: the goods come back, then the refund.
    await shop.orders.changeStatus(order.number, 'expediee');
    await shop.orders.changeStatus(order.number, 'livree');
    await shop.logged();
    // The acknowledgement is awaited (its failure is said to the buyer): the simulated delay passes while it waits.
    let withdrawn: Awaited<ReturnType<typeof shop.orders.withdraw>> | undefined;
    void shop.orders.withdraw(order.number, [{ line: 0, quantity: 1 }], 'secret-1').then((result) => (withdrawn = result));
    for (let turn = 0; turn < 50 && !withdrawn; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      await shop.clock.advanceAsync(100);
    }
    expect(withdrawn?.ok).toBe(true);
    const sent = await shop.logged();
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [COMPANY.email, `Rétractation reçue (commande ${order.number})`],
      [BUYER, `Accusé de réception de votre rétractation (commande ${order.number})`],
    ]);
    await shop.orders.changeWithdrawal(order.number, 1, 'retournee');
    expect(await shop.logged()).toEqual([]);
    await shop.orders.changeWithdrawal(order.number, 1, 'remboursee');
    const [refunded, ...others] = await shop.logged();
    expect(others).toEqual([]);
    expect(refunded!.subject).toBe(`Remboursement de votre rétractation (commande ${order.number})`);
    expect(refunded!.text).toContain(`- 1 × Théière en fonte Kyoto (54,90${nbsp}€)`);
  });

  it('a mailer that refuses: the order is placed and kept all the same, and the refusal is logged', async () => {
    const shop = localShop(() => ({ send: () => Promise.reject(new Error('no network')) }));
    const order = await placed(shop);
    await shop.clock.advanceAsync(100);
    expect(await shop.orders.get(order.number, 'secret-1')).toMatchObject({ ok: true, value: { number: order.number } });
    expect(shop.logger.problems('error')).toEqual([
      `Order ${order.number}: the "confirmation" mail could not be sent`,
      `Order ${order.number}: the "nouvelle-commande" mail could not be sent`,
    ]);
  });
});

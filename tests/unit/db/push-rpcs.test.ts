// The calls a browser makes to follow an order or a product on Supabase (docs/supabase.md, « Push
// notifications »), through supabase-js and the checking fake of the project's API that the
// contract suites use: an anonymous session's RPCs, answered by the test database's functions
// under its policies, and what the database then queues for send-push.
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import { placeVisitorOrder } from '../../support/supabase/withdrawal-fixtures';
import { MemoryStorage, testClient } from '../../support/supabase/test-project';
import { pushKeys as keys, useTestProject } from '../../support/supabase/use-test-project';

const started = useTestProject();

async function anonymousShopper(): Promise<SupabaseClient> {
  const client = testClient(started().fake, new MemoryStorage());
  expect((await client.auth.signInAnonymously()).error).toBeNull();
  return client;
}

it('an anonymous shopper subscribes, follows a sold-out product and the order its device placed; the database queues both notifications', async () => {
  const { number, secret } = await placeVisitorOrder(started().cluster, 'camille@exemple.fr');
  const [product] = await started().cluster.query<{ id: string; name: string }>(
    `update public.products set stock = 0 where slug = 'bol-en-gres-bleu-nuit' returning id, name`,
  );
  const shopper = await anonymousShopper();
  const endpoint = 'https://push.example/camille';

  const subscribed = await shopper.rpc('push_subscribe', { endpoint, ...keys() });
  expect(subscribed.error).toBeNull();
  const subscription = subscribed.data as number;
  expect(await shopper.rpc('push_follow_product', { subscription, product: Number(product!.id) })).toMatchObject({ data: true, error: null });
  expect(await shopper.rpc('push_follow_order', { subscription, number, secret })).toMatchObject({ data: true, error: null });
  const listed = await shopper.rpc('my_push_follows');
  expect((listed.data as Array<Record<string, unknown>>).map((f) => f.order ?? f.productName)).toEqual([product!.name, number]);

  await started().cluster.query(`update public.orders set status = 'expediee' where number = $1`, [number]);
  await started().cluster.query(`update public.products set stock = 4 where id = $1`, [product!.id]);
  expect(await started().cluster.query('select body, path from public.push_outbox order by id')).toEqual([
    { body: `Votre commande ${number} a été expédiée.`, path: `/commande/confirmation/${number}` },
    { body: `«\u202f${product!.name}\u202f» est de nouveau en stock.`, path: '/produit/bol-en-gres-bleu-nuit' },
  ]);
});

it('another anonymous shopper can neither take the endpoint, follow the order without its secret, nor turn a follow off', async () => {
  const { number } = await placeVisitorOrder(started().cluster, 'camille@exemple.fr');
  const owner = await anonymousShopper();
  const { data: subscription } = await owner.rpc('push_subscribe', { endpoint: 'https://push.example/camille', ...keys() });
  const [product] = await started().cluster.query<{ id: string }>(`select id from public.products where slug = 'bol-en-gres-bleu-nuit'`);
  await owner.rpc('push_follow_product', { subscription, product: Number(product!.id) });
  const followId = ((await owner.rpc('my_push_follows')).data as Array<{ id: number }>)[0]!.id;

  const other = await anonymousShopper();
  const taken = await other.rpc('push_subscribe', { endpoint: 'https://push.example/camille', ...keys() });
  expect({ status: taken.status, code: taken.error?.code }).toEqual({ status: 409, code: '23505' });
  const { data: own } = await other.rpc('push_subscribe', { endpoint: 'https://push.example/lea', ...keys() });
  expect(await other.rpc('push_follow_order', { subscription: own, number, secret: null })).toMatchObject({ data: false, error: null });
  expect(await other.rpc('push_unfollow', { follow: followId })).toMatchObject({ data: false, error: null });
  expect((await owner.rpc('my_push_follows')).data).toHaveLength(1);
});

it('without a session (the anon key alone) nothing can be subscribed', async () => {
  const visitor = testClient(started().fake);
  const refused = await visitor.rpc('push_subscribe', { endpoint: 'https://push.example/anon', ...keys() });
  expect({ status: refused.status, code: refused.error?.code }).toEqual({ status: 401, code: '42501' });
});

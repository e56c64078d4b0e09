import type { TestCluster } from '../../../scripts/db/test-cluster.mjs';

/**
 * A visitor (anon) orders a teapot (line 0) and two bowls (line 1) of the seed, delivered at home
 * and paid on delivery, as place_order runs for a browser: the order's number and secret.
 */
export async function placeVisitorOrder(cluster: TestCluster, email: string): Promise<{ number: string; secret: string }> {
  const products = await cluster.query<{ id: number; slug: string }>(
    `select id, slug from public.products where slug in ('theiere-en-fonte-kyoto', 'bol-en-gres-bleu-nuit') order by slug desc`,
  );
  const lines = products.map((p) => ({ productId: Number(p.id), quantity: p.slug === 'bol-en-gres-bleu-nuit' ? 2 : 1 }));
  const [placed] = await cluster.query<{ number: string; secret: string }>(
    `select r ->> 'number' as number, r ->> 'secret' as secret from (select public.place_order($1::jsonb, $2, null, 'Camille Martin', '12 rue de la Roquette', '75011', 'Paris', 'France', 'domicile', 'a-la-livraison') as r) as p`,
    [JSON.stringify(lines), email],
    { role: 'anon', claims: { role: 'anon' } },
  );
  return placed!;
}

/**
 * Time passes for the database, whose clock is the machine's: the order becomes « livrée »
 * `days` ago, written past the status trigger (which alone dates a delivery). Answers the date.
 */
export async function deliveredDaysAgo(cluster: TestCluster, number: string, days: number): Promise<Date> {
  await cluster.query(`select set_config('session_replication_role', 'replica', false)`);
  try {
    await cluster.query(`update public.orders set status = 'livree', delivered_at = now() - make_interval(days => $2) where number = $1`, [number, days]);
  } finally {
    await cluster.query(`select set_config('session_replication_role', 'origin', false)`);
  }
  const [row] = await cluster.query<{ delivered_at: Date }>('select delivered_at from public.orders where number = $1', [number]);
  return row!.delivered_at;
}

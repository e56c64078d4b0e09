import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectTestCluster, startTestCluster, type TestCluster } from '../../../scripts/db/test-cluster.mjs';
import { DELIVERY_FEES_CENTS, DELIVERY_METHODS, FREE_DELIVERY_METHODS, FREE_DELIVERY_THRESHOLD_CENTS } from '@/domain/order/order-constants';
import { PAYMENT_METHODS } from '@/domain/order/payment';
import { SHARED_CLUSTER_ENV } from '../../support/supabase/test-project';

// Issue 13: on Supabase the database decides what an order costs (place_order), the browser shows
// the domain's totals before it: both must say the same fees, threshold and names.

let cluster: TestCluster;

beforeAll(async () => {
  const shared = process.env[SHARED_CLUSTER_ENV];
  cluster = shared ? await connectTestCluster(shared, { seed: true }) : await startTestCluster({ seed: true });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});

const cents = (euros: string | null) => (euros === null ? null : Math.round(Number(euros) * 100));

it('the database’s delivery methods, fees and free-delivery threshold are the domain’s', async () => {
  const rows = await cluster.query<{ method: string; fee: string; free_from: string | null }>(
    'select method, fee::text, free_from::text from public.order_delivery_options() order by method',
  );
  const database = Object.fromEntries(rows.map((row) => [row.method, { fee: cents(row.fee), freeFrom: cents(row.free_from) }]));
  const domain = Object.fromEntries(
    DELIVERY_METHODS.map((method) => [
      method,
      { fee: DELIVERY_FEES_CENTS[method], freeFrom: FREE_DELIVERY_METHODS.includes(method) ? FREE_DELIVERY_THRESHOLD_CENTS : null },
    ]),
  );
  expect(database).toEqual(domain);
  expect(database).toEqual({
    domicile: { fee: 490, freeFrom: 6000 },
    'point-relais': { fee: 390, freeFrom: 6000 },
    'retrait-boutique': { fee: 0, freeFrom: null },
  });
});

it('the orders table takes exactly the domain’s payment methods', async () => {
  const [row] = await cluster.query<{ definition: string }>(
    `select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'public.orders'::regclass and pg_get_constraintdef(oid) like '%payment_method = ANY%'`,
  );
  const accepted = [...(row?.definition ?? '').matchAll(/'([^']+)'::text/g)].map((match) => match[1]).sort();
  expect(accepted).toEqual([...PAYMENT_METHODS].sort());
});

import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectTestCluster, startTestCluster, type TestCluster } from '../../../scripts/db/test-cluster.mjs';
import { SHARED_CLUSTER_ENV } from '../../support/supabase/test-project';

// Two shoppers order the last unit of a product at the same moment, from two connections to the
// real PostgreSQL (supabase/migrations/20261123213000_orders.sql): place_order locks the products
// it sells, so the second call waits for the first transaction to end, then reads the stock that
// transaction left. One session of pgTAP cannot show this; two connections can.
//
// No sleep and no timing: both transactions call place_order at once; the test waits until the
// database itself reports one of them blocked by the other (pg_blocking_pids), so it knows which
// one holds the lock, lets that one finish its call and then commit (or roll back), and reads
// what the waiting one gets.

const LOCK_WAIT_LIMIT_MS = 30_000;

type Outcome = { placed: string } | { refused: string };

/** A connection as PostgREST uses one for a visitor's request: a transaction as anon. */
class Shopper {
  private constructor(
    private readonly client: pg.Client,
    readonly pid: number,
  ) {}

  static async connect(cluster: TestCluster): Promise<Shopper> {
    const client = new pg.Client({ host: cluster.socketDir, port: cluster.port, user: 'postgres', database: cluster.database });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return new Shopper(client, rows[0]!.pid);
  }

  async begin(): Promise<void> {
    await this.client.query('begin');
    await this.client.query('set local role anon');
    await this.client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'anon' })]);
  }

  /** One unit of the product, delivered at home; the order's number, or the error's SQLSTATE and message. */
  placeOrder(productId: number): Promise<Outcome> {
    return this.client
      .query<{ placed: { number: string } }>(
        `select public.place_order(lines => $1::jsonb, email => 'client@exemple.fr', phone => null,
                recipient_name => 'Camille Martin', address_line => '12 rue des Lilas', postal_code => '75011',
                city => 'Paris', country => 'France', delivery_method => 'domicile', payment_method => 'a-la-livraison') as placed`,
        [JSON.stringify([{ productId, quantity: 1 }])],
      )
      .then(
        ({ rows }) => ({ placed: rows[0]!.placed.number }),
        (error: pg.DatabaseError) => ({ refused: `${error.code} ${error.message}` }),
      );
  }

  async end(how: 'commit' | 'rollback'): Promise<void> {
    await this.client.query(how);
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

let cluster: TestCluster;
let shoppers: Shopper[] = [];

beforeAll(async () => {
  // Under mutation testing, one cluster serves every run (tests/support/supabase/shared-cluster.ts).
  const shared = process.env[SHARED_CLUSTER_ENV];
  cluster = shared ? await connectTestCluster(shared, { seed: true }) : await startTestCluster({ seed: true });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});
afterEach(async () => {
  await Promise.all(shoppers.map((shopper) => shopper.close()));
  shoppers = [];
});

async function productWithStock(slug: string, stock: number): Promise<number> {
  const rows = await cluster.query<{ id: string }>(
    `insert into public.products (slug, name, price, category_id, stock)
     select $1, 'Lampe Ginkgo', 89.00, c.id, $2 from public.categories c order by c.id limit 1
     returning id`,
    [slug, stock],
  );
  return Number(rows[0]!.id);
}

async function stockOf(productId: number): Promise<number> {
  const rows = await cluster.query<{ stock: number }>('select stock from public.products where id = $1', [productId]);
  return rows[0]!.stock;
}

async function ordersOf(productId: number): Promise<string[]> {
  const rows = await cluster.query<{ number: string }>(
    `select o.number from public.orders o join public.order_lines l on l.order_id = o.id
      where l.product_id = $1 order by o.number`,
    [productId],
  );
  return rows.map((row) => row.number);
}

/**
 * Which of the shoppers the database reports waiting for a lock, who it waits for, and on what.
 * Asks again until one is seen blocked: the one holding the products' lock keeps it until its
 * transaction ends, which the test does only afterwards. What it waits on is read by a second
 * statement: pg_stat_activity is a snapshot taken when a statement starts, pg_blocking_pids is
 * live, so in one statement the first could still show the wait about to begin as none.
 */
async function blockedShopper(among: Shopper[]): Promise<{ blocked: Shopper; blockers: number[]; waitEventType: string }> {
  const limit = Date.now() + LOCK_WAIT_LIMIT_MS;
  for (;;) {
    const rows = await cluster.query<{ pid: number; blockers: number[] }>(
      `select p.pid, pg_blocking_pids(p.pid) as blockers
         from unnest($1::int[]) as p (pid)
        where cardinality(pg_blocking_pids(p.pid)) > 0`,
      [among.map((shopper) => shopper.pid)],
    );
    const row = rows[0];
    if (row) {
      const [activity] = await cluster.query<{ wait_event_type: string }>('select wait_event_type from pg_stat_activity where pid = $1', [row.pid]);
      return { blocked: among.find((shopper) => shopper.pid === row.pid)!, blockers: row.blockers, waitEventType: activity!.wait_event_type };
    }
    if (Date.now() > limit) throw new Error(`neither connection waited for the other within ${LOCK_WAIT_LIMIT_MS} ms`);
  }
}

/**
 * Both shoppers order one unit of the product at once; the one that got the lock first ends its
 * transaction as `holderEnds` says. What each one got, and whether the blocked one waited for the
 * other's lock.
 */
async function race(productId: number, holderEnds: 'commit' | 'rollback') {
  shoppers = await Promise.all([Shopper.connect(cluster), Shopper.connect(cluster)]);
  await Promise.all(shoppers.map((shopper) => shopper.begin()));
  const outcomes = new Map(shoppers.map((shopper) => [shopper, shopper.placeOrder(productId)]));

  const { blocked, blockers, waitEventType } = await blockedShopper(shoppers);
  const holder = shoppers.find((shopper) => shopper !== blocked)!;
  const holderOutcome = await outcomes.get(holder)!;
  await holder.end(holderEnds);
  const blockedOutcome = await outcomes.get(blocked)!;
  await blocked.end('commit');
  return { holderOutcome, blockedOutcome, waitedForTheOther: blockers.includes(holder.pid) && waitEventType === 'Lock' };
}

describe('place_order from two connections at the same moment', () => {
  it('sells the last unit once: exactly one order succeeds, the other is refused as sold out, and the stock ends at 0', async () => {
    const productId = await productWithStock('test-derniere-lampe', 1);

    const { holderOutcome, blockedOutcome, waitedForTheOther } = await race(productId, 'commit');

    expect(waitedForTheOther).toBe(true);
    expect([holderOutcome, blockedOutcome].filter((outcome) => 'placed' in outcome)).toHaveLength(1);
    expect(holderOutcome).toEqual({ placed: expect.stringMatching(/^CMD-\d{4}-\d{6}$/) });
    expect(blockedOutcome).toEqual({ refused: 'CM002 Le produit «\u202fLampe Ginkgo\u202f» est épuisé.' });
    expect(await stockOf(productId)).toBe(0);
    expect(await ordersOf(productId)).toEqual([(holderOutcome as { placed: string }).placed]);
  });

  it('gives the last unit to the waiting order when the first one is rolled back', async () => {
    const productId = await productWithStock('test-lampe-rendue', 1);

    const { holderOutcome, blockedOutcome, waitedForTheOther } = await race(productId, 'rollback');

    expect(waitedForTheOther).toBe(true);
    expect(holderOutcome).toEqual({ placed: expect.stringMatching(/^CMD-\d{4}-\d{6}$/) });
    expect(blockedOutcome).toEqual({ placed: expect.stringMatching(/^CMD-\d{4}-\d{6}$/) });
    expect(await stockOf(productId)).toBe(0);
    expect(await ordersOf(productId)).toEqual([(blockedOutcome as { placed: string }).placed]);
  });

  it('serves both orders when two units are left: the waiting one reads the stock the first one left', async () => {
    const productId = await productWithStock('test-deux-lampes', 2);

    const { holderOutcome, blockedOutcome, waitedForTheOther } = await race(productId, 'commit');

    expect(waitedForTheOther).toBe(true);
    expect('placed' in holderOutcome && 'placed' in blockedOutcome).toBe(true);
    expect(await stockOf(productId)).toBe(0);
    expect(await ordersOf(productId)).toHaveLength(2);
  });
});

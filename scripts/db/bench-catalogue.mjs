// The catalogue at 100,000 products (issue 28): a throw-away cluster (scripts/db/test-cluster.mjs)
// with the migrations and the seed, the seed's products copied to about 100,000 published ones
// with varied names, then, as PostgREST runs them for supabase-catalogue.ts (role anon, the JWT's
// claims set), each query's EXPLAIN ANALYZE execution time, median and fastest of 5; then place_order's
// throughput, 8 buyers at once on 10 products, and the stock checked afterwards.
// `npm run bench:catalogue`: not part of npm test. Prints a table; judges nothing.
import { loadavg } from 'node:os';
import pg from 'pg';
import { startTestCluster } from './test-cluster.mjs';

const COPIES = 1400;
const ROUNDS = 5;
const BUYERS = 8;
const ORDERS_PER_BUYER = 100;
const STOCK = 10_000;

const COLOURS = [
  'bleu',
  'vert',
  'rouge',
  'ocre',
  'sable',
  'ivoire',
  'anthracite',
  'corail',
  'olive',
  'prune',
  'miel',
  'ardoise',
  'lagon',
  'safran',
  'brique',
  'perle',
];
const PLACES = [
  'Atelier',
  'Provence',
  'Bretagne',
  'Alsace',
  'Nordique',
  'Riviera',
  'Montagne',
  'Cévennes',
  'Loire',
  'Camargue',
  'Vosges',
  'Jura',
  'Landes',
  'Savoie',
  'Corse',
  'Quercy',
  'Bourgogne',
  'Normandie',
  'Auvergne',
  'Ardèche',
];

// Each seed product 1,400 times (72 × 1,401 = 100,872 with the seed): a colour, a place and a
// number added to its name, its price moved by up to 9 €, a creation date 7 minutes apart.
const COPY_SQL = `
create temp table copies as
select p.id as origin, g, p.slug || '-c' || g as slug from public.products p cross join generate_series(1, ${COPIES}) g;
insert into public.products (slug, name, description, price, original_price, category_id, stock, tags, is_published, created_at, vat_rate)
select k.slug,
       p.name || ' ' || ($1::text[])[1 + k.g % 16] || ' ' || ($2::text[])[1 + (k.g / 16) % 20] || ' n° ' || k.g,
       p.description, p.price + (k.g % 10), p.original_price + (k.g % 10), p.category_id, p.stock, p.tags, true,
       p.created_at - k.g * interval '7 minutes', p.vat_rate
from copies k join public.products p on p.id = k.origin`;
const IMAGES_SQL = `
insert into public.product_images (product_id, url, position)
select c.id, i.url, i.position
from copies k join public.products c on c.slug = k.slug join public.product_images i on i.product_id = k.origin`;

// What PostgREST runs for the adapter's requests: a page's rows (with their pictures embedded),
// of catalogue_search_page_filtered or the view, filtered, ordered and paged; or its count, by
// catalogue_count.
const COLUMNS = `t.id, t.slug, t.name, t.description, t.price, t.original_price, t.stock, t.tags, t.created_at, t.category_slug, t.vat_rate,
  coalesce((select json_agg(json_build_object('url', i.url, 'position', i.position)) from public.product_images i where i.product_id = t.id), '[]')`;
const RELEVANCE = 'order by t.relevance desc, t.created_at desc, t.search_name, t.name, t.id';
// A search by relevance: ranked and cut to the page by catalogue_search_page_filtered, which joins
// only the products the page needs, checking the price filter on them when one is given.
const searchPage = (words, { category = null, minPrice = null, maxPrice = null } = {}) =>
  `select ${COLUMNS} from public.catalogue_search_page_filtered(array[${words.map((w) => `'${w}'`).join(', ')}]::text[], ${category ? `'${category}'` : 'null'}, ${minPrice}, ${maxPrice}, false, null, false, null, 0, 20) t ${RELEVANCE}`;
// The count the shop shows: catalogue_count, exact up to COUNT_BOUND (1,000), stopped past it.
const count = (words, category = null) =>
  `select public.catalogue_count(array[${words.map((w) => `'${w}'`).join(', ')}]::text[], ${category ? `'${category}'` : 'null'}, null, null, false, null, false, null, 1000)`;
const QUERIES = [
  ['a search by relevance (theiere), first 20', searchPage(['theiere'])],
  ['the same with two words (lin, lave)', searchPage(['lin', 'lave'])],
  ['its count (bounded)', count(['lin', 'lave'])],
  ['a typo (theire), first 20', searchPage(['theire'])],
  ['a search in a category (theiere, cuisine), first 20', searchPage(['theiere'], { category: 'cuisine' })],
  ['a search with a price filter (theiere, 20 to 60 €), first 20', searchPage(['theiere'], { minPrice: 20, maxPrice: 60 })],
  ["a category's name alone (cuisine), first 20", searchPage(['cuisine'])],
  [
    'a category page sorted by price, first 20',
    `select ${COLUMNS} from public.catalogue_products t where t.category_slug = 'textile' order by t.price, t.search_name, t.name, t.id limit 20`,
  ],
  [
    'the same sorted by price descending, first 20',
    `select ${COLUMNS} from public.catalogue_products t where t.category_slug = 'textile' order by t.price desc, t.search_name, t.name, t.id limit 20`,
  ],
  ["that category's count (bounded)", count([], 'textile')],
  ["the whole catalogue's count (bounded)", count([])],
  // A page deep in the list is two requests (DEEP_OFFSET of supabase-catalogue.ts): its ids, then its rows; the sum is shown.
  [
    'newest first, offset 5,000',
    `select t.id from public.catalogue_products t order by t.created_at desc, t.search_name, t.name, t.id limit 20 offset 5000`,
    (ids) => `select ${COLUMNS} from public.catalogue_products t where t.id in (${ids.join(', ')})`,
  ],
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function asAnon(client, run) {
  await client.query('begin');
  try {
    await client.query('set local role anon');
    await client.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
    return await run();
  } finally {
    await client.query('rollback');
  }
}

async function executionTime(client, sql) {
  return asAnon(client, async () => {
    const { rows } = await client.query(`explain (analyze, format json) ${sql}`);
    return rows[0]['QUERY PLAN'][0]['Execution Time'];
  });
}

async function placeOrders(socketDir, productIds) {
  const lines = (i) => JSON.stringify([{ productId: Number(productIds[i % productIds.length]), quantity: 1 + (i % 3) }]);
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      const client = new pg.Client({ host: socketDir, user: 'postgres', database: 'postgres' });
      await client.connect();
      return client;
    }),
  );
  let ordered = 0;
  const started = performance.now();
  await Promise.all(
    buyers.map(async (client, b) => {
      for (let n = 0; n < ORDERS_PER_BUYER; n += 1) {
        const i = b * ORDERS_PER_BUYER + n;
        await client.query('begin');
        await client.query('set local role anon');
        await client.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
        // Each order from its own address, as the gateway passes it: 8 buyers, not one caller over its cap.
        await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': `10.${b}.${n >> 8}.${n & 255}` })]);
        await client.query(
          `select public.place_order(lines => $1, email => 'acheteur@exemple.fr', phone => null, recipient_name => 'Camille Martin',
             address_line => '12 rue des Lilas', postal_code => '75011', city => 'Paris', country => 'France',
             delivery_method => 'domicile', payment_method => 'a-la-livraison')`,
          [lines(i)],
        );
        await client.query('commit');
        ordered += 1 + (i % 3);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(buyers.map((client) => client.end()));
  return { orders: BUYERS * ORDERS_PER_BUYER, seconds, ordered };
}

const cluster = await startTestCluster();
try {
  const client = new pg.Client({ host: cluster.socketDir, user: 'postgres', database: 'postgres' });
  await client.connect();
  for (const statement of COPY_SQL.split(';\n')) await client.query(statement, statement.includes('$1') ? [COLOURS, PLACES] : []);
  // The pictures without their trigger (each would touch its product: 300,000 updates).
  await client.query('set session_replication_role = replica');
  await client.query(IMAGES_SQL);
  await client.query('set session_replication_role = origin');
  await client.query('vacuum analyze');
  const [{ published }] = (await client.query('select count(*)::int as published from public.catalogue_products')).rows;
  console.log(
    `${published} published products; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}\n`,
  );
  console.log('| query | median of 5 (ms) | fastest (ms) |\n|---|---|---|');
  for (const [label, sql, rowsOf] of QUERIES) {
    const statements = [sql];
    if (rowsOf) statements.push(rowsOf((await client.query(sql)).rows.map((row) => row.id)));
    const time = async () => {
      let total = 0;
      for (const statement of statements) total += await executionTime(client, statement);
      return total;
    };
    await time(); // warm-up, not counted
    const times = [];
    for (let round = 0; round < ROUNDS; round += 1) times.push(await time());
    console.log(`| ${label} | ${median(times).toFixed(1)} | ${Math.min(...times).toFixed(1)} |`);
  }

  const { rows: products } = await client.query(
    `update public.products set stock = ${STOCK} where id in (select id from public.products order by id limit 10) returning id`,
  );
  const ids = products.map((row) => row.id);
  const { orders, seconds, ordered } = await placeOrders(cluster.socketDir, ids);
  const [{ remaining }] = (await client.query('select sum(stock)::int as remaining from public.products where id = any($1)', [ids])).rows;
  const exact = remaining === ids.length * STOCK - ordered;
  console.log(
    `\nplace_order: ${orders} orders from ${BUYERS} buyers at once on ${ids.length} products in ${seconds.toFixed(2)} s: ${Math.round(orders / seconds)} orders a second`,
  );
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  console.log(
    `stock: ${ids.length} × ${STOCK} − ${ordered} ordered = ${ids.length * STOCK - ordered}; remaining ${remaining}: ${exact ? 'exact' : 'NOT EXACT'}`,
  );
  await client.end();
  if (!exact) process.exitCode = 1;
} finally {
  await cluster.stop();
}

// The checking fake behind the Supabase adapters' tests must itself refuse what PostgREST,
// GoTrue and Functions do not document, or those tests could not fail.
import { describe, expect, it } from 'vitest';
import { FakeSupabase, type SqlRunner } from '../../support/supabase/fake-supabase';
import { ANON_KEY, SUPABASE_TEST_URL, signJwt } from '../../support/supabase/jwt';
import { QuerySyntaxError, translateRead } from '../../support/supabase/postgrest-query';

/** A database that knows no function and holds no row: enough to see what is refused before SQL. */
const emptyDb: SqlRunner = { query: async () => [] };

const CLIENT = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'x-client-info': 'supabase-js/2.109.0' };

async function call(fake: FakeSupabase, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const response = await fake.fetch(`${SUPABASE_TEST_URL}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...CLIENT, ...init.headers },
    body: init.body,
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

describe('the PostgREST query reader', () => {
  it('reads the documented forms the adapters use', () => {
    const { sql, params } = translateRead(
      'products',
      new URLSearchParams('select=id,category:categories!inner(slug)&category.slug=eq.cuisine&price=gte.10&order=id.asc&offset=0&limit=5'),
    );
    expect(params).toEqual(['cuisine', '10']);
    expect(sql).toContain('order by products.id asc limit 5 offset 0');
  });

  it('reads a page asked by a Range header as offset and limit, and a set-returning function like a table', () => {
    const ranged = translateRead('catalogue_products', new URLSearchParams('select=id&order=price.desc,id.asc'), { range: '24-47' });
    expect(ranged.sql).toContain('from public.catalogue_products order by catalogue_products.price desc, catalogue_products.id asc limit 24 offset 24');
    expect(ranged.offset).toBe(24);
    const search = translateRead('catalogue_search', new URLSearchParams('select=id,product_images(url)&on_sale=eq.true&offset=0&limit=5'), {
      rpc: { call: 'public.catalogue_search(words => $1)', args: [['bol']], returns: 'catalogue_products' },
    });
    expect(search.params).toEqual([['bol'], 'true']);
    expect(search.sql).toContain('from public.catalogue_search(words => $1) as catalogue_search where catalogue_search.on_sale = $2');
    expect(search.sql).toContain('product_images.product_id = catalogue_search.id');
    expect(search.countSql).toBe(
      'select count(*)::int as total from public.catalogue_search(words => $1) as catalogue_search where catalogue_search.on_sale = $2',
    );
  });

  it.each([
    ['a Range that is not first-last', '24'],
    ['a Range ending before it starts', '10-2'],
  ])('refuses %s', (_label, range) => {
    expect(() => translateRead('products', new URLSearchParams('select=id'), { range })).toThrow(QuerySyntaxError);
  });

  it('refuses a page asked both by Range and by limit/offset', () => {
    expect(() => translateRead('products', new URLSearchParams('select=id&limit=5'), { range: '0-4' })).toThrow(QuerySyntaxError);
  });

  it.each([
    ['no select', 'products', ''],
    ['an unknown table', 'clients', 'select=id'],
    ['an operator the adapters must not rely on', 'products', 'select=id&name=ilike.*bol*'],
    ['a filter without an operator', 'products', 'select=id&slug=bol'],
    ['an embedded filter on a resource not selected', 'products', 'select=id&category.slug=eq.cuisine'],
    ['an embedded filter without !inner', 'products', 'select=id,category:categories(slug)&category.slug=eq.cuisine'],
    ['an order that is not column.asc|desc', 'products', 'select=id&order=price'],
    ['a relationship that does not exist', 'categories', 'select=slug,products(id)'],
  ])('refuses %s', (_label, table, query) => {
    expect(() => translateRead(table, new URLSearchParams(query))).toThrow(QuerySyntaxError);
  });
});

/** A database of three products: counts say 3, a page holds the rows its limit and offset keep. */
const threeRows: SqlRunner = {
  query: async (sql) => {
    if (sql.startsWith('select count(*)')) return [{ total: 3 }];
    const limit = Number(/limit (\d+)/.exec(sql)?.[1] ?? 3);
    const offset = Number(/offset (\d+)/.exec(sql)?.[1] ?? 0);
    return [1, 2, 3].slice(offset, offset + limit).map((id) => ({ body: { id } }));
  },
};

describe('the checking fake, paging as PostgREST does', () => {
  const read = (fake: FakeSupabase, query: string, headers: Record<string, string> = {}) =>
    fake.fetch(`${SUPABASE_TEST_URL}/rest/v1/catalogue_products?select=id${query}`, {
      headers: { ...CLIENT, 'accept-profile': 'public', ...headers },
    });

  it('answers the page with Content-Range first-last/total, 206 when it is not every row', async () => {
    const fake = new FakeSupabase(threeRows);
    const partial = await read(fake, '&offset=1&limit=1', { prefer: 'count=exact' });
    expect([partial.status, partial.headers.get('content-range'), await partial.json()]).toEqual([206, '1-1/3', [{ id: 2 }]]);
    const whole = await read(fake, '', { prefer: 'count=exact' });
    expect([whole.status, whole.headers.get('content-range')]).toEqual([200, '0-2/3']);
    const uncounted = await read(fake, '&offset=0&limit=2');
    expect([uncounted.status, uncounted.headers.get('content-range')]).toEqual([200, '0-1/*']);
    const byHeader = await read(fake, '', { prefer: 'count=exact', range: '2-5', 'range-unit': 'items' });
    expect([byHeader.status, byHeader.headers.get('content-range'), await byHeader.json()]).toEqual([206, '2-2/3', [{ id: 3 }]]);
    expect(fake.violations).toEqual([]);
  });

  it('answers a first row past the total with 416 PGRST103; at the total, with no row', async () => {
    const fake = new FakeSupabase(threeRows);
    const past = await read(fake, '&offset=4&limit=2', { prefer: 'count=exact' });
    expect([past.status, past.headers.get('content-range'), await past.json()]).toEqual([
      416,
      '*/3',
      { code: 'PGRST103', message: 'Requested range not satisfiable', details: 'An offset of 4 was requested, but there are only 3 rows.', hint: null },
    ]);
    const atTheEnd = await read(fake, '&offset=3&limit=2', { prefer: 'count=exact' });
    expect([atTheEnd.status, atTheEnd.headers.get('content-range'), await atTheEnd.json()]).toEqual([206, '*/3', []]);
  });

  it('answers a filter on a column the view does not have as PostgREST does: 400 with PostgreSQL’s 42703', async () => {
    const undefinedColumn: SqlRunner = {
      query: async () => {
        throw Object.assign(new Error('column catalogue_products.couleur does not exist'), { code: '42703' });
      },
    };
    const fake = new FakeSupabase(undefinedColumn);
    const answer = await read(fake, '&couleur=eq.bleu');
    expect([answer.status, await answer.json()]).toEqual([
      400,
      { code: '42703', message: 'column catalogue_products.couleur does not exist', details: null, hint: null },
    ]);
  });

  it('refuses a preference other than count=exact on a read', async () => {
    const fake = new FakeSupabase(threeRows);
    expect((await read(fake, '', { prefer: 'count=planned' })).status).toBe(400);
    expect((await read(fake, '', { prefer: 'count=exact, return=minimal' })).status).toBe(400);
    expect(fake.violations).toHaveLength(2);
  });
});

describe('the checking fake', () => {
  it('answers a request outside the documented forms with 400 PGRST100 and records it', async () => {
    const fake = new FakeSupabase(emptyDb);
    const noProfile = await call(fake, '/rest/v1/products?select=id');
    expect(noProfile).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
    const wrongKey = await call(fake, '/rest/v1/products?select=id', { headers: { apikey: 'autre-cle', 'accept-profile': 'public' } });
    expect(wrongKey.status).toBe(400);
    const rpcByGet = await call(fake, '/rest/v1/rpc/newsletter_subscribe?email=a@b.fr');
    expect(rpcByGet.status).toBe(400);
    const signUp = await call(fake, '/auth/v1/signup', {
      method: 'POST',
      headers: { 'x-supabase-api-version': '2024-01-01', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signUp.status).toBe(400);
    expect(fake.violations).toHaveLength(4);
  });

  it('refuses a forged token (401 PGRST301) and an expired one (401 PGRST303), as PostgREST does', async () => {
    const fake = new FakeSupabase(emptyDb);
    const forged = `${ANON_KEY.slice(0, ANON_KEY.lastIndexOf('.'))}.c2lnbmF0dXJl`;
    const headers = { 'accept-profile': 'public' };
    expect(await call(fake, '/rest/v1/products?select=id', { headers: { ...headers, authorization: `Bearer ${forged}` } })).toMatchObject({
      status: 401,
      body: { code: 'PGRST301' },
    });
    const expired = signJwt({ role: 'authenticated', sub: 'u', exp: Math.floor(Date.now() / 1000) - 10 });
    expect(await call(fake, '/rest/v1/products?select=id', { headers: { ...headers, authorization: `Bearer ${expired}` } })).toMatchObject({
      status: 401,
      body: { code: 'PGRST303', message: 'JWT expired' },
    });
    expect(fake.violations).toEqual([]);
  });

  it('answers 404 PGRST202 for a function the schema does not have', async () => {
    const fake = new FakeSupabase(emptyDb);
    const answer = await call(fake, '/rest/v1/rpc/newsletter_inscrire', {
      method: 'POST',
      headers: { 'content-profile': 'public', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.fr' }),
    });
    expect(answer).toMatchObject({ status: 404, body: { code: 'PGRST202' } });
  });

  it('passes a jsonb argument as the JSON sent (an array too), and answers a function’s own SQLSTATE with 400', async () => {
    // A database that knows place_order(lines jsonb, email text), returning jsonb, and refuses the
    // call as the function does when a line is short.
    const calls: unknown[][] = [];
    const db: SqlRunner = {
      query: async (sql, params = []) => {
        if (sql.includes('proargtypes')) return [{ name: 'lines' }];
        if (sql.startsWith('select 1 from pg_proc')) return [{ '?column?': 1 }];
        if (sql.includes('prorettype')) return [{ set: false, rows: false, relation: null }];
        calls.push(params);
        throw Object.assign(new Error('Stock insuffisant'), { code: 'CM002', detail: '[{"productId": 1}]' });
      },
    };
    const fake = new FakeSupabase(db);
    const answer = await call(fake, '/rest/v1/rpc/place_order', {
      method: 'POST',
      headers: { 'content-profile': 'public', 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ productId: 1, quantity: 2 }], email: 'a@b.fr' }),
    });
    expect(calls).toEqual([['[{"productId":1,"quantity":2}]', 'a@b.fr']]);
    expect(answer).toEqual({
      status: 400,
      body: { code: 'CM002', message: 'Stock insuffisant', details: '[{"productId": 1}]', hint: null },
    });
  });

  it('answers a wrong password as GoTrue does: 400 invalid_credentials', async () => {
    const fake = new FakeSupabase(emptyDb, { users: [] });
    const answer = await call(fake, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'x-supabase-api-version': '2024-01-01', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.fr', password: 'x', gotrue_meta_security: {} }),
    });
    expect(answer).toEqual({ status: 400, body: { code: 'invalid_credentials', message: 'Invalid login credentials' } });
  });
});

describe('the fake Storage API', () => {
  const upload = { method: 'POST', headers: { 'content-type': 'image/png', 'x-upsert': 'false' }, body: 'png' };

  it.each([
    [
      'an upload that would replace a file (x-upsert: true)',
      '/storage/v1/object/catalogue/produits/a.png',
      { ...upload, headers: { ...upload.headers, 'x-upsert': 'true' } },
    ],
    [
      'a removal without { prefixes }',
      '/storage/v1/object/catalogue',
      { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: '{"paths": ["a.png"]}' },
    ],
    ['a removal of no path', '/storage/v1/object/catalogue', { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: '{"prefixes": []}' }],
    [
      'an endpoint the shop does not use (list)',
      '/storage/v1/object/list/catalogue',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prefix": ""}' },
    ],
  ])('refuses %s as a violation', async (_label, path, init) => {
    const fake = new FakeSupabase(emptyDb);
    expect((await call(fake, path, init)).status).toBe(400);
    expect(fake.violations).toHaveLength(1);
  });

  it('answers as Storage does: HTTP 400 carrying the real status, for a refused token and an unknown bucket', async () => {
    const fake = new FakeSupabase(emptyDb);
    const expired = signJwt({ role: 'authenticated', sub: 'u', exp: Math.floor(Date.now() / 1000) - 10 });
    expect(
      await call(fake, '/storage/v1/object/catalogue/produits/a.png', { ...upload, headers: { ...upload.headers, authorization: `Bearer ${expired}` } }),
    ).toEqual({
      status: 400,
      body: { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: '"exp" claim timestamp check failed' },
    });
    expect(await call(fake, '/storage/v1/object/catalogue/produits/a.png', upload)).toEqual({
      status: 400,
      body: { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' },
    });
    expect(fake.violations).toEqual([]);
  });

  it('serves a public object to a request without apikey (an <img>), and says when there is none', async () => {
    const fake = new FakeSupabase(emptyDb);
    const response = await fake.fetch(`${SUPABASE_TEST_URL}/storage/v1/object/public/catalogue/produits/absente.png`);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' },
    });
    expect(fake.violations).toEqual([]);
  });
});

-- catalogue_count (20261127030000_catalogue_search_page_and_counts.sql): the shop's filters counted up to
-- up_to + 1 products at most, published products only, for each role that may call it; its
-- refusals; who may execute it. The rows added here are rolled back.
begin;
create extension if not exists pgtap with schema extensions;
select plan(29);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_service 'reset role; set local role service_role; set local request.jwt.claims to ''{"role": "service_role"}'';'

insert into public.categories (slug, name, description, image) values ('test-count', 'Comptoir', 'Pour compter.', '/c.svg');
-- Six « zorglub » in test-count: prices 11 to 16, stock 0 to 5, the last two on sale; a seventh unpublished.
insert into public.products (slug, name, description, price, original_price, category_id, stock, tags, is_published)
select 'test-count-' || g, 'Zorglub ' || g, 'Un objet à compter.', 10 + g, case when g > 4 then 30 end,
       (select id from public.categories where slug = 'test-count'), g - 1, array['compte'], g <= 6
from generate_series(1, 7) g;

create function pg_temp.counted(words text[] default '{}', category text default 'test-count', min_price numeric default null,
  max_price numeric default null, in_stock_only boolean default false, max_stock integer default null, on_sale_only boolean default false,
  ids bigint[] default null, up_to integer default 1000) returns integer
  language sql
as $$ select public.catalogue_count(words, category, min_price, max_price, in_stock_only, max_stock, on_sale_only, ids, up_to) $$;
grant execute on function pg_temp.counted(text[], text, numeric, numeric, boolean, integer, boolean, bigint[], integer) to anon, authenticated, service_role;

-- ── Each role: the published products only, counted up to up_to + 1 ───────────────────────
:as_anon
select is(pg_temp.counted(), 6, 'anon counts the category''s published products: 6, the unpublished one left out');
select is(pg_temp.counted(up_to => 3), 4, 'anon with up_to 3: 4 counted, the count stops there');
select is(pg_temp.counted(array['zorglub'], null), 6, 'anon counts a search''s published products');
select is(pg_temp.counted(array['zorglub'], 'test-count', up_to => 3), 4, 'anon: a search in a category, up_to 3: 4 counted');
:as_user
select is(pg_temp.counted(), 6, 'a signed-in shopper (user_metadata says admin) counts the published products only');
select is(pg_temp.counted(up_to => 0), 1, 'a signed-in shopper with up_to 0: 1 counted');
:as_admin
select is(pg_temp.counted(), 6, 'an admin counts what the shop shows: the published products');
select is(pg_temp.counted(up_to => 5), 6, 'an admin with up_to 5: 6 counted');
:as_service
select is(pg_temp.counted(), 6, 'service_role counts the published products');
select is(pg_temp.counted(up_to => 2), 3, 'service_role with up_to 2: 3 counted');

-- ── The shop's filters, as the page request applies them ───────────────────────────────────
:as_anon
select is(pg_temp.counted(min_price => 13), 4, 'from 13 €: 13, 14, 15, 16');
select is(pg_temp.counted(max_price => 12), 2, 'up to 12 €: 11, 12');
select is(pg_temp.counted(in_stock_only => true), 5, 'in stock: the 5 with units');
select is(pg_temp.counted(max_stock => 2), 3, 'at most 2 units: 0, 1, 2');
select is(pg_temp.counted(on_sale_only => true), 2, 'on sale: the two with an original price above');
select is(pg_temp.counted(ids => (select array_agg(id) from public.products where slug in ('test-count-1', 'test-count-7'))), 1,
  'these ids: the published one');
select is(pg_temp.counted(array['zorglub', 'compter'], null, min_price => 14, in_stock_only => true), 3, 'a search and filters together');
select is(pg_temp.counted(array['zorglu'], null), 6, 'a prefix while typing');
select is(pg_temp.counted(array['zorglib'], null), 6, 'one wrong letter forgiven, as the search forgives it');
select is(pg_temp.counted(array['zorglub'], 'textile'), 0, 'another category: none');
select is(pg_temp.counted(category => null), (select count(*)::int from public.catalogue_products), 'no filter: the whole catalogue (78 products, under the bound)');
select is(pg_temp.counted(category => null, up_to => 10), 11, 'no filter, up_to 10: 11 counted of 78');

-- ── Refusals ───────────────────────────────────────────────────────────────────────────────
select throws_ok($$select pg_temp.counted(array(select 'mot' || g from generate_series(1, 21) g), null)$$, 'CM006',
  U&'Recherche trop longue\00A0: 20 mots et 200 caract\00E8res au plus.', 'more than 20 words: refused as the search refuses them');
select throws_ok($$select pg_temp.counted(up_to => -1)$$, '22023', 'up_to: a count of 0 or more', 'a negative up_to: refused');
select throws_ok($$select pg_temp.counted(up_to => null)$$, '22023', 'up_to: a count of 0 or more', 'no up_to: refused');

-- ── Who may execute it ─────────────────────────────────────────────────────────────────────
reset role;
select function_privs_are('public', 'catalogue_count', array['text[]', 'text', 'numeric', 'numeric', 'boolean', 'integer', 'boolean', 'bigint[]', 'integer'],
  'anon', array['EXECUTE'], 'anon may execute catalogue_count');
select function_privs_are('public', 'catalogue_count', array['text[]', 'text', 'numeric', 'numeric', 'boolean', 'integer', 'boolean', 'bigint[]', 'integer'],
  'authenticated', array['EXECUTE'], 'authenticated may execute catalogue_count');
select function_privs_are('public', 'catalogue_count', array['text[]', 'text', 'numeric', 'numeric', 'boolean', 'integer', 'boolean', 'bigint[]', 'integer'],
  'service_role', array['EXECUTE'], 'service_role may execute catalogue_count');
select ok(not (select p.prosecdef from pg_catalog.pg_proc p where p.oid = 'public.catalogue_count(text[], text, numeric, numeric, boolean, integer, boolean, bigint[], integer)'::regprocedure),
  'catalogue_count runs with the caller''s rights: row-level security decides what it counts');

select * from finish();
rollback;

-- Honest reductions (20261126181000_price_history.sql): the database keeps every price a product
-- has had (one row per change, none for the same price), anon reads the history of published
-- products only and nobody writes it; a reduction is priced against the lowest price of the 30
-- days before it began, as the domain computes it (tests/unit/domain/catalogue/price-history.test.ts
-- gives the same figures for the same histories), and refused when the price is no reduction.
begin;
create extension if not exists pgtap with schema extensions;
select plan(25);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'

-- Fixtures, as the owner.
insert into public.categories (slug, name, position) values ('test-prix', 'Objets de test', 100);
insert into public.products (slug, name, price, category_id, stock, is_published, created_at)
select p.slug, p.name, p.price, c.id, 5, p.published, now() - interval '90 days'
from (values ('test-bol', 'Bol', 100.00, true), ('test-cache', 'Caché', 50.00, false)) as p (slug, name, price, published)
cross join public.categories c where c.slug = 'test-prix';
create temporary table fixture as select slug, id from public.products where slug like 'test-%';
grant select on fixture to anon, authenticated;

-- A history as the domain's tests write it: '100@90,80@5' is 100 from 90 days ago, 80 from 5 days ago.
create function pg_temp.reference(changes text) returns numeric
  language sql
as $$
  select public.price_reference(
    array_agg(split_part(c, '@', 1)::numeric order by n),
    array_agg(now() - split_part(c, '@', 2)::int * interval '1 day' order by n),
    now())
  from unnest(string_to_array(changes, ',')) with ordinality as x (c, n)
$$;
create function pg_temp.history_of(product text) returns text
  language sql
as $$
  select string_agg(h.price::text, ' ' order by h.since, h.id)
  from public.product_price_history h join fixture f on f.id = h.product_id where f.slug = product
$$;
create function pg_temp.save(product text, price numeric, on_sale boolean) returns bigint
  language sql
as $$
  select public.admin_save_product((select id from fixture where slug = product), product, 'Bol', '', price, on_sale, 5, '{}', '{}', 'test-prix', null, null)
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;

-- ── The rule, as the domain computes it ────────────────────────────────────────────────────
select is(pg_temp.reference('100@90,80@5'), 100.00, 'a fall after a long regular price: the regular price');
select is(pg_temp.reference('80@90,100@20,90@1'), null, 'a price raised within the 30 days before the fall: 90 is no reduction against 80');
select is(pg_temp.reference('80@90,100@20,70@1'), 80.00, '… and 70 is one against 80, not 100');
select is(pg_temp.reference('80@90,100@40,90@5'), 100.00, 'a price that ended more than 30 days before the fall no longer counts');
select is(pg_temp.reference('80@90,100@34,90@5'), null, '… one that ended 34 days before now (29 before the fall) still counts');
select is(pg_temp.reference('100@120,90@60,80@20,70@2'), 100.00, 'successive reductions keep the reference of the first one');
select is(pg_temp.reference('100@90,80@20,90@2'), null, 'a rise ends the reduction');
select is(pg_temp.reference('60@12,50@8,40@3'), 60.00, 'a product younger than 30 days: the lowest over its whole life (60)');
select is(pg_temp.reference('50@12,60@8,40@3'), 50.00, '… (50)');
select is(pg_temp.reference('50@90'), null, 'one price is no reduction');

select is_empty($$select p.slug from public.products p where p.original_price is not null and p.slug not like 'test-%'
                    and p.original_price is distinct from public.product_reference_price(p.id, p.price)$$,
  'every promotion of the seed is announced against the reference price its history gives');

-- ── The history, kept by the database ──────────────────────────────────────────────────────
select is(pg_temp.history_of('test-bol'), '100.00', 'a new product has its first price in its history');
:as_admin
select lives_ok($$select pg_temp.save('test-bol', 100.00, false)$$, 'the admin saves the product at the same price');
select is(pg_temp.history_of('test-bol'), '100.00', '… which appends no row');
select lives_ok($$select pg_temp.save('test-bol', 120.00, false)$$, 'the admin raises the price');
select is(pg_temp.history_of('test-bol'), '100.00 120.00', '… which appends one row');

-- ── A reduction: priced by the database, refused when there is none ────────────────────────
reset role;
update public.product_price_history set since = now() - interval '90 days' where product_id = (select id from fixture where slug = 'test-bol');
update public.product_price_history set since = now() - interval '10 days' where product_id = (select id from fixture where slug = 'test-bol') and price = 120;
:as_admin
select throws_ok($$select pg_temp.save('test-bol', 110.00, true)$$, 'CM010', null,
  'a « reduction » to 110 after 100 in the last 30 days is refused');
select lives_ok($$select pg_temp.save('test-bol', 90.00, true)$$, 'a reduction to 90 is saved');
select is((select original_price from public.products where slug = 'test-bol'), 100.00, '… against 100, the lowest of the 30 days before');
select throws_ok($$update public.products set price = 130, original_price = 500 where slug = 'test-bol'$$, 'CM010', null,
  'an admin writing a reference of their own (PostgREST) is refused where the price is no reduction…');
select lives_ok($$update public.products set original_price = 500 where slug = 'test-bol' and price = 90$$, '… and where it is one');
select is((select original_price from public.products where slug = 'test-bol'), 100.00, '… it is the database’s reference that is kept');

-- ── Who reads and writes the history ───────────────────────────────────────────────────────
:as_anon
select is((select count(*)::int from public.product_price_history h join fixture f on f.id = h.product_id), 3,
  'anon reads the history of the published product (100, 120, 90), not the unpublished one’s');
select throws_ok($$insert into public.product_price_history (product_id, price) values ((select id from fixture where slug = 'test-bol'), 1)$$,
  '42501', null, 'anon cannot write the history');
:as_admin
select throws_ok($$delete from public.product_price_history$$, '42501', null, 'nor can an admin');

select * from finish();
rollback;

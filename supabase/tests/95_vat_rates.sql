-- VAT rates (20261126160000_vat_rates.sql): a rate is one of 20 %, 10 %, 5,5 % and 2,1 % (basis
-- points), a product gets its category's unless given one, only an admin changes it; each order
-- line keeps the rate its product had when ordered, whatever the insert says; the order's
-- document gives its VAT per rate, the delivery fee split pro rata, as the order domain computes
-- it (tests/unit/domain/order/vat-by-rate.test.ts gives the same figures).
begin;
create extension if not exists pgtap with schema extensions;
select plan(28);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'

-- Fixtures, as the owner: a food category at 5,5 %, an other at the default rate.
insert into public.categories (slug, name, position, vat_rate) values ('test-tva-food', 'Épicerie de test', 100, 550);
insert into public.categories (slug, name, position) values ('test-tva-std', 'Objets de test', 101);
insert into public.products (slug, name, price, category_id, stock)
select p.slug, p.name, p.price, c.id, 50
from (values ('test-chocolat', 'Chocolat', 5.50, 'test-tva-food'),
             ('test-bougie', 'Bougie', 24.90, 'test-tva-std'),
             ('test-bol', 'Bol', 10.00, 'test-tva-std')) as p (slug, name, price, category)
join public.categories c on c.slug = p.category;
insert into public.products (slug, name, price, category_id, stock, vat_rate)
select p.slug, p.name, p.price, c.id, 50, p.rate
from (values ('test-confiserie', 'Caramels', 12.50, 'test-tva-food', 2000),
             ('test-livre', 'Livre', 7.90, 'test-tva-std', 1000),
             ('test-journal', 'Journal', 3.33, 'test-tva-std', 210)) as p (slug, name, price, category, rate)
join public.categories c on c.slug = p.category;

create temporary table fixture as select slug, id from public.products where slug like 'test-%';
grant select on fixture to anon, authenticated;

-- 'test-chocolat:2,test-bougie:1' as place_order's lines.
create function pg_temp.lines(items text) returns jsonb
  language sql
as $$
  select jsonb_agg(jsonb_build_object(
           'productId', (select f.id from fixture f where f.slug = split_part(i.item, ':', 1)),
           'quantity', split_part(i.item, ':', 2)::int, 'vatRate', 210) order by i.n)
  from unnest(string_to_array(items, ',')) with ordinality as i (item, n)
$$;
create function pg_temp.place(lines jsonb, delivery text) returns jsonb
  language sql
as $$
  select public.place_order(lines => lines, email => 'camille@exemple.fr', phone => null, recipient_name => 'Camille Martin',
           address_line => '12 rue des Lilas', postal_code => '75011', city => 'Paris', country => 'France',
           delivery_method => delivery, payment_method => 'a-la-livraison',
           -- A relay order names its point (20261126160500_delivery_choices.sql).
           relay_point => case when delivery = 'point-relais' then
             '{"id": "DEMO-75011-01", "name": "Tabac de la Roquette", "street": "48 rue de la Roquette", "postalCode": "75011", "city": "Paris"}'::jsonb end)
$$;
create function pg_temp.rate_of(product text) returns int
  language sql
as $$
  select p.vat_rate from public.products p where p.slug = product
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;

-- ── The allowed rates ──────────────────────────────────────────────────────────────────────
select throws_ok($$update public.products set vat_rate = 1960 where slug = 'test-bol'$$, '23514', null,
  'a product''s rate is one of 2000, 1000, 550, 210: 19,6 % is refused');
select throws_ok($$update public.products set vat_rate = 20 where slug = 'test-bol'$$, '23514', null,
  'a percentage (20) is not a rate in basis points: refused');
select throws_ok($$update public.products set vat_rate = null where slug = 'test-bol'$$, '23502', null,
  'a product always has a rate');
select throws_ok($$update public.categories set vat_rate = 500 where slug = 'test-tva-std'$$, '23514', null,
  'a category''s default rate is one of the four too');
select ok(
  (select pg_catalog.pg_get_constraintdef(c.oid) from pg_catalog.pg_constraint c where c.conname = 'order_lines_vat_rate_check')
    ~ '2000.*1000.*550.*210',
  'a line''s rate is one of the four too');

-- ── A product's rate: its category's unless given ──────────────────────────────────────────
select is(pg_temp.rate_of('test-chocolat'), 550, 'a product of a food category gets its 5,5 %');
select is(pg_temp.rate_of('test-bougie'), 2000, 'a product of a category that says nothing gets 20 %');
select is(pg_temp.rate_of('test-confiserie'), 2000, 'a rate given wins over the category''s (caramels are confectionery: 20 %)');
select results_eq(
  $$select p.vat_rate, count(*)::int from public.products p join public.categories c on c.id = p.category_id
    where c.slug = 'epicerie-fine' group by p.vat_rate order by p.vat_rate$$,
  $$values (550, 8), (2000, 1)$$,
  'the seed: the épicerie fine at 5,5 %, but its caramels at 20 %');
select is((select vat_rate from public.catalogue_products where slug = 'chocolat-noir-70'), 550,
  'the catalogue''s view gives each product''s rate');
select is((select vat_rate from public.catalogue_search(array['chocolat']) where slug = 'chocolat-noir-70'), 550,
  'so does the search');

-- ── Who may change a rate ──────────────────────────────────────────────────────────────────
:as_anon
select throws_ok($$update public.products set vat_rate = 550 where slug = 'test-bol'$$, '42501', null,
  'anon may not change a product''s rate');
select throws_ok($$update public.categories set vat_rate = 550 where slug = 'test-tva-std'$$, '42501', null,
  'anon may not change a category''s rate');
:as_user
update public.products set vat_rate = 550 where slug = 'test-bol';
update public.categories set vat_rate = 550 where slug = 'test-tva-std';
select throws_ok(
  $$select public.admin_save_product(null, 'test-forge', 'Forgé', '', 3.00, null, 1, '{}', '{}', 'test-tva-std', null, 550)$$,
  '42501', null, 'a signed-in user who is not an admin may not save a product with its rate');
reset role;
select is(pg_temp.rate_of('test-bol'), 2000, 'a signed-in user who is not an admin (user_metadata says admin) changed no product''s rate');
select is((select vat_rate from public.categories where slug = 'test-tva-std'), 2000, '... and no category''s');
:as_admin
select lives_ok(
  $$select public.admin_save_product((select id from fixture where slug = 'test-bol'), 'test-bol', 'Bol', '', 10.00, null, 50, '{}', '{}', 'test-tva-std', null, 1000)$$,
  'an admin saves a product with another rate');
select throws_ok(
  $$select public.admin_save_product(null, 'test-forge', 'Forgé', '', 3.00, null, 1, '{}', '{}', 'test-tva-std', null, 1960)$$,
  '23514', null, 'even an admin cannot save a rate that is not one of the four');
reset role;
select is(pg_temp.rate_of('test-bol'), 1000, 'the admin''s rate is saved');
:as_admin
select lives_ok(
  $$select public.admin_save_product((select id from fixture where slug = 'test-bol'), 'test-bol', 'Bol', '', 10.00, null, 50, '{}', '{}', 'test-tva-std', null, null)$$,
  'saving a product without a rate ...');
reset role;
select is(pg_temp.rate_of('test-bol'), 1000, '... keeps its rate');
update public.products set vat_rate = 2000 where slug = 'test-bol';

-- ── A line keeps the rate it was sold at ───────────────────────────────────────────────────
:as_anon
select pg_temp.place(pg_temp.lines('test-chocolat:2,test-bougie:1'), 'domicile') as mixed \gset
reset role;
select results_eq(
  $$select l.product_name, l.vat_rate from public.order_lines l join public.orders o on o.id = l.order_id
    where o.number = $$ || quote_literal(:'mixed'::jsonb ->> 'number') || $$ order by l.position$$,
  $$values ('Chocolat'::text, 550), ('Bougie', 2000)$$,
  'each line is stored at its product''s rate, whatever the lines sent said (210)');
update public.products set vat_rate = 2000 where slug = 'test-chocolat';
select is(
  (select jsonb_path_query_array(public.order_document(o.id), '$.lines[*].vatRate') from public.orders o where o.number = :'mixed'::jsonb ->> 'number'),
  '[550, 2000]'::jsonb,
  'a product''s rate changed later: the order keeps the rate it was sold at');
update public.products set vat_rate = 550 where slug = 'test-chocolat';

-- ── The VAT per rate of the order's document ───────────────────────────────────────────────
select is(:'mixed'::jsonb -> 'vatByRate',
  '[{"rate": 550, "base": 12.50, "vat": 0.65}, {"rate": 2000, "base": 28.30, "vat": 4.72}]'::jsonb,
  'a mixed cart at home: 11,00 € at 5,5 % and 24,90 € at 20 %, the 4,90 € fee split 1,50 € / 3,40 € pro rata');
:as_anon
select pg_temp.place(pg_temp.lines('test-chocolat:3,test-bol:1'), 'point-relais') as relay \gset
select pg_temp.place(pg_temp.lines('test-journal:1,test-chocolat:1,test-livre:1,test-confiserie:1'), 'domicile') as four \gset
select pg_temp.place(pg_temp.lines('test-chocolat:7,test-bougie:1'), 'domicile') as free \gset
reset role;
select is(:'relay'::jsonb -> 'vatByRate',
  '[{"rate": 550, "base": 18.93, "vat": 0.99}, {"rate": 2000, "base": 11.47, "vat": 1.91}]'::jsonb,
  'most goods at 5,5 %: 20 % gets its share (1,47 €) rounded, 5,5 % the rest of the 3,90 €');
select is(:'four'::jsonb -> 'vatByRate',
  '[{"rate": 210, "base": 3.89, "vat": 0.08}, {"rate": 550, "base": 6.42, "vat": 0.33}, {"rate": 1000, "base": 9.22, "vat": 0.84}, {"rate": 2000, "base": 14.60, "vat": 2.43}]'::jsonb,
  'four rates, lowest first: the shares add up to the fee');
select is(:'free'::jsonb -> 'vatByRate',
  '[{"rate": 550, "base": 38.50, "vat": 2.01}, {"rate": 2000, "base": 24.90, "vat": 4.15}]'::jsonb,
  'free delivery (63,40 €): each rate''s base is its goods');

-- ── The trigger functions are not for the API ──────────────────────────────────────────────
select ok(
  not has_function_privilege('anon', 'public.order_lines_vat_rate()', 'execute')
  and not has_function_privilege('authenticated', 'public.order_lines_vat_rate()', 'execute')
  and not has_function_privilege('anon', 'public.products_default_vat_rate()', 'execute')
  and not has_function_privilege('authenticated', 'public.products_default_vat_rate()', 'execute'),
  'no API role executes the rate triggers'' functions by themselves');

select * from finish();
rollback;

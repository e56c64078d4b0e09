-- Orders, second step (20261124000000_orders_payment_and_device.sql): a card order keeps the
-- card's last 4 digits and the provider's reference and is still placed « en attente »; each line
-- keeps the product's main picture; a device reads its own orders by their numbers and secrets
-- (orders_by_secrets) and nothing else; only an admin lists every order (admin_orders), and the
-- permission matrix of the two new functions, cell by cell (anon, a non-admin user whose
-- user_metadata claims admin, an admin by app_metadata, service_role).
begin;
create extension if not exists pgtap with schema extensions;
select plan(30);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_service 'reset role; set local role service_role; set local request.jwt.claims to ''{"role": "service_role"}'';'

-- Fixtures, as the owner: a bowl with two pictures (the one at position 0 is its main one), a
-- vase without any.
insert into public.categories (slug, name, position) values ('test-92', 'Catégorie de test', 100);
insert into public.products (slug, name, price, category_id, stock, is_published)
select p.slug, p.name, p.price, c.id, 10, true
from public.categories c, (values ('test92-bol', 'Bol', 12.50), ('test92-vase', 'Vase', 30.00)) as p (slug, name, price)
where c.slug = 'test-92';
insert into public.product_images (product_id, url, position)
select p.id, i.url, i.position from public.products p,
  (values ('/images/test/bol-2.svg', 1), ('/images/test/bol-1.svg', 0)) as i (url, position)
where p.slug = 'test92-bol';
create temporary table fixture as select slug, id from public.products where slug like 'test92-%';
grant select on fixture to anon, authenticated, service_role;

-- place_order with every argument named, as PostgREST calls it: `items` as 'test92-bol:2,…'.
create function pg_temp.place(items text, payment_method text, payment_last4 text default null, payment_reference text default null)
  returns jsonb
  language sql
as $$
  select public.place_order(
    lines => (select jsonb_agg(jsonb_build_object('productId', f.id, 'quantity', split_part(i.item, ':', 2)::int) order by i.n)
              from unnest(string_to_array(items, ',')) with ordinality as i (item, n)
              join fixture f on f.slug = split_part(i.item, ':', 1)),
    email => 'camille@exemple.fr', phone => null, recipient_name => 'Camille Martin', address_line => '12 rue des Lilas',
    postal_code => '75011', city => 'Paris', country => 'France', delivery_method => 'domicile',
    payment_method => payment_method, payment_last4 => payment_last4, payment_reference => payment_reference)
$$;
-- The SQLSTATE and the details' field of what a statement raises.
create function pg_temp.refusal(statement text) returns text
  language plpgsql
as $$
declare
  detail text;
begin
  execute statement;
  return 'no error';
exception when others then
  get stacked diagnostics detail = pg_exception_detail;
  return sqlstate || ' ' || coalesce(detail::jsonb ->> 'field', '');
end;
$$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

-- ── A visitor orders by card, then on delivery ─────────────────────────────────────────────
:as_anon
select pg_temp.place('test92-bol:2,test92-vase:1', 'carte', '4242', 'SIMU-abc') as by_card \gset
select pg_temp.place('test92-bol:1', 'a-la-livraison') as on_delivery \gset
select is(:'by_card'::jsonb ->> 'status', 'en-attente-paiement',
  'a card order is placed « en attente de paiement »: the browser''s word is no proof of payment, the provider''s is');
select is(:'on_delivery'::jsonb ->> 'status', 'en-attente', 'an order paid on delivery is placed « en attente »');
select is((:'by_card'::jsonb ->> 'paymentLast4') || ' ' || (:'by_card'::jsonb ->> 'paymentReference'), '4242 SIMU-abc',
  'a card order keeps the card''s last 4 digits and the provider''s reference');
select is(:'on_delivery'::jsonb -> 'paymentLast4', 'null'::jsonb, 'an order paid on delivery has no card');
select is(:'by_card'::jsonb -> 'lines' -> 0 ->> 'picture', '/images/test/bol-1.svg', 'a line keeps the product''s main picture (position 0)');
select is(:'by_card'::jsonb -> 'lines' -> 1 -> 'picture', 'null'::jsonb, 'a line of a product without a picture keeps none');
select is(pg_temp.place('test92-bol:1', 'carte') ->> 'status', 'en-attente-paiement',
  'a card order without the card''s digits is placed: the provider reports them once paid (20261128120100_card_order_without_card.sql)');
select is(pg_temp.refusal($$select pg_temp.place('test92-bol:1', 'carte', '42a2', 'SIMU-x')$$), 'CM003 payment',
  'a card order whose last 4 are not 4 digits: refused');
select is(pg_temp.refusal($$select pg_temp.place('test92-bol:1', 'carte', '4242', '')$$), 'CM003 payment',
  'a card order without the provider''s reference: refused');
select is(pg_temp.refusal($$select pg_temp.place('test92-bol:1', 'a-la-livraison', '4242', 'SIMU-x')$$), 'CM003 payment',
  'an order paid on delivery that names a card: refused');

-- ── A device's orders ──────────────────────────────────────────────────────────────────────
select is(
  (select jsonb_agg(o ->> 'number') from jsonb_array_elements(public.orders_by_secrets(jsonb_build_array(
     jsonb_build_object('number', :'by_card'::jsonb ->> 'number', 'secret', :'by_card'::jsonb ->> 'secret'),
     jsonb_build_object('number', :'on_delivery'::jsonb ->> 'number', 'secret', :'on_delivery'::jsonb ->> 'secret')))) as o),
  jsonb_build_array(:'on_delivery'::jsonb ->> 'number', :'by_card'::jsonb ->> 'number'),
  'anon executes orders_by_secrets: its orders, newest first');
select is(
  (select jsonb_agg(o ->> 'number') from jsonb_array_elements(public.orders_by_secrets(jsonb_build_array(
     jsonb_build_object('number', :'by_card'::jsonb ->> 'number', 'secret', :'on_delivery'::jsonb ->> 'secret'),
     jsonb_build_object('number', :'on_delivery'::jsonb ->> 'number', 'secret', :'on_delivery'::jsonb ->> 'secret')))) as o),
  jsonb_build_array(:'on_delivery'::jsonb ->> 'number'),
  'a number with another order''s secret reads nothing');
select is(public.orders_by_secrets(jsonb_build_array(jsonb_build_object('number', :'by_card'::jsonb ->> 'number', 'secret', 'pas-un-uuid'))),
  '[]'::jsonb, 'a secret that is no UUID reads nothing, without an error');
select is(public.orders_by_secrets('[]'), '[]'::jsonb, 'no order asked, none answered');
select is(pg_temp.refusal($$select public.orders_by_secrets('{}')$$), 'CM003 refs', 'refs that are not a list: refused');
select is(pg_temp.refusal($$select public.orders_by_secrets((select jsonb_agg(jsonb_build_object('number', 'CMD-2026-000001', 'secret', gen_random_uuid())) from generate_series(1, 201)))$$),
  'CM003 refs', 'more than 200 refs: refused');
select throws_ok($$select public.admin_orders()$$, '42501', 'permission denied for function admin_orders',
  'anon executes admin_orders: refused');

:as_user
select is(jsonb_array_length(public.orders_by_secrets(jsonb_build_array(
  jsonb_build_object('number', :'by_card'::jsonb ->> 'number', 'secret', :'by_card'::jsonb ->> 'secret')))), 1,
  'a user executes orders_by_secrets: allowed, their order');
select throws_ok($$select public.admin_orders()$$, '42501', 'only an admin reads every order',
  'a user executes admin_orders (user_metadata claiming admin): refused');
select throws_ok($$select public.admin_orders('en-attente')$$, '42501', 'only an admin reads every order',
  'a user executes admin_orders with a status: refused');

:as_admin
select is(
  (select jsonb_agg(o ->> 'number') from jsonb_array_elements(public.admin_orders()) as o),
  (select jsonb_agg(number order by created_at desc, id desc) from public.orders),
  'an admin executes admin_orders: every order, newest first');
select ok(public.admin_set_order_status(:'on_delivery'::jsonb ->> 'number', 'expediee') is not null, 'an admin ships the order paid on delivery');
select throws_ok(format('select public.admin_set_order_status(%L, %L)', :'on_delivery'::jsonb ->> 'number', 'expediee'), 'CM004',
  U&'La commande est d\00E9j\00E0 \00AB\202Fexp\00E9di\00E9e\202F\00BB.', 'an order « changed » to the status it has: refused');
select is(public.admin_set_order_status('CMD-2026-999999', 'expediee'), null, 'an unknown number: null, nothing changed');
select is(
  (select jsonb_agg(o ->> 'number') from jsonb_array_elements(public.admin_orders('expediee')) as o),
  jsonb_build_array(:'on_delivery'::jsonb ->> 'number'), 'admin_orders of one status: only those');
select is(
  (select jsonb_agg(o ->> 'number') from jsonb_array_elements(public.admin_orders(number => :'on_delivery'::jsonb ->> 'number')) as o),
  jsonb_build_array(:'on_delivery'::jsonb ->> 'number'), 'admin_orders of one number: that order');
select is(public.admin_orders(number => 'CMD-2026-999999'), '[]'::jsonb, 'admin_orders of an unknown number: none');
select is(jsonb_array_length(public.orders_by_secrets(jsonb_build_array(
  jsonb_build_object('number', :'by_card'::jsonb ->> 'number', 'secret', :'by_card'::jsonb ->> 'secret')))), 1,
  'an admin executes orders_by_secrets: allowed');

:as_service
select throws_ok($$select public.orders_by_secrets('[]')$$, '42501', 'permission denied for function orders_by_secrets',
  'service_role executes orders_by_secrets: refused');
select throws_ok($$select public.admin_orders()$$, '42501', 'permission denied for function admin_orders',
  'service_role executes admin_orders: refused');

select * from finish();
rollback;

-- Abuse limits (20261125190000_abuse_limits.sql, issue 23): oversized searches and orders are
-- refused at once with the shop's codes; a line holds at most 20 of a product; one caller (one
-- client address) holds at most 3 unpaid orders and 100 units, so twenty orders from one caller,
-- as anon or as an anonymous user, leave at least 90 % of the stock, while a shopper's real order
-- goes through; an unpaid card order's stock comes back an hour later; a cancellation never fails
-- on the stock's maximum; an unpublished product is never named.
begin;
create extension if not exists pgtap with schema extensions;
select plan(61);

-- A visitor from an address (as Supabase's gateway passes it to PostgREST in request.headers).
\set as_anon_1 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}''; set local request.headers to ''{"cf-connecting-ip": "203.0.113.1"}'';'
\set as_anonymous_user_2 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "33333333-3333-4333-8333-333333333333", "role": "authenticated", "is_anonymous": true, "app_metadata": {"provider": "anonymous"}}''; set local request.headers to ''{"x-forwarded-for": "198.51.100.2, 10.0.0.1"}'';'
\set as_anon_3 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}''; set local request.headers to ''{"cf-connecting-ip": "203.0.113.3"}'';'
\set as_anon_4 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}''; set local request.headers to ''{"cf-connecting-ip": "203.0.113.4"}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'

-- place_order with a valid shopper's details; `payment` 'carte' adds a card's last 4 digits.
create function pg_temp.place(lines jsonb, payment text default 'a-la-livraison') returns jsonb
  language sql
as $$
  select public.place_order(
    lines => lines, email => 'camille@exemple.fr', phone => null, recipient_name => 'Camille Martin',
    address_line => '12 rue des Lilas', postal_code => '75011', city => 'Paris', country => 'France',
    delivery_method => 'domicile', payment_method => payment,
    payment_last4 => case when payment = 'carte' then '4242' end,
    payment_reference => case when payment = 'carte' then 'test-ref' end)
$$;
-- What a statement raises: {"code", "message", "detail"} (null when it raises nothing).
create function pg_temp.failure(statement text) returns jsonb
  language plpgsql
as $$
declare
  state text;
  message text;
  detail text;
begin
  execute statement;
  return null;
exception when others then
  get stacked diagnostics state = returned_sqlstate, message = message_text, detail = pg_exception_detail;
  return jsonb_build_object('code', state, 'message', message, 'detail', detail);
end;
$$;
create function pg_temp.error_of(statement text) returns text
  language sql
as $$
  select coalesce((select f ->> 'code' || ' ' || (f ->> 'message') from pg_temp.failure(statement) as f), 'no error')
$$;
-- How long a statement takes to answer (or to fail), in milliseconds, by clock_timestamp.
create function pg_temp.elapsed_ms(statement text) returns numeric
  language plpgsql
as $$
declare
  started timestamptz := clock_timestamp();
begin
  begin
    execute statement;
  exception when others then
    null;
  end;
  return round(extract(epoch from clock_timestamp() - started) * 1000, 1);
end;
$$;
-- 1 when an order of `lines` is placed, 0 when a limit or the stock refuses it.
create function pg_temp.tried(lines jsonb) returns int
  language plpgsql
as $$
begin
  perform pg_temp.place(lines);
  return 1;
exception when sqlstate 'CM003' or sqlstate 'CM002' then
  return 0;
end;
$$;
-- The drain attempt of the issue: `attempts` orders of 5 units (or what is left, if less) of
-- every product in stock, 50 products an order (place_order's most lines), the next 50 each time;
-- answers how many were placed.
create function pg_temp.drain(attempts int) returns int
  language plpgsql
as $$
declare
  placed int := 0;
  in_stock int := (select count(*) from public.products where is_published and stock > 0);
begin
  for attempt in 0 .. attempts - 1 loop
    placed := placed + pg_temp.tried((
      select jsonb_agg(jsonb_build_object('productId', p.id, 'quantity', least(5, p.stock)))
      from (select id, stock from public.products where is_published and stock > 0
            order by id offset (attempt * 50) % greatest(in_stock, 1) limit 50) as p));
  end loop;
  return placed;
end;
$$;
create function pg_temp.total_stock() returns bigint
  language sql
  security definer
as $$
  select sum(stock) from public.products
$$;
create temporary table figures (name text primary key, value numeric);
grant select, insert on figures to anon, authenticated;
grant execute on all functions in schema pg_temp to anon, authenticated;

-- Oversized arguments, made beforehand so that only the call is timed.
create temporary table oversized as
select (select array_agg(chr(97 + g % 26)) from generate_series(1, 100000) g) as words,
       (select jsonb_agg(jsonb_build_object('productId', g, 'quantity', 1)) from generate_series(1, 100000) g) as lines;
grant select on oversized to anon, authenticated;
insert into figures values ('stock before', pg_temp.total_stock());

-- ── Bounded calls ──────────────────────────────────────────────────────────────────────────
:as_anon_1
select ok(pg_temp.elapsed_ms('select count(*) from public.catalogue_search((select words from oversized))') < 300,
  'catalogue_search with 100,000 words answers in under 300 ms');
select is(pg_temp.error_of('select count(*) from public.catalogue_search((select words from oversized))'),
  U&'CM006 Recherche trop longue\00A0: 20 mots et 200 caract\00E8res au plus.',
  'catalogue_search with 100,000 words is refused: CM006 and a French message');
select is(pg_temp.error_of($$select count(*) from public.catalogue_search(array_fill('bol'::text, array[21]))$$),
  U&'CM006 Recherche trop longue\00A0: 20 mots et 200 caract\00E8res au plus.', 'catalogue_search with 21 words is refused');
select is(pg_temp.error_of($$select count(*) from public.catalogue_search(array[repeat('b', 201)])$$),
  U&'CM006 Recherche trop longue\00A0: 20 mots et 200 caract\00E8res au plus.', 'catalogue_search with 201 characters is refused');
select ok((select count(*) from public.catalogue_search(array_fill('bol'::text, array[20]))) >= 0,
  'catalogue_search with 20 words answers');
select ok(pg_temp.elapsed_ms('select pg_temp.place((select lines from oversized))') < 300,
  'place_order with 100,000 lines answers in under 300 ms');
select is(pg_temp.error_of('select pg_temp.place((select lines from oversized))'), 'CM003 Une commande compte au plus 50 lignes.',
  'place_order with 100,000 lines is refused: CM003 and a French message');
select is((pg_temp.failure('select pg_temp.place((select lines from oversized))') ->> 'detail')::jsonb, '{"field": "lines"}'::jsonb,
  'its details name the field');
reset role;
insert into figures values
  ('search 100000 words ms', pg_temp.elapsed_ms('select count(*) from public.catalogue_search((select words from oversized))')),
  ('order 100000 lines ms', pg_temp.elapsed_ms('select pg_temp.place((select lines from oversized))'));
select diag('100,000 search words refused in ' || (select value from figures where name = 'search 100000 words ms') || ' ms; '
         || '100,000 order lines refused in ' || (select value from figures where name = 'order 100000 lines ms') || ' ms');

-- A product of the seed with stock enough, published.
create temporary table roomy as select id, name, stock from public.products where is_published and stock >= 30 order by id limit 2;
grant select on roomy to anon, authenticated;

:as_anon_4
select is(pg_temp.error_of(format('select pg_temp.place(%L)', jsonb_build_array(jsonb_build_object('productId', (select min(id) from roomy), 'quantity', 21)))),
  'CM003 Au plus 20 exemplaires d’un même produit par commande.', 'a line of 21 units is refused (CM003)');
select is(pg_temp.error_of(format('select pg_temp.place(%L)', jsonb_build_array(
    jsonb_build_object('productId', (select min(id) from roomy), 'quantity', 10), jsonb_build_object('productId', (select min(id) from roomy), 'quantity', 11)))),
  'CM003 Au plus 20 exemplaires d’un même produit par commande.', 'the same product twice, 10 + 11 units, is refused too');
select is(pg_temp.error_of(format('select pg_temp.place(%L)', jsonb_build_array(jsonb_build_object('productId', (select min(id) from roomy), 'quantity', 1000000)))),
  'CM003 Au plus 20 exemplaires d’un même produit par commande.', 'a line of a million units is refused');
select is(pg_temp.place(format('[{"productId": %s.0, "quantity": 2.0}]', (select min(id) from roomy))::jsonb) -> 'lines' -> 0 ->> 'quantity', '2',
  '{"productId": 3.0, "quantity": 2.0} is the product 3, twice (no 22P02 cast error)');
select is(pg_temp.error_of(format('select pg_temp.place(%L)', format('[{"productId": %s.5, "quantity": 1}]', (select min(id) from roomy)))),
  'CM003 Un article de la commande est invalide (produit ou quantité).', 'a product id 3.5 is refused with the shop''s message');
select is(pg_temp.error_of($$select pg_temp.place('[{"productId": "3", "quantity": 1}]')$$),
  'CM003 Un article de la commande est invalide (produit ou quantité).', 'a product id given as a string is refused with the shop''s message');

-- ── An unpublished product is never named ──────────────────────────────────────────────────
reset role;
update public.products set is_published = false where id = (select max(id) from roomy);
:as_anon_4
select is(pg_temp.error_of(format('select pg_temp.place(%L)', jsonb_build_array(jsonb_build_object('productId', (select max(id) from roomy), 'quantity', 1)))),
  format('CM001 Un produit de votre panier n’est plus disponible (référence %s).', (select max(id) from roomy)),
  'an unpublished product is refused as an unknown one: by its reference, not its name');
select is((pg_temp.failure(format('select pg_temp.place(%L)', jsonb_build_array(jsonb_build_object('productId', (select max(id) from roomy), 'quantity', 1)))) ->> 'detail')::jsonb -> 0 -> 'name',
  'null'::jsonb, 'and its details do not name it either');
reset role;
update public.products set is_published = true where id = (select max(id) from roomy);

-- Anonymous users, as Supabase Auth makes them (signInAnonymously): rows of auth.users.
insert into auth.users (id, aud, role, raw_app_meta_data, is_anonymous)
select u.id::uuid, 'authenticated', 'authenticated', '{"provider": "anonymous", "providers": ["anonymous"]}'::jsonb, true
from (values ('33333333-3333-4333-8333-333333333333'), ('44444444-4444-4444-8444-444444444444')) as u (id)
union all
select ('55555555-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'authenticated', 'authenticated', '{"provider": "anonymous"}'::jsonb, true
from generate_series(1, 20) as g;

-- ── The drain: twenty orders from one caller ───────────────────────────────────────────────
:as_anon_1
insert into figures values ('drain anon placed', pg_temp.drain(20));
:as_anonymous_user_2
insert into figures values ('drain anonymous user placed', pg_temp.drain(20));
reset role;
insert into figures values ('stock after drain', pg_temp.total_stock());
select diag('stock before ' || (select value from figures where name = 'stock before') || ', after two callers'' twenty orders each '
         || (select value from figures where name = 'stock after drain') || ' ('
         || round(100 * (select value from figures where name = 'stock after drain') / (select value from figures where name = 'stock before'), 1) || ' %); orders placed: '
         || (select value from figures where name = 'drain anon placed') || ' (anon), '
         || (select value from figures where name = 'drain anonymous user placed') || ' (anonymous user)');
select ok((select value from figures where name = 'stock after drain') >= 0.9 * (select value from figures where name = 'stock before'),
  'twenty orders of 5 units of every product from one anon caller, then twenty from one anonymous user, leave at least 90 % of the stock');
select cmp_ok((select value from figures where name = 'drain anon placed'), '<=', 3::numeric, 'one caller places at most 3 orders « en attente »');
select cmp_ok((select value from figures where name = 'drain anonymous user placed'), '<=', 3::numeric,
  'one anonymous user places at most 3 orders « en attente »');
select is((select count(*) from public.orders where owner = '33333333-3333-4333-8333-333333333333'),
  (select value from figures where name = 'drain anonymous user placed')::bigint,
  'each order of the anonymous user belongs to it (orders.owner = auth.uid())');
select ok((select count(*) from public.orders where owner is null and caller = encode(sha256('203.0.113.1'), 'hex')) > 0
          and (select count(*) from public.orders where caller = encode(sha256('203.0.113.1'), 'hex') and owner is not null) = 0,
  'the anon caller''s orders have no owner: counted by their address alone');
select ok((select count(*) from public.orders where caller is not null and status in ('en-attente', 'en-attente-paiement')) <= 6,
  'two callers hold at most 6 unpaid orders');
select ok((select max(held) from (select sum(l.quantity) as held from public.orders o join public.order_lines l on l.order_id = o.id
                                   where o.status in ('en-attente', 'en-attente-paiement') and o.caller is not null group by o.caller) as h) <= 100,
  'and each holds at most 100 units');
select is((select count(distinct caller) from public.orders
            where caller in (encode(sha256('203.0.113.1'), 'hex'), encode(sha256('198.51.100.2'), 'hex'))), 2::bigint,
  'each caller is recorded as a hash of its address (cf-connecting-ip, else the first x-forwarded-for)');
select ok((select bool_and(caller ~ '^[0-9a-f]{64}$' and caller !~ '203\.0\.113') from public.orders where caller is not null),
  'the address itself is never stored');
:as_anon_1
select is(pg_temp.error_of(format('select pg_temp.place(%L) from generate_series(1, 3)', jsonb_build_array(jsonb_build_object('productId', (select min(id) from roomy), 'quantity', 1)))),
  'CM003 Vous avez déjà des commandes en attente de paiement. Réglez-les ou contactez-nous avant d’en passer une nouvelle.',
  'the draining caller''s next orders, of 1 unit each, are refused by the third at the latest, with the shop''s message');

-- ── Twenty anonymous users from one address: its ceiling ──────────────────────────────────
-- Each signs in anonymously (Supabase Auth allows a few an hour from one address) and orders
-- 5 units of 20 products: 100 units, what one user may hold. The address holds at most 10
-- orders and 300 units over all its shoppers.
create function pg_temp.crowd(users int, address text) returns int
  language plpgsql
as $$
declare
  placed int := 0;
begin
  for u in 1 .. users loop
    perform set_config('request.jwt.claims', jsonb_build_object('sub', '55555555-0000-4000-8000-' || lpad(u::text, 12, '0'),
      'role', 'authenticated', 'is_anonymous', true, 'app_metadata', jsonb_build_object('provider', 'anonymous'))::text, true);
    perform set_config('request.headers', jsonb_build_object('cf-connecting-ip', address)::text, true);
    placed := placed + pg_temp.tried((
      select jsonb_agg(jsonb_build_object('productId', p.id, 'quantity', 5))
      from (select id from public.products where is_published and stock >= 5 order by id desc limit 20) as p));
  end loop;
  return placed;
end;
$$;
grant execute on function pg_temp.crowd(int, text) to authenticated;
reset role;
insert into figures values ('stock before crowd', pg_temp.total_stock());
set local role authenticated;
insert into figures values ('crowd placed', pg_temp.crowd(20, '192.0.2.50'));
reset role;
insert into figures values ('stock after crowd', pg_temp.total_stock());
select diag('twenty anonymous users from one address placed ' || (select value from figures where name = 'crowd placed') || ' orders, '
         || ((select value from figures where name = 'stock before crowd') - (select value from figures where name = 'stock after crowd')) || ' units');
select is((select value from figures where name = 'crowd placed'), 3::numeric,
  'twenty anonymous users of 100 units each from one address: 3 orders placed (its 300 units)');
select cmp_ok((select value from figures where name = 'stock before crowd') - (select value from figures where name = 'stock after crowd'), '<=', 300::numeric,
  'they take at most 300 units');
select is((select count(distinct owner) from public.orders where caller = encode(sha256('192.0.2.50'), 'hex')), 3::bigint,
  'each placed order has its own anonymous owner: shoppers behind one address no longer share 3 orders');

-- ── « Mes commandes »: an anonymous user reads its own orders, no one else's ──────────────
reset role;
select jsonb_agg(number order by created_at desc, id desc) as mine_numbers from public.orders
 where owner = '33333333-3333-4333-8333-333333333333' \gset
select diag('the anonymous user''s twenty orders: ' || (select count(*) from public.orders where owner = '33333333-3333-4333-8333-333333333333')
         || ' placed, ' || (select coalesce(sum(l.quantity), 0) from public.orders o join public.order_lines l on l.order_id = o.id
                             where o.owner = '33333333-3333-4333-8333-333333333333') || ' units taken');
:as_anonymous_user_2
select is((select jsonb_array_length(public.my_orders(null, 0))), (select value from figures where name = 'drain anonymous user placed')::int,
  'an anonymous user reads its own orders (my_orders)');
select is((select jsonb_agg(o ->> 'number') from jsonb_array_elements(public.my_orders(null, 0)) as o),
  :'mine_numbers'::jsonb, 'newest first, and only its own');
select is_empty('select number from public.orders', 'while the table itself stays closed to it (row-level security: admins only)');
select is(jsonb_array_length(public.my_orders(null, 1)), greatest((select value from figures where name = 'drain anonymous user placed')::int - 1, 0),
  'a page starts where asked (skip)');
\set as_anonymous_user_4 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "44444444-4444-4444-8444-444444444444", "role": "authenticated", "is_anonymous": true, "app_metadata": {"provider": "anonymous"}}'';'
:as_anonymous_user_4
select is(public.my_orders(null, 0), '[]'::jsonb, 'another anonymous user reads none of them');
select is(public.my_orders((select min(number) from public.orders where owner = '33333333-3333-4333-8333-333333333333'), 0), '[]'::jsonb,
  'not even by its number');
reset role;
select ok(not has_function_privilege('anon', 'public.my_orders(text, integer)', 'execute'), 'anon may not execute my_orders (no user: no orders)');

-- ── A shopper's real order still goes through ──────────────────────────────────────────────
:as_anon_3
select pg_temp.place(jsonb_build_array(jsonb_build_object('productId', (select min(id) from roomy), 'quantity', 2))) as owner_less \gset
select is(:'owner_less'::jsonb ->> 'status', 'en-attente', 'a shopper from another address orders 2 units, without a session: placed');
reset role;
select is((select (owner is null and caller = encode(sha256('203.0.113.3'), 'hex')) from public.orders where number = :'owner_less'::jsonb ->> 'number'), true,
  'an owner-less order, counted by its address');
:as_anon_3
select is(pg_temp.place(jsonb_build_array(jsonb_build_object('productId', (select max(id) from roomy), 'quantity', 20))) ->> 'status', 'en-attente',
  'and 20 of another product in a second order: placed');

-- ── An unpaid card order gives its stock back after an hour ────────────────────────────────
reset role;
insert into figures values ('roomy before card', (select stock from public.products where id = (select max(id) from roomy)));
:as_anon_4
select pg_temp.place(jsonb_build_array(jsonb_build_object('productId', (select max(id) from roomy), 'quantity', 3)), 'carte') ->> 'number' as card_order \gset
select is(pg_temp.error_of(format('select pg_temp.place(%L) from generate_series(1, 2)', jsonb_build_array(jsonb_build_object('productId', (select min(id) from roomy), 'quantity', 1)))),
  'CM003 Vous avez déjà des commandes en attente de paiement. Réglez-les ou contactez-nous avant d’en passer une nouvelle.',
  'a card order « en attente de paiement » counts among the caller''s 3 waiting orders (with one paid on delivery, a fourth is refused)');
reset role;
select is((select status from public.orders where number = :'card_order'), 'en-attente-paiement', 'the card order waits for its payment');
select is((select stock from public.products where id = (select max(id) from roomy)), (select value from figures where name = 'roomy before card')::int - 3,
  'a card order takes its 3 units');
select is(public.release_unpaid_card_orders(now() + interval '59 minutes'), 0, 'after 59 minutes, no card order is released');
select is((select stock from public.products where id = (select max(id) from roomy)), (select value from figures where name = 'roomy before card')::int - 3,
  'and its units are still held');
select ok(public.release_unpaid_card_orders(now() + interval '61 minutes') >= 1, 'after an hour, the unpaid card order is released');
select is((select status from public.orders where number = :'card_order'), 'annulee', 'it is « annulée »');
select is((select stock from public.products where id = (select max(id) from roomy)), (select value from figures where name = 'roomy before card')::int,
  'and its 3 units are back in stock');
select is((select count(*) from public.orders where payment_method = 'a-la-livraison' and status = 'annulee'), 0::bigint,
  'orders paid on delivery are not released (they count against their caller''s cap)');

-- ── A cancellation never fails on the stock's maximum ──────────────────────────────────────
:as_anon_3
select pg_temp.place(jsonb_build_array(jsonb_build_object('productId', (select min(id) from roomy), 'quantity', 5))) ->> 'number' as near_max_order \gset
reset role;
update public.products set stock = 999998 where id = (select min(id) from roomy);
:as_admin
select is(public.admin_set_order_status(:'near_max_order', 'annulee') ->> 'status', 'annulee',
  'an order whose product''s stock was since raised near the maximum can still be cancelled');
reset role;
select is((select stock from public.products where id = (select min(id) from roomy)), 1000000, 'the stock stops at its maximum, 1,000,000');

-- ── my_orders pages: 100 orders a call ─────────────────────────────────────────────────────
reset role;
insert into public.orders (number, status, email, recipient_name, address_line, postal_code, city, country,
                           delivery_method, payment_method, subtotal, delivery_fee, total, created_at, owner)
select 'CMD-2025-' || lpad(g::text, 6, '0'), 'livree', 'camille@exemple.fr', 'Camille Martin', '12 rue des Lilas', '75011', 'Paris',
       'France', 'domicile', 'a-la-livraison', 10, 4.9, 14.9, timestamptz '2025-01-01' + g * interval '1 hour',
       '44444444-4444-4444-8444-444444444444'
from generate_series(1, 105) as g;
:as_anonymous_user_4
select is(jsonb_array_length(public.my_orders(null, 0)), 100, 'my_orders answers at most 100 orders a call, the newest');
select is((select jsonb_agg(o ->> 'number') from jsonb_array_elements(public.my_orders(null, 100)) as o),
  '["CMD-2025-000005", "CMD-2025-000004", "CMD-2025-000003", "CMD-2025-000002", "CMD-2025-000001"]'::jsonb,
  'and the next page the rest, newest first');
reset role;

-- ── Old anonymous users: Supabase Auth deletes them, their orders stay ─────────────────────
-- With anonymous sign-ins on, Supabase Auth's periodic cleanup deletes the anonymous users made
-- more than 30 days ago (the statement below is the one it runs, supabase/auth's
-- internal/models/cleanup.go). Nothing of the shop may stop it or go with them.
reset role;
select count(*) as old_user_orders from public.orders where owner = '33333333-3333-4333-8333-333333333333' \gset
select number as old_number, secret as old_secret from public.orders
 where owner = '33333333-3333-4333-8333-333333333333' order by created_at limit 1 \gset
update auth.users set created_at = now() - interval '31 days' where id = '33333333-3333-4333-8333-333333333333';
select lives_ok($$delete from auth.users where id in (select id from auth.users where created_at < now() - interval '30 days' and is_anonymous is true limit 100 for update skip locked)$$,
  'Supabase Auth''s cleanup deletes an anonymous user made 31 days ago, though it has orders');
select is((select count(*) from auth.users where id = '33333333-3333-4333-8333-333333333333'), 0::bigint, 'the user is gone');
select is((select count(*) from auth.users where is_anonymous and created_at > now() - interval '30 days'), 21::bigint,
  'the anonymous users of the last 30 days stay');
select is((select count(*) from public.orders where number in (select number from public.orders where owner is null and caller = encode(sha256('198.51.100.2'), 'hex'))),
  :'old_user_orders'::bigint, 'its orders stay, now owner-less (orders.owner: on delete set null)');
:as_anon_1
select is(public.order_by_secret(:'old_number', :'old_secret'::uuid) ->> 'number', :'old_number',
  'and the device that placed one still reads it by its number and secret');
reset role;
select is(pg_temp.error_of(format($$update public.orders set owner = '44444444-4444-4444-8444-444444444444' where number = %L$$, :'old_number')),
  'CM005 Seul le statut d’une commande peut changer.', 'an order''s owner may go, never be given to another user');
select is(pg_temp.error_of(format($$update public.orders set owner = null, total = 0 where number = %L$$, :'old_number')),
  'CM005 Seul le statut d’une commande peut changer.', 'and nothing else changes with it');

-- ── Who may call the new functions ─────────────────────────────────────────────────────────
select ok(not has_function_privilege('anon', 'public.release_unpaid_card_orders(timestamptz)', 'execute')
          and not has_function_privilege('authenticated', 'public.release_unpaid_card_orders(timestamptz)', 'execute')
          and not has_function_privilege('service_role', 'public.release_unpaid_card_orders(timestamptz)', 'execute'),
  'no API role may release orders (pg_cron runs it as the owner)');
select ok(not has_function_privilege('anon', 'public.order_caller()', 'execute')
          and not has_function_privilege('authenticated', 'public.order_caller()', 'execute'),
  'no API role calls order_caller by itself');

select * from finish();
rollback;

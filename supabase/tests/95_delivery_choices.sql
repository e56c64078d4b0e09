-- What checkout offers, kept as chosen (20261126160500_delivery_choices.sql): a pickup at the
-- shop stores no address, a relay order its point (required there, refused elsewhere), an order
-- whose total is not the one the shopper saw is refused (CM007) and leaves nothing behind, and an
-- order holds at most 100 units, said before the unpaid orders' caps.
begin;
create extension if not exists pgtap with schema extensions;
select plan(27);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_anon_capped 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}''; set local request.headers to ''{"cf-connecting-ip": "203.0.113.95"}'';'
\set as_new_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "95959595-9595-4595-8595-959595959595", "role": "authenticated", "is_anonymous": true, "app_metadata": {"provider": "anonymous"}}''; set local request.headers to ''{"cf-connecting-ip": "203.0.113.96"}'';'

insert into public.categories (slug, name, position) values ('test-liv', 'Catégorie de test', 100);
insert into public.products (slug, name, price, category_id, stock, is_published)
select 'test-liv-' || g, 'Article ' || g, 10.00, c.id, 50, true
from public.categories c, generate_series(1, 6) as g
where c.slug = 'test-liv';
insert into auth.users (id, aud, role, raw_app_meta_data, is_anonymous)
values ('95959595-9595-4595-8595-959595959595', 'authenticated', 'authenticated', '{"provider": "anonymous"}', true);

create temporary table fixture as select slug, id from public.products where slug like 'test-liv-%';
grant select on fixture to anon, authenticated;

-- `count` products (test-liv-1…) of `quantity` units each, as place_order's lines.
create function pg_temp.lines(count int, quantity int) returns jsonb
  language sql
as $$
  select jsonb_agg(jsonb_build_object('productId', f.id, 'quantity', quantity) order by f.slug)
  from fixture f where f.slug in (select 'test-liv-' || g from generate_series(1, count) as g)
$$;

-- place_order with every argument named, as PostgREST calls it; `changes` replaces some.
create function pg_temp.place(lines jsonb, changes jsonb default '{}') returns jsonb
  language plpgsql
as $$
declare
  a jsonb := jsonb_build_object(
    'email', 'camille@exemple.fr', 'recipient_name', 'Camille Martin', 'address_line', '12 rue des Lilas',
    'postal_code', '75011', 'city', 'Paris', 'country', 'France', 'delivery_method', 'domicile',
    'payment_method', 'a-la-livraison') || changes;
  placed jsonb;
begin
  execute 'select public.place_order(lines => $1, email => $2, phone => null, recipient_name => $3, address_line => $4,
             postal_code => $5, city => $6, country => $7, delivery_method => $8, payment_method => $9,
             relay_point => $10, expected_total_cents => $11)'
    into placed
    using lines, a ->> 'email', a ->> 'recipient_name', a ->> 'address_line', a ->> 'postal_code', a ->> 'city',
          a ->> 'country', a ->> 'delivery_method', a ->> 'payment_method',
          case when jsonb_typeof(a -> 'relay_point') in ('object', 'string', 'array') then a -> 'relay_point' end,
          (a ->> 'expected_total_cents')::bigint;
  return placed;
end;
$$;

create function pg_temp.error_of(statement text) returns text
  language plpgsql
as $$
begin
  execute statement;
  return 'no error';
exception when others then
  return sqlstate || ' ' || sqlerrm;
end;
$$;
-- As the owner (visitors read no order).
create function pg_temp.state() returns text
  language sql
  security definer
as $$
  select (select count(*) from public.orders) || ' orders, stock ' || (select string_agg(p.stock::text, ',' order by p.slug) from public.products p where p.slug like 'test-liv-%')
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;

\set no_address '"address_line": null, "postal_code": null, "city": null, "country": null'
\set point '{"id": "DEMO-75011-01", "name": "Tabac de la Roquette", "street": "48 rue de la Roquette", "postalCode": "75011", "city": "Paris"}'

-- ── Retrait en boutique: no address ────────────────────────────────────────────────────────
:as_anon
select pg_temp.place(pg_temp.lines(1, 1), ('{"delivery_method": "retrait-boutique", ' || :'no_address' || '}')::jsonb) as pickup \gset
select is((:'pickup'::jsonb) -> 'addressLine', 'null'::jsonb, 'a pickup is placed without an address, and answered without one');
select is((:'pickup'::jsonb) ->> 'recipientName', 'Camille Martin', 'it keeps the name of who collects it');
reset role;
select is((select row(address_line, postal_code, city, country)::text from public.orders where number = :'pickup'::jsonb ->> 'number'),
  '(,,,)', 'the stored pickup has no address line, postal code, city nor country');
:as_anon
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(1, 1), '{"delivery_method": "retrait-boutique"}')$$),
  'CM003 Un retrait en boutique ne demande pas d’adresse de livraison.', 'a pickup sent with an address is refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(1, 1), '{"delivery_method": "domicile", $$ || :'no_address' || $$}'::jsonb)$$),
  'CM003 Indiquez l’adresse de livraison (200 caractères au plus).', 'home delivery without an address is refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(1, 1), '{"delivery_method": "point-relais", "relay_point": $$ || :'point' || $$, $$ || :'no_address' || $$}'::jsonb)$$),
  'CM003 Indiquez l’adresse de livraison (200 caractères au plus).', 'a relay order without the shopper''s address is refused');
reset role;
select throws_ok($$insert into public.orders (number, email, recipient_name, delivery_method, payment_method, subtotal, delivery_fee, total)
                  values ('CMD-2026-999901', 'a@b.fr', 'A', 'domicile', 'a-la-livraison', 10, 0, 10)$$,
  '23514', null, 'the table itself refuses a home delivery without an address');

-- ── Point relais: its point, required there, refused elsewhere ─────────────────────────────
:as_anon
select pg_temp.place(pg_temp.lines(1, 1), ('{"delivery_method": "point-relais", "relay_point": ' || :'point' || '}')::jsonb) as relay \gset
select is((:'relay'::jsonb) -> 'relayPoint', :'point'::jsonb, 'a relay order is answered with the point chosen');
reset role;
select is((select relay_point from public.orders where number = :'relay'::jsonb ->> 'number'), :'point'::jsonb,
  'and stores it: id, name, street, postal code, city');
:as_anon
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(1, 1), '{"delivery_method": "point-relais"}')$$),
  'CM003 Choisissez un point relais.', 'a relay order without a point is refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(1, 1), '{"delivery_method": "point-relais", "relay_point": "DEMO-75011-01"}')$$),
  'CM003 Choisissez un point relais.', 'a point that is not an object is refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(1, 1), '{"delivery_method": "point-relais", "relay_point": {"id": "X", "name": "N", "street": "S", "postalCode": "7501", "city": "C"}}')$$),
  'CM003 Le point relais choisi est invalide. Choisissez-en un dans la liste.', 'a point with a malformed postal code is refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(1, 1), '{"delivery_method": "point-relais", "relay_point": {"id": " ", "name": "N", "street": "S", "postalCode": "75011", "city": "C"}}')$$),
  'CM003 Le point relais choisi est invalide. Choisissez-en un dans la liste.', 'a point with a blank id is refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(1, 1), ('{"relay_point": ' || $$ || quote_literal(:'point') || $$ || '}')::jsonb)$$),
  'CM003 Seule la livraison en point relais a un point relais.', 'a home delivery sent with a relay point is refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(1, 1), ('{"delivery_method": "retrait-boutique", "address_line": null, "postal_code": null, "city": null, "country": null, "relay_point": ' || $$ || quote_literal(:'point') || $$ || '}')::jsonb)$$),
  'CM003 Seule la livraison en point relais a un point relais.', 'a pickup sent with a relay point is refused');
reset role;
select throws_ok(format($$insert into public.orders (number, email, recipient_name, delivery_method, payment_method, subtotal, delivery_fee, total, relay_point)
                         values ('CMD-2026-999902', 'a@b.fr', 'A', 'retrait-boutique', 'a-la-livraison', 10, 0, 10, %L)$$, :'point'),
  '23514', null, 'the table itself refuses a relay point on a pickup');

-- ── The total the shopper saw ──────────────────────────────────────────────────────────────
:as_anon
select pg_temp.state() as before \gset
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(2, 1), '{"expected_total_cents": 2489}')$$),
  'CM007 Le prix d’un article a changé depuis votre récapitulatif' || U&'\00A0' || ': vérifiez le nouveau total avant de commander.',
  'an order whose total (24,90 €) is not the one the shopper saw (24,89 €) is refused');
select is(pg_temp.state(), :'before', 'and leaves no order and the stock as it was');
select is((pg_temp.place(pg_temp.lines(2, 1), '{"expected_total_cents": 2490}')) ->> 'total', '24.90',
  'the same order with the total it comes to (20,00 € and 4,90 € of delivery) is placed');
select is((pg_temp.place(pg_temp.lines(6, 1), '{"expected_total_cents": 6000}')) ->> 'total', '60.00',
  'the expected total counts the free delivery from 60 €');
reset role;
update public.products set price = 11.00 where slug = 'test-liv-1';
:as_anon
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(1, 1), '{"expected_total_cents": 1490}')$$),
  'CM007 Le prix d’un article a changé depuis votre récapitulatif' || U&'\00A0' || ': vérifiez le nouveau total avant de commander.',
  'a price changed by the owner since the review refuses the total seen before (14,90 €, now 15,90 €)');
reset role;
update public.products set price = 10.00 where slug = 'test-liv-1';

-- ── At most 100 units in an order ──────────────────────────────────────────────────────────
:as_new_user
select pg_temp.state() as before_units \gset
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(6, 20))$$),
  'CM003 Une commande compte au plus 100 articles. Pour une commande plus importante, contactez-nous.',
  'a shopper''s first order of 120 units (6 products × 20) is refused with the units message, not the unpaid orders''');
select is(pg_temp.state(), :'before_units', 'nothing was written');
select is((pg_temp.place(pg_temp.lines(5, 20))) ->> 'subtotal', '1000.00', 'an order of exactly 100 units is placed');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(6, 20))$$),
  'CM003 Une commande compte au plus 100 articles. Pour une commande plus importante, contactez-nous.',
  'with 100 units unpaid, an order of 120 still gets the units message first');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(1, 1))$$),
  'CM003 Vous avez déjà des commandes en attente de paiement. Réglez-les ou contactez-nous avant d’en passer une nouvelle.',
  'and one more unit meets the unpaid orders'' cap, as before');
:as_anon_capped
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines(6, 17))$$),
  'CM003 Une commande compte au plus 100 articles. Pour une commande plus importante, contactez-nous.',
  'an owner-less first order of 102 units gets the units message');

select * from finish();
rollback;

-- Orders (20261123213000_orders.sql): place_order charges the database's prices whatever the
-- client sends, refuses a missing, unpublished or short product and then writes nothing, and
-- takes delivery fees from order_delivery_options; a visitor reads their own order with its
-- secret and nothing else; only an admin changes a status, only along the allowed transitions;
-- and the permission matrix of orders, order_lines and their functions, cell by cell (anon,
-- a non-admin user whose user_metadata claims admin, an admin by app_metadata, service_role).
-- Two orders of the last unit at once, from two connections: tests/unit/db/place-order-concurrency.test.ts.
begin;
create extension if not exists pgtap with schema extensions;
select plan(108);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_service 'reset role; set local role service_role; set local request.jwt.claims to ''{"role": "service_role"}'';'

-- Fixtures, as the owner: products of known prices and stock, one unpublished, one sold out.
insert into public.categories (slug, name, position) values ('test-cmd', 'Catégorie de test', 100);
insert into public.products (slug, name, price, category_id, stock, is_published)
select p.slug, p.name, p.price, c.id, p.stock, p.published
from public.categories c,
     (values ('test-bol', 'Bol', 12.50, 10, true),
             ('test-vase', 'Vase', 30.00, 1, true),
             ('test-plat', 'Plat', 20.00, 10, true),
             ('test-pichet', 'Pichet', 5.00, 10, false),
             ('test-assiette', 'Assiette', 8.00, 0, true)) as p (slug, name, price, stock, published)
where c.slug = 'test-cmd';

-- Product ids by slug, for every role (anon cannot see an unpublished product's id).
create temporary table fixture as select slug, id from public.products where slug like 'test-%';
grant select on fixture to anon, authenticated, service_role;

-- 'test-bol:2,test-vase:1' as place_order's lines; `extra` is merged into each line; a slug not
-- in the fixtures is the id 999999999, which no product has.
create function pg_temp.lines(items text, extra jsonb default '{}') returns jsonb
  language sql
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'productId', coalesce((select f.id from fixture f where f.slug = split_part(i.item, ':', 1)), 999999999),
           'quantity', split_part(i.item, ':', 2)::numeric) || extra order by i.n), '[]')
  from unnest(string_to_array(items, ',')) with ordinality as i (item, n)
$$;

-- place_order with every argument named, as PostgREST calls it; `changes` replaces some of a
-- valid order's arguments.
create function pg_temp.place(lines jsonb, changes jsonb default '{}') returns jsonb
  language plpgsql
as $$
declare
  a jsonb := jsonb_build_object(
    'email', 'camille@exemple.fr', 'phone', null, 'recipient_name', 'Camille Martin', 'address_line', '12 rue des Lilas',
    'postal_code', '75011', 'city', 'Paris', 'country', 'France', 'delivery_method', 'domicile',
    'payment_method', 'a-la-livraison') || changes;
  placed jsonb;
begin
  -- A relay order has its point, a pickup no address, unless `changes` says otherwise.
  if a ->> 'delivery_method' = 'point-relais' and not changes ? 'relay_point' then
    a := a || '{"relay_point": {"id": "DEMO-75011-01", "name": "Tabac de la Roquette", "street": "48 rue de la Roquette", "postalCode": "75011", "city": "Paris"}}';
  end if;
  if a ->> 'delivery_method' = 'retrait-boutique' and not changes ? 'address_line' then
    a := a || '{"address_line": null, "postal_code": null, "city": null, "country": null}';
  end if;
  execute 'select public.place_order(lines => $1, email => $2, phone => $3, recipient_name => $4, address_line => $5,
             postal_code => $6, city => $7, country => $8, delivery_method => $9, payment_method => $10,
             relay_point => $11, expected_total_cents => $12)'
    into placed
    using lines, a ->> 'email', a ->> 'phone', a ->> 'recipient_name', a ->> 'address_line', a ->> 'postal_code',
          a ->> 'city', a ->> 'country', a ->> 'delivery_method', a ->> 'payment_method',
          case when jsonb_typeof(a -> 'relay_point') = 'null' then null else a -> 'relay_point' end,
          (a ->> 'expected_total_cents')::bigint;
  return placed;
end;
$$;

-- The error a statement raises: 'SQLSTATE message', or its details as JSON.
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
create function pg_temp.error_detail(statement text) returns jsonb
  language plpgsql
as $$
declare
  detail text;
begin
  execute statement;
  return null;
exception when others then
  get stacked diagnostics detail = pg_exception_detail;
  return detail::jsonb;
end;
$$;

-- Read as the owner (past row-level security): a product's stock, an order's status.
create function pg_temp.stocks() returns text
  language sql
as $$
  select string_agg(p.slug || '=' || p.stock, ' ' order by p.slug) from public.products p where p.slug like 'test-%'
$$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

-- ── place_order's arguments and the delivery options ───────────────────────────────────────
select is(
  (select proargnames from pg_catalog.pg_proc where oid = 'public.place_order'::regproc),
  array['lines', 'email', 'phone', 'recipient_name', 'address_line', 'postal_code', 'city', 'country',
        'delivery_method', 'payment_method', 'payment_last4', 'payment_reference', 'relay_point', 'expected_total_cents'],
  'place_order takes lines, contact, address, delivery (a relay point), payment (a card''s last 4 digits and reference) and the total the shopper saw: no price, no fee');
select results_eq(
  $$select method || ' ' || fee || ' ' || coalesce(free_from::text, '-') from public.order_delivery_options()$$,
  array['domicile 4.90 60.00', 'point-relais 3.90 60.00', 'retrait-boutique 0.00 -'],
  'delivery: domicile 4,90 €, relais 3,90 €, free from 60 € of subtotal; boutique free (the domain mirrors these)');

-- ── A visitor orders, with forged prices in the lines ──────────────────────────────────────
:as_anon
select pg_temp.place(pg_temp.lines('test-bol:2', '{"price": 0.01, "unitPrice": 0.01, "total": 0.02}'),
                     '{"email": " Camille@Exemple.FR ", "phone": "06 12 34 56 78"}') as first_order \gset
select matches(:'first_order'::jsonb ->> 'number', '^CMD-[0-9]{4}-[0-9]{6}$', 'the order has a number CMD-AAAA-NNNNNN');
select is(
  (:'first_order'::jsonb ->> 'number'),
  'CMD-' || to_char(now() at time zone 'Europe/Paris', 'YYYY') || '-' || split_part(:'first_order'::jsonb ->> 'number', '-', 3),
  'its year is the year of the order');
select is(
  :'first_order'::jsonb -> 'lines',
  jsonb_build_array(jsonb_build_object('productId', (select id from fixture where slug = 'test-bol'), 'name', 'Bol',
                                       'unitPrice', 12.50, 'quantity', 2, 'picture', null, 'vatRate', 2000)),
  'the line is charged the database''s price, 12,50 €, not the 0,01 € sent');
select is(
  (select jsonb_object_agg(k, :'first_order'::jsonb -> k) from unnest(array['subtotal', 'deliveryFee', 'total', 'status']) k),
  '{"subtotal": 25.00, "deliveryFee": 4.90, "total": 29.90, "status": "en-attente"}'::jsonb,
  'subtotal 25 €, delivery at home 4,90 € (under 60 €), total 29,90 €, « en attente »');
select is(
  (select jsonb_object_agg(k, :'first_order'::jsonb -> k) from unnest(array['email', 'phone', 'recipientName', 'postalCode']) k),
  '{"email": "camille@exemple.fr", "phone": "0612345678", "recipientName": "Camille Martin", "postalCode": "75011"}'::jsonb,
  'the contact is stored trimmed, the email in lower case, the phone without separators');
select matches(:'first_order'::jsonb ->> 'secret', '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
  'the order comes back with its secret, a random (v4) UUID');

reset role;
select results_eq(
  format($$select (l.unit_price = p.price)::text || ' ' || l.unit_price || ' ' || l.product_name || ' ' || l.quantity
           from public.order_lines l join public.orders o on o.id = l.order_id join public.products p on p.id = l.product_id
          where o.number = %L$$, :'first_order'::jsonb ->> 'number'),
  array['true 12.50 Bol 2'],
  'the stored line''s snapshot is products.price and products.name');
select results_eq(
  format($$select subtotal || ' ' || delivery_fee || ' ' || total || ' ' || status from public.orders where number = %L$$,
         :'first_order'::jsonb ->> 'number'),
  array['25.00 4.90 29.90 en-attente'], 'the stored order holds the database''s totals');
select is(pg_temp.stocks(), 'test-assiette=0 test-bol=8 test-pichet=10 test-plat=10 test-vase=1',
  'the stock of the bowl went down by 2, and no other');

-- ── Delivery fees and the threshold ────────────────────────────────────────────────────────
:as_anon
select is((select jsonb_build_array(o -> 'subtotal', o -> 'deliveryFee', o -> 'total')
           from pg_temp.place(pg_temp.lines('test-plat:3'), '{"delivery_method": "point-relais"}') o),
  '[60.00, 0.00, 60.00]'::jsonb, 'relais, 60 € exactly: delivery free');
select is((select jsonb_build_array(o -> 'subtotal', o -> 'deliveryFee', o -> 'total')
           from pg_temp.place(pg_temp.lines('test-plat:2'), '{"delivery_method": "point-relais"}') o),
  '[40.00, 3.90, 43.90]'::jsonb, 'relais under 60 €: 3,90 €');
select is((select jsonb_build_array(o -> 'subtotal', o -> 'deliveryFee', o -> 'total')
           from pg_temp.place(pg_temp.lines('test-plat:1'), '{"delivery_method": "retrait-boutique"}') o),
  '[20.00, 0.00, 20.00]'::jsonb, 'boutique: free');
select is((select jsonb_build_array(o -> 'subtotal', o -> 'deliveryFee', o -> 'total')
           from pg_temp.place(pg_temp.lines('test-plat:2,test-bol:2')) o),
  '[65.00, 0.00, 65.00]'::jsonb, 'at home, 65 €: delivery free');
select is((select jsonb_build_array(o -> 'subtotal', o -> 'deliveryFee', o -> 'total')
           from pg_temp.place(pg_temp.lines('test-bol:1,test-plat:1')) o),
  '[32.50, 4.90, 37.40]'::jsonb, 'at home, 32,50 €: 4,90 €');

-- ── Refusals, which change nothing ──────────────────────────────────────────────────────────
reset role;
select count(*) as orders_before from public.orders \gset
select pg_temp.stocks() as stocks_before \gset
:as_anon
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-vase:2'))$$),
  U&'CM002 Stock insuffisant pour \00AB\202FVase\202F\00BB\00A0: il en reste 1.',
  'an order beyond the stock is refused: CM002, naming the product and what is left');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:1,test-vase:2'))$$),
  U&'CM002 Stock insuffisant pour \00AB\202FVase\202F\00BB\00A0: il en reste 1.',
  'one short line refuses the whole order');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-assiette:1'))$$),
  U&'CM002 Le produit \00AB\202FAssiette\202F\00BB est \00E9puis\00E9.', 'a sold-out product: CM002, « épuisé »');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-pichet:1'))$$),
  format('CM001 Un produit de votre panier n’est plus disponible (référence %s).', (select id from fixture where slug = 'test-pichet')),
  'an unpublished product: CM001, by its reference as an unknown one (its name would tell a draft)');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-inconnu:1'))$$),
  'CM001 Un produit de votre panier n’est plus disponible (référence 999999999).', 'a product that does not exist: CM001');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-vase:5,test-bol:1,test-pichet:1'))$$),
  U&'CM002 Stock insuffisant pour \00AB\202FVase\202F\00BB\00A0: il en reste 1.',
  'the message names the first line of the cart that cannot be served');
select is(pg_temp.error_detail($$select pg_temp.place(pg_temp.lines('test-vase:5,test-bol:1,test-pichet:1'))$$),
  jsonb_build_array(
    jsonb_build_object('productId', (select id from fixture where slug = 'test-vase'), 'name', 'Vase', 'requested', 5,
                       'available', 1, 'reason', 'stock-insuffisant'),
    jsonb_build_object('productId', (select id from fixture where slug = 'test-pichet'), 'name', null, 'requested', 1,
                       'available', 0, 'reason', 'indisponible')),
  'the details list every line that cannot be served, in the cart''s order');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:3,test-bol:3'))$$),
  U&'CM002 Stock insuffisant pour \00AB\202FBol\202F\00BB\00A0: il en reste 5.',
  'two lines of one product are one line of their summed quantity');

select is(pg_temp.error_of($$select pg_temp.place('[]')$$), 'CM003 Votre panier est vide.', 'no line: refused');
select is(pg_temp.error_of($$select pg_temp.place('{"productId": 1, "quantity": 1}')$$), 'CM003 Votre panier est vide.',
  'lines that are not an array: refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:0'))$$),
  'CM003 Un article de la commande est invalide (produit ou quantité).', 'a quantity of 0: refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:1.5'))$$),
  'CM003 Un article de la commande est invalide (produit ou quantité).', 'a quantity of 1.5: refused');
select is(pg_temp.error_of($$select pg_temp.place('[{"productId": "1", "quantity": "2"}]')$$),
  'CM003 Un article de la commande est invalide (produit ou quantité).', 'numbers sent as text: refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:1'), '{"email": "camille"}')$$),
  'CM003 Adresse e-mail invalide.', 'an invalid email: refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:1'), '{"phone": "12 34"}')$$),
  'CM003 Numéro de téléphone invalide.', 'an invalid phone number: refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:1'), '{"recipient_name": "  "}')$$),
  'CM003 Indiquez le nom du destinataire (120 caractères au plus).', 'no name: refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:1'), '{"address_line": ""}')$$),
  'CM003 Indiquez l’adresse de livraison (200 caractères au plus).', 'no address: refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:1'), '{"postal_code": "7501"}')$$),
  'CM003 Code postal invalide (5 chiffres).', 'a postal code of 4 digits: refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:1'), '{"city": null}')$$),
  'CM003 Indiquez la ville (100 caractères au plus).', 'no city: refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:1'), '{"country": ""}')$$),
  'CM003 Indiquez le pays (60 caractères au plus).', 'no country: refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:1'), '{"delivery_method": "drone"}')$$),
  'CM003 Mode de livraison inconnu.', 'an unknown delivery method: refused');
select is(pg_temp.error_of($$select pg_temp.place(pg_temp.lines('test-bol:1'), '{"payment_method": "cheque"}')$$),
  'CM003 Moyen de paiement inconnu.', 'an unknown payment method: refused');
select is(pg_temp.error_detail($$select pg_temp.place(pg_temp.lines('test-bol:1'), '{"postal_code": "7501"}')$$),
  '{"field": "postalCode"}'::jsonb, 'an invalid argument names its field in the details');

reset role;
select is(pg_temp.stocks(), :'stocks_before', 'no refused order changed any stock');
select is((select count(*) from public.orders), :'orders_before'::bigint, 'no refused order was written');

-- ── Reading one's own order ────────────────────────────────────────────────────────────────
:as_anon
select pg_temp.place(pg_temp.lines('test-plat:1'), '{"email": "dominique@exemple.fr"}') as second_order \gset
select is(public.order_by_secret(:'first_order'::jsonb ->> 'number', (:'first_order'::jsonb ->> 'secret')::uuid),
  :'first_order'::jsonb - 'secret', 'a visitor reads their order with its number and secret: as placed, secret aside');
select is(public.order_by_secret(:'first_order'::jsonb ->> 'number', gen_random_uuid()), null,
  'a wrong secret: nothing');
select is(public.order_by_secret(:'first_order'::jsonb ->> 'number', (:'second_order'::jsonb ->> 'secret')::uuid), null,
  'another visitor''s secret with this number: nothing');
select is(public.order_by_secret(:'second_order'::jsonb ->> 'number', (:'first_order'::jsonb ->> 'secret')::uuid), null,
  'this secret with another visitor''s number: nothing');
:as_user
select is(public.order_by_secret(:'second_order'::jsonb ->> 'number', (:'second_order'::jsonb ->> 'secret')::uuid) ->> 'email',
  'dominique@exemple.fr', 'a signed-in user reads an order with its secret too');

-- ── The permission matrix ──────────────────────────────────────────────────────────────────
reset role;
select id as second_id from public.orders where number = :'second_order'::jsonb ->> 'number' \gset

:as_anon
select throws_ok($$select 1 from public.orders$$, '42501', 'permission denied for table orders', 'anon selects orders: refused');
select throws_ok($$insert into public.orders (number) values ('CMD-2026-999999')$$, '42501', 'permission denied for table orders',
  'anon inserts an order: refused');
select throws_ok($$update public.orders set status = 'payee'$$, '42501', 'permission denied for table orders',
  'anon updates an order''s status: refused');
select throws_ok($$delete from public.orders$$, '42501', 'permission denied for table orders', 'anon deletes orders: refused');
select throws_ok($$select 1 from public.order_lines$$, '42501', 'permission denied for table order_lines',
  'anon selects order lines: refused');
select throws_ok($$insert into public.order_lines (order_id, position, product_name, unit_price, quantity) values (1, 9, 'X', 1, 1)$$,
  '42501', 'permission denied for table order_lines', 'anon inserts an order line: refused');
select throws_ok($$update public.order_lines set unit_price = 0.01$$, '42501', 'permission denied for table order_lines',
  'anon updates order lines: refused');
select throws_ok($$delete from public.order_lines$$, '42501', 'permission denied for table order_lines',
  'anon deletes order lines: refused');
select isnt(pg_temp.place(pg_temp.lines('test-bol:1')), null, 'anon executes place_order: allowed');
select isnt(public.order_by_secret(:'second_order'::jsonb ->> 'number', (:'second_order'::jsonb ->> 'secret')::uuid), null,
  'anon executes order_by_secret: allowed');
select results_eq($$select count(*)::int from public.order_delivery_options()$$, array[3], 'anon executes order_delivery_options: allowed');
select throws_ok($$select public.admin_set_order_status('CMD-2026-000001', 'annulee')$$, '42501',
  'permission denied for function admin_set_order_status', 'anon executes admin_set_order_status: refused');
select throws_ok($$select public.order_document(1)$$, '42501', 'permission denied for function order_document',
  'anon executes order_document: refused');

:as_user
select is_empty($$select 1 from public.orders$$, 'a user selects orders: filtered, none');
select throws_ok($$insert into public.orders (number) values ('CMD-2026-999999')$$, '42501', 'permission denied for table orders',
  'a user inserts an order: refused');
select is_empty($$update public.orders set status = 'annulee' returning number$$, 'a user updates an order''s status: filtered, none');
select throws_ok($$update public.orders set total = 0.01$$, '42501', 'permission denied for table orders',
  'a user updates an order''s total: refused');
select throws_ok($$delete from public.orders$$, '42501', 'permission denied for table orders', 'a user deletes orders: refused');
select is_empty($$select 1 from public.order_lines$$, 'a user selects order lines: filtered, none');
select throws_ok($$insert into public.order_lines (order_id, position, product_name, unit_price, quantity) values (1, 9, 'X', 1, 1)$$,
  '42501', 'permission denied for table order_lines', 'a user inserts an order line: refused');
select throws_ok($$update public.order_lines set unit_price = 0.01$$, '42501', 'permission denied for table order_lines',
  'a user updates order lines: refused');
select throws_ok($$delete from public.order_lines$$, '42501', 'permission denied for table order_lines',
  'a user deletes order lines: refused');
select isnt(pg_temp.place(pg_temp.lines('test-bol:1')), null, 'a user executes place_order: allowed');
select results_eq($$select count(*)::int from public.order_delivery_options()$$, array[3], 'a user executes order_delivery_options: allowed');
select throws_ok(format('select public.admin_set_order_status(%L, %L)', :'second_order'::jsonb ->> 'number', 'annulee'),
  '42501', 'only an admin changes an order''s status', 'a user executes admin_set_order_status: refused');
select is(public.order_document(:second_id), null,
  'a user executes order_document: filtered, nothing');

reset role;
select is(
  (select status from public.orders where number = :'second_order'::jsonb ->> 'number'), 'en-attente',
  'a non-admin changed no status');
select count(*) as all_orders from public.orders \gset
select count(*) as all_lines from public.order_lines \gset

:as_admin
select is((select count(*) from public.orders), :'all_orders'::bigint, 'an admin selects orders: all of them');
select is((select count(*) from public.order_lines), :'all_lines'::bigint, 'an admin selects order lines: all of them');
select throws_ok($$insert into public.orders (number) values ('CMD-2026-999999')$$, '42501', 'permission denied for table orders',
  'an admin inserts an order: refused (orders come from place_order)');
select results_eq(format($$update public.orders set status = 'expediee' where number = %L returning status$$, :'first_order'::jsonb ->> 'number'),
  array['expediee'], 'an admin updates an order''s status along its path (paid on delivery: shipped unpaid): allowed');
select throws_ok($$update public.orders set total = 0.01$$, '42501', 'permission denied for table orders',
  'an admin updates an order''s total: refused');
select throws_ok($$delete from public.orders$$, '42501', 'permission denied for table orders', 'an admin deletes orders: refused');
select throws_ok($$insert into public.order_lines (order_id, position, product_name, unit_price, quantity) values (1, 9, 'X', 1, 1)$$,
  '42501', 'permission denied for table order_lines', 'an admin inserts an order line: refused');
select throws_ok($$update public.order_lines set unit_price = 0.01$$, '42501', 'permission denied for table order_lines',
  'an admin updates order lines: refused');
select throws_ok($$delete from public.order_lines$$, '42501', 'permission denied for table order_lines',
  'an admin deletes order lines: refused');
select isnt(pg_temp.place(pg_temp.lines('test-bol:1')), null, 'an admin executes place_order: allowed');
select is(public.admin_set_order_status('CMD-1999-000001', 'payee'), null,
  'an admin executes admin_set_order_status for a number no order has: null');

:as_service
select cmp_ok((select count(*) from public.orders), '>', 0::bigint, 'service_role selects orders: allowed');
select cmp_ok((select count(*) from public.order_lines), '>', 0::bigint, 'service_role selects order lines: allowed');
select throws_ok($$insert into public.orders (number) values ('CMD-2026-999999')$$, '42501', 'permission denied for table orders',
  'service_role inserts an order: refused');
select throws_ok($$update public.orders set status = 'annulee'$$, '42501', 'permission denied for table orders',
  'service_role updates an order''s status: refused');
select throws_ok($$delete from public.orders$$, '42501', 'permission denied for table orders', 'service_role deletes orders: refused');
select throws_ok($$insert into public.order_lines (order_id, position, product_name, unit_price, quantity) values (1, 9, 'X', 1, 1)$$,
  '42501', 'permission denied for table order_lines', 'service_role inserts an order line: refused');
select throws_ok($$update public.order_lines set unit_price = 0.01$$, '42501', 'permission denied for table order_lines',
  'service_role updates order lines: refused');
select throws_ok($$delete from public.order_lines$$, '42501', 'permission denied for table order_lines',
  'service_role deletes order lines: refused');
select throws_ok($$select pg_temp.place(pg_temp.lines('test-bol:1'))$$, '42501', 'permission denied for function place_order',
  'service_role executes place_order: refused');
select throws_ok(format('select public.order_by_secret(%L, %L)', :'second_order'::jsonb ->> 'number', :'second_order'::jsonb ->> 'secret'),
  '42501', 'permission denied for function order_by_secret', 'service_role executes order_by_secret: refused');
select throws_ok(format('select public.admin_set_order_status(%L, %L)', :'second_order'::jsonb ->> 'number', 'annulee'),
  '42501', 'permission denied for function admin_set_order_status', 'service_role executes admin_set_order_status: refused');
select throws_ok($$select public.order_document(1)$$, '42501', 'permission denied for function order_document',
  'service_role executes order_document: refused');

-- ── Status transitions ─────────────────────────────────────────────────────────────────────
:as_admin
select is(public.admin_set_order_status(:'first_order'::jsonb ->> 'number', 'livree') - 'deliveredAt',
  jsonb_set(:'first_order'::jsonb - 'secret' - 'deliveredAt', '{status}', '"livree"'),
  'an admin marks a shipped order paid on delivery « livrée » through admin_set_order_status: the order comes back');
select ok((select delivered_at from public.orders where number = :'first_order'::jsonb ->> 'number') = now(),
  'its delivery date is the moment of the change');
select is(public.order_document((select id from public.orders where number = :'first_order'::jsonb ->> 'number')) ->> 'status',
  'livree', 'an admin executes order_document: any order');
select throws_ok(format($$update public.orders set status = 'annulee' where number = %L$$, :'first_order'::jsonb ->> 'number'),
  'CM004', U&'Une commande \00AB\202Flivr\00E9e\202F\00BB ne change plus de statut.',
  'a delivered order cannot be cancelled: CM004');
select throws_ok(format($$select public.admin_set_order_status(%L, 'payee')$$, :'second_order'::jsonb ->> 'number'),
  'CM004', U&'Une commande \00AB\202Fen attente\202F\00BB ne peut pas passer \00E0 \00AB\202Fpay\00E9e\202F\00BB.',
  'an order paid on delivery is not marked paid before it is delivered: CM004 (through admin_set_order_status)');
select results_eq(format($$update public.orders set status = 'annulee' where number = %L returning status$$, :'second_order'::jsonb ->> 'number'),
  array['annulee'], 'an admin cancels an order waiting for payment');
select throws_ok(format($$update public.orders set status = 'payee' where number = %L$$, :'second_order'::jsonb ->> 'number'),
  'CM004', U&'Une commande \00AB\202Fannul\00E9e\202F\00BB ne change plus de statut.',
  'a cancelled order stays cancelled: CM004');

-- Every pair of statuses of an order paid on delivery, as the owner (the trigger applies to
-- whoever writes): exactly its path's three steps pass (every path: 90_order_paths.sql). Each order is put in its starting status past the trigger first.
reset role;
create function pg_temp.transition(from_status text, to_status text) returns boolean
  language plpgsql
as $$
declare
  target text := current_setting('test.order_number');
begin
  set local session_replication_role = replica;
  update public.orders set status = from_status where number = target;
  set local session_replication_role = origin;
  update public.orders set status = to_status where number = target;
  return true;
exception when sqlstate 'CM004' then
  return false;
end;
$$;
select :'second_order'::jsonb ->> 'number' as second_number \gset
set local test.order_number = :'second_number';
select results_eq($$
  select f || ' → ' || t
  from unnest(array['en-attente-paiement', 'en-attente', 'payee', 'prete', 'expediee', 'livree', 'retiree', 'annulee']) with ordinality as a (f, i),
       unnest(array['en-attente-paiement', 'en-attente', 'payee', 'prete', 'expediee', 'livree', 'retiree', 'annulee']) with ordinality as b (t, j)
  where f <> t and pg_temp.transition(f, t)
  order by i, j
$$, array['en-attente → expediee', 'en-attente → annulee', 'expediee → livree'],
  'of the 56 changes of status of an order paid on delivery, exactly its three steps pass');
select throws_ok(format($$update public.orders set total = 1 where number = %L$$, :'second_order'::jsonb ->> 'number'),
  'CM005', 'Seul le statut d’une commande peut changer.', 'nothing but the status changes, even for the owner');
select throws_ok(format($$update public.orders set status = 'perdue' where number = %L$$, :'second_order'::jsonb ->> 'number'),
  'CM004', null, 'an unknown status is refused');

-- ── A product deleted after it was ordered ─────────────────────────────────────────────────
:as_admin
select is(public.admin_delete_product((select id from fixture where slug = 'test-plat')), true,
  'an admin deletes a product that was ordered: allowed');
:as_anon
select is(public.order_by_secret(:'second_order'::jsonb ->> 'number', (:'second_order'::jsonb ->> 'secret')::uuid) -> 'lines',
  '[{"productId": null, "name": "Plat", "unitPrice": 20.00, "quantity": 1, "picture": null, "vatRate": 2000}]'::jsonb,
  'the order keeps the line as it was, its product now gone');

select * from finish();
rollback;

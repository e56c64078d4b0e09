-- Where the shop delivers (20261128130000_delivery_zones.sql, issue 42 item 5): metropolitan
-- France, Corsica and Monaco. place_order refuses an overseas address or relay point with the
-- reason (CM003, the field named) and writes nothing; 20000 Ajaccio and 98000 Monaco are placed;
-- a pickup at the shop asks no postal code at all.
begin;
create extension if not exists pgtap with schema extensions;
select plan(10);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'

insert into public.categories (slug, name, position) values ('test-zone', 'Catégorie de test', 100);
insert into public.products (slug, name, price, category_id, stock, is_published)
select 'test-zone-1', 'Article zone', 10.00, c.id, 50, true from public.categories c where c.slug = 'test-zone';
create temporary table fixture as select id from public.products where slug = 'test-zone-1';
grant select on fixture to anon;

-- place_order as PostgREST calls it, one unit of the test product; `changes` replaces some arguments.
create function pg_temp.place(changes jsonb default '{}') returns jsonb
  language plpgsql
as $$
declare
  a jsonb := jsonb_build_object(
    'address_line', '12 rue des Lilas', 'postal_code', '75011', 'city', 'Paris', 'country', 'France',
    'delivery_method', 'domicile') || changes;
  placed jsonb;
begin
  execute 'select public.place_order(lines => $1, email => ''camille@exemple.fr'', phone => null, recipient_name => ''Camille Martin'',
             address_line => $2, postal_code => $3, city => $4, country => $5, delivery_method => $6,
             payment_method => ''a-la-livraison'', relay_point => $7)'
    into placed
    using (select jsonb_build_array(jsonb_build_object('productId', f.id, 'quantity', 1)) from fixture f),
          a ->> 'address_line', a ->> 'postal_code', a ->> 'city', a ->> 'country', a ->> 'delivery_method',
          case when jsonb_typeof(a -> 'relay_point') = 'object' then a -> 'relay_point' end;
  return placed;
end;
$$;
-- The refusal's code, its field and its message.
create function pg_temp.refusal(changes jsonb) returns text
  language plpgsql
as $$
declare
  field text;
begin
  perform pg_temp.place(changes);
  return 'no error';
exception when others then
  get stacked diagnostics field = pg_exception_detail;
  return sqlstate || ' ' || (field::jsonb ->> 'field') || ' ' || sqlerrm;
end;
$$;
-- As the owner (visitors read no order).
create function pg_temp.orders() returns bigint
  language sql
  security definer
as $$ select count(*) from public.orders $$;
grant execute on all functions in schema pg_temp to anon;


:as_anon
select pg_temp.orders() as before \gset
select is(pg_temp.refusal('{"postal_code": "97400", "city": "Saint-Denis"}'),
  'CM003 postalCode Nous livrons la France métropolitaine, la Corse et Monaco, mais pas l’outre-mer' || U&'\00A0'
  || ': un colis y est taxé à l’importation (octroi de mer, TVA locale), ce que nos prix TVA française comprise ne prévoient pas. Le retrait en boutique reste possible.',
  '97400 (La Réunion) is refused, CM003 on the postal code, with the reason');
select is(pg_temp.orders(), :before::bigint, 'the refused order wrote nothing');
select is(left(pg_temp.refusal('{"postal_code": "97110", "city": "Pointe-à-Pitre"}'), 33), 'CM003 postalCode Nous livrons la ',
  '97110 (Guadeloupe) is refused with the same reason');
select is(left(pg_temp.refusal('{"postal_code": "98800", "city": "Nouméa"}'), 33), 'CM003 postalCode Nous livrons la ',
  '98800 (Nouvelle-Calédonie) is refused with the same reason');
select is(pg_temp.refusal('{"postal_code": "00000", "city": "Nulle part"}'),
  'CM003 postalCode Ce code postal n’existe pas en France. Vérifiez-le, par exemple 75011.',
  '00000 is no French code');
select is(left(pg_temp.refusal('{"delivery_method": "point-relais", "relay_point": {"id": "R-974", "name": "Relais", "street": "15 rue de Paris", "postalCode": "97400", "city": "Saint-Denis"}}'), 33),
  'CM003 relayPoint Nous livrons la ',
  'a relay point in La Réunion is refused, the relay point named, whatever the shopper''s own address');

select is(pg_temp.place('{"postal_code": "20000", "city": "Ajaccio"}') ->> 'postalCode', '20000', '20000 Ajaccio (Corsica) is placed');
select is(pg_temp.place('{"postal_code": "98000", "city": "Monaco", "country": "Monaco"}') ->> 'postalCode', '98000', '98000 Monaco is placed');
select is(pg_temp.place('{"delivery_method": "point-relais", "relay_point": {"id": "DEMO-98000-01", "name": "Presse du Port Hercule", "street": "22 boulevard Albert-Ier", "postalCode": "98000", "city": "Monaco"}}') -> 'relayPoint' ->> 'postalCode',
  '98000', 'a relay point in Monaco is placed');
select is(pg_temp.place('{"delivery_method": "retrait-boutique", "address_line": null, "postal_code": null, "city": null, "country": null}') ->> 'postalCode',
  null, 'a pickup at the shop asks no postal code and is placed');

select * from finish();
rollback;

-- Cancelling an order puts its units back (20261123233000_order_cancel_restock.sql): from « en
-- attente » and from « prête à retirer », each line's quantity back on its product, a product ordered twice
-- counted once per unit, a deleted product's line left alone; any other change leaves the stock
-- as it is; and nobody calls the trigger's function directly.
begin;
create extension if not exists pgtap with schema extensions;
select plan(9);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'

insert into public.categories (slug, name, position) values ('test-annul', 'Catégorie de test', 100);
insert into public.products (slug, name, price, category_id, stock, is_published)
select p.slug, p.name, p.price, c.id, p.stock, true
from public.categories c,
     (values ('test-tasse', 'Tasse', 9.00, 10), ('test-theiere', 'Théière', 45.00, 3), ('test-cruche', 'Cruche', 22.00, 5))
       as p (slug, name, price, stock)
where c.slug = 'test-annul';
create temporary table fixture as select slug, id from public.products where slug like 'test-%';
grant select on fixture to anon, authenticated;

-- An order of 'test-tasse:2,test-theiere:1', placed as a visitor, paid on delivery (at home, or
-- at the shop for a pickup); answers its number.
create function pg_temp.order_of(items text, delivery text default 'domicile') returns text
  language sql
as $$
  select public.place_order(
    lines => (select jsonb_agg(jsonb_build_object('productId', f.id, 'quantity', split_part(i.item, ':', 2)::int) order by i.n)
                from unnest(string_to_array(items, ',')) with ordinality as i (item, n)
                join fixture f on f.slug = split_part(i.item, ':', 1)),
    email => 'camille@exemple.fr', phone => null, recipient_name => 'Camille Martin',
    address_line => case when delivery <> 'retrait-boutique' then '12 rue des Lilas' end,
    postal_code => case when delivery <> 'retrait-boutique' then '75011' end,
    city => case when delivery <> 'retrait-boutique' then 'Paris' end,
    country => case when delivery <> 'retrait-boutique' then 'France' end, delivery_method => delivery,
    payment_method => 'a-la-livraison') ->> 'number'
$$;
create function pg_temp.stocks() returns text
  language sql
  security invoker
as $$
  select string_agg(p.slug || '=' || p.stock, ' ' order by p.slug) from public.products p where p.slug like 'test-%'
$$;
grant execute on all functions in schema pg_temp to anon, authenticated;

:as_anon
select pg_temp.order_of('test-tasse:2,test-theiere:1') as waiting \gset
select pg_temp.order_of('test-cruche:2,test-cruche:1', 'retrait-boutique') as ready \gset
select pg_temp.order_of('test-tasse:1') as shipped \gset
select is(pg_temp.stocks(), 'test-cruche=2 test-tasse=7 test-theiere=2', 'three orders placed: 3 tasses, 1 théière, 3 cruches taken');

:as_admin
select is(public.admin_set_order_status(:'waiting', 'annulee') ->> 'status', 'annulee', 'an admin cancels an order « en attente »');
select is(pg_temp.stocks(), 'test-cruche=2 test-tasse=9 test-theiere=3', 'its 2 tasses and 1 théière are back in stock');

select is(public.admin_set_order_status(:'ready', 'prete') ->> 'status', 'prete', 'an admin makes a pickup order ready at the shop');
select is(pg_temp.stocks(), 'test-cruche=2 test-tasse=9 test-theiere=3', 'making it ready leaves the stock as it is');
select is(public.admin_set_order_status(:'ready', 'annulee') ->> 'status', 'annulee', 'an admin cancels a ready order never collected');
select is(pg_temp.stocks(), 'test-cruche=5 test-tasse=9 test-theiere=3', 'the same product ordered twice (one line of 3) gives its 3 units back');

select public.admin_set_order_status(:'shipped', 'expediee') \g /dev/null
select public.admin_set_order_status(:'shipped', 'livree') \g /dev/null
select is(pg_temp.stocks(), 'test-cruche=5 test-tasse=9 test-theiere=3', 'shipped, delivered and paid: the ordered unit stays sold');

reset role;
select is(
  (select array_agg(r order by r) from unnest(array['anon', 'authenticated', 'service_role']) r
    where has_function_privilege(r, 'public.orders_restock_on_cancel()', 'execute')),
  null,
  'no API role may execute orders_restock_on_cancel()');

select * from finish();
rollback;

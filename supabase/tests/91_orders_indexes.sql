-- The orders' queries on 20,000 orders (statistics analysed) are served by an index, the
-- planner's own choice: the back office's list (all, or of one status, newest first) and the
-- lines of the orders of a page, as an admin; a visitor's order by its number and secret. The
-- rows added here are rolled back.
begin;
create extension if not exists pgtap with schema extensions;
select plan(5);

create function pg_temp.plan_of(query text) returns text
  language plpgsql
as $$
declare
  line text;
  plan text := '';
begin
  for line in execute 'explain (costs off) ' || query loop
    plan := plan || line || E'\n';
  end loop;
  return plan;
end;
$$;

insert into public.orders (number, status, email, recipient_name, address_line, postal_code, city, country,
                           delivery_method, payment_method, subtotal, delivery_fee, total, created_at)
select 'CMD-2026-' || lpad(g::text, 6, '0'),
       (array['en-attente', 'payee', 'expediee', 'livree', 'annulee'])[g % 5 + 1],
       'client-' || g || '@exemple.fr', 'Client ' || g, g || ' rue des Lilas', '75011', 'Paris', 'France',
       'domicile', 'a-la-livraison', 25.00, 4.90, 29.90, now() - g * interval '1 hour'
from generate_series(1, 20000) g;
insert into public.order_lines (order_id, position, product_id, product_name, unit_price, quantity)
select o.id, n, null, 'Produit ' || n, 12.50, 1 from public.orders o, generate_series(0, 1) n;
analyze public.orders, public.order_lines;

set local role authenticated;
set local request.jwt.claims to '{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "app_metadata": {"role": "admin"}}';

select matches(
  pg_temp.plan_of($$select id, number, status, total from public.orders order by created_at desc, id desc limit 20$$),
  'orders_created_idx', 'the back office''s list, newest first: orders_created_idx');
select matches(
  pg_temp.plan_of($$select id, number, status, total from public.orders where status = 'payee'
                    order by created_at desc, id desc limit 20$$),
  'orders_status_created_idx', 'the list of one status, newest first: orders_status_created_idx');
select matches(
  pg_temp.plan_of($$select order_id, product_name, quantity from public.order_lines where order_id = any (array[1, 2, 3]::bigint[])$$),
  'order_lines_order_id_position_key', 'the lines of a page of orders: order_lines_order_id_position_key');
select matches(
  pg_temp.plan_of($$select id from public.orders where number = 'CMD-2026-000123'$$),
  'orders_number_key', 'an order by its number: orders_number_key');

reset role;
select matches(
  pg_temp.plan_of($$select id from public.orders where number = 'CMD-2026-000123' and secret = '00000000-0000-4000-8000-000000000000'$$),
  'orders_(number|secret)_key', 'order_by_secret''s lookup, as its owner runs it: a unique index');

select * from finish();
rollback;

-- Order mails along the order's paths (20261128150000_order_mails_on_payment.sql): a card order
-- is confirmed when the provider marks it « payée », not when placed; « prête » sends the
-- pickup's « expédiée » mail; an order paid on delivery or at the shop is confirmed when placed.
begin;
create extension if not exists pgtap with schema extensions;
select plan(6);

\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "cccccccc-cccc-4ccc-8ccc-cccccccccccc", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'

insert into auth.users (id, email, raw_app_meta_data) values ('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'admin@example.fr', '{"role": "admin"}');
insert into public.orders (number, status, email, recipient_name, address_line, postal_code, city, country, delivery_method, payment_method,
                           subtotal, delivery_fee, total, owner, secret)
values ('CMD-2026-970001', 'en-attente-paiement', 'camille@exemple.fr', 'Camille Martin', null, null, null, null, 'retrait-boutique',
        'carte', 20, 0, 20, null, '97979797-0001-4000-8000-000000000001'),
       ('CMD-2026-970002', 'en-attente', 'lea@exemple.fr', 'Léa Petit', null, null, null, null, 'retrait-boutique',
        'a-la-livraison', 20, 0, 20, null, '97979797-0002-4000-8000-000000000002');
insert into public.order_lines (order_id, position, product_id, product_name, unit_price, quantity)
select o.id, 0, null, 'Bol en grès', 10, 2 from public.orders o where o.number like 'CMD-2026-97000%';

-- The kinds queued for an order, in the order they were queued.
create function pg_temp.queued(number text) returns text[]
  language sql
as $$
  select coalesce(pg_catalog.array_agg(m.kind order by m.id), '{}')
  from public.order_mails m join public.orders o on o.id = m.order_id
  where o.number = queued.number
$$;
grant execute on all functions in schema pg_temp to authenticated;

select is(pg_temp.queued('CMD-2026-970001'), '{}'::text[], 'a card order placed « en attente de paiement » queues no mail yet');
select is(pg_temp.queued('CMD-2026-970002'), array['confirmation', 'nouvelle-commande'],
  'an order paid at the shop is confirmed when placed, and the owner told');

-- The provider confirms the payment (as record_payment_outcome does: the transaction's actor).
select set_config('shop.status_actor', 'provider', true) \g /dev/null
update public.orders set status = 'payee' where number = 'CMD-2026-970001';
select set_config('shop.status_actor', '', true) \g /dev/null
select is(pg_temp.queued('CMD-2026-970001'), array['confirmation', 'nouvelle-commande'],
  'once « payée », the card order is confirmed to the buyer and the owner told');

:as_admin
select public.admin_set_order_status('CMD-2026-970001', 'prete') \g /dev/null
reset role;
select is(pg_temp.queued('CMD-2026-970001'), array['confirmation', 'nouvelle-commande', 'expediee'],
  '« prête » sends the buyer the pickup''s mail (the « expédiée » kind, worded « prête »)');
:as_admin
select public.admin_set_order_status('CMD-2026-970001', 'retiree') \g /dev/null
select public.admin_set_order_status('CMD-2026-970002', 'prete') \g /dev/null
reset role;
select is(pg_temp.queued('CMD-2026-970001'), array['confirmation', 'nouvelle-commande', 'expediee'], '« retirée » sends nothing more');
select is(pg_temp.queued('CMD-2026-970002'), array['confirmation', 'nouvelle-commande', 'expediee'], 'an order paid at the shop, ready: the same mail');

select * from finish();
rollback;

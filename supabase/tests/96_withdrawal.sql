-- Withdrawing from an order (20261126180000_withdrawals.sql, 20261128113000_several_withdrawals.sql):
-- the change to « livrée » keeps its moment; the buyer (the order's owner, or the device with its
-- secret) withdraws from what remains of the lines until the end of the 14th day after delivery in
-- Paris (CM020 after), several times, until nothing remains (CM021); before the goods leave, the
-- lines withdrawn are cancelled (units back in stock, « close » or « a-rembourser », the order
-- cancelled when nothing remains); only an admin moves each withdrawal (CM022 outside received →
-- returned → refunded, to refund → refunded); and the permission cells: anon, another buyer, the
-- owner, the device, an admin, service_role.
begin;
create extension if not exists pgtap with schema extensions;
select plan(53);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_buyer 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "66666666-6666-4666-8666-666666666666", "role": "authenticated", "is_anonymous": true, "app_metadata": {"provider": "anonymous"}}'';'
\set as_other 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "77777777-7777-4777-8777-777777777777", "role": "authenticated", "is_anonymous": true, "app_metadata": {"provider": "anonymous"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_service 'reset role; set local role service_role; set local request.jwt.claims to ''{"role": "service_role"}'';'

insert into auth.users (id) values ('66666666-6666-4666-8666-666666666666'), ('77777777-7777-4777-8777-777777777777') on conflict do nothing;
insert into public.categories (slug, name, position) values ('test-96', 'Catégorie de test', 100);
insert into public.products (slug, name, price, category_id, stock, is_published)
select p.slug, p.name, p.price, c.id, 50, true
from public.categories c, (values ('test96-bol', 'Bol', 12.50), ('test96-vase', 'Vase', 30.00)) as p (slug, name, price)
where c.slug = 'test-96';
create temporary table fixture as select slug, id from public.products where slug like 'test96-%';
create temporary table placed (name text primary key, number text, secret uuid);
grant select on fixture to anon, authenticated, service_role;
grant select, insert on placed to anon, authenticated, service_role;

-- The buyer's order: 2 bowls then 1 vase, on delivery, kept under `name`.
create function pg_temp.place(name text) returns void
  language sql
as $$
  insert into placed
  select name, r ->> 'number', (r ->> 'secret')::uuid
  from (select public.place_order(
    lines => (select jsonb_agg(jsonb_build_object('productId', f.id, 'quantity', case f.slug when 'test96-bol' then 2 else 1 end) order by f.slug)
              from fixture f),
    email => 'camille@exemple.fr', phone => null, recipient_name => 'Camille Martin', address_line => '12 rue des Lilas',
    postal_code => '75011', city => 'Paris', country => 'France', delivery_method => 'domicile',
    payment_method => 'a-la-livraison') as r) as p
$$;
create function pg_temp.num(name text) returns text language sql as $$ select number from placed where placed.name = num.name $$;
create function pg_temp.secret(name text) returns uuid language sql as $$ select secret from placed where placed.name = secret.name $$;
-- The SQLSTATE and message of what a statement raises.
create function pg_temp.refusal(statement text) returns text
  language plpgsql
as $$
begin
  execute statement;
  return 'no error';
exception when others then
  return sqlstate || ' ' || sqlerrm;
end;
$$;
-- As the table's owner, past the triggers: an order delivered `days` ago.
create function pg_temp.delivered_days_ago(name text, days int) returns void
  language plpgsql
  security definer
as $$
begin
  set local session_replication_role = replica;
  update public.orders set status = 'livree', delivered_at = now() - pg_catalog.make_interval(days => days) where number = pg_temp.num(name);
  set local session_replication_role = origin;
end;
$$;
-- As the table's owner, past the triggers: a card order the provider confirmed (« payée »).
create function pg_temp.paid_by_card(name text) returns void
  language plpgsql
  security definer
as $$
begin
  set local session_replication_role = replica;
  update public.orders set status = 'payee', payment_method = 'carte', payment_last4 = '4242', payment_reference = 'pi_test96'
   where number = pg_temp.num(name);
  set local session_replication_role = origin;
end;
$$;
-- As the table's owner, past the triggers: an order back to « en attente », not shipped (it was
-- shipped only to let the buyer place more orders past the unpaid-orders cap).
create function pg_temp.not_shipped(name text) returns void
  language plpgsql
  security definer
as $$
begin
  set local session_replication_role = replica;
  update public.orders set status = 'en-attente' where number = pg_temp.num(name);
  set local session_replication_role = origin;
end;
$$;
create function pg_temp.stock(slug text) returns int language sql as $$ select stock from public.products where products.slug = stock.slug $$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

:as_buyer
select pg_temp.place('livree');
select pg_temp.place('payee');
select pg_temp.place('device');
-- Shipped (paid on delivery, not yet delivered): no longer « en attente », so the buyer may place
-- three more.
:as_admin
select public.admin_set_order_status(pg_temp.num('livree'), 'expediee') \g /dev/null
select public.admin_set_order_status(pg_temp.num('payee'), 'expediee') \g /dev/null
select public.admin_set_order_status(pg_temp.num('device'), 'expediee') \g /dev/null
:as_buyer
select pg_temp.place('annulee');
select pg_temp.place('ancienne');
select pg_temp.place('limite');
:as_admin
select public.admin_set_order_status(pg_temp.num('annulee'), 'annulee');
:as_buyer
select pg_temp.place('carte');
reset role;
select pg_temp.paid_by_card('carte');
select pg_temp.not_shipped('payee');
:as_admin

-- ── The delivery's moment ─────────────────────────────────────────────────────────────────────
select is((select delivered_at from public.orders where number = pg_temp.num('livree')), null, 'an order shipped has no delivery date yet');
select ok(((public.admin_set_order_status(pg_temp.num('livree'), 'livree')) ->> 'deliveredAt')::timestamptz = now(),
  'the change to « livrée » keeps its moment in the order document (deliveredAt)');
select throws_ok($$ update public.orders set delivered_at = now() - interval '30 days' where number = pg_temp.num('livree') $$, '42501', null,
  'even an admin may not write the delivery date (only the status column is granted)');
reset role;
select is((select delivered_at from public.orders where number = pg_temp.num('livree')), now(),
  'an UPDATE by the table''s owner that says another delivery date keeps the trigger''s');
update public.orders set delivered_at = now() - interval '30 days' where number = pg_temp.num('livree');
select is((select delivered_at from public.orders where number = pg_temp.num('livree')), now(),
  '... the trigger writes delivered_at, whatever the statement says');

-- ── Who may withdraw ──────────────────────────────────────────────────────────────────────────
:as_anon
select is(public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 0, "quantity": 1}]'), null,
  'anon, without the secret: nothing (as an unknown number)');
select is(public.withdraw_from_order(pg_temp.num('livree'), gen_random_uuid(), '[{"line": 0, "quantity": 1}]'), null,
  'anon, with another secret: nothing');
:as_other
select is(public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 0, "quantity": 1}]'), null,
  'another buyer (user_metadata says admin): nothing');
:as_admin
select is(public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 0, "quantity": 1}]'), null,
  'an admin does not withdraw for the buyer');
:as_service
select throws_ok($$ select public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 0, "quantity": 1}]') $$, '42501', null,
  'service_role may not execute withdraw_from_order');
reset role;
select is_empty($$ select 1 from public.order_withdrawals $$, 'none of them recorded a withdrawal');

-- ── Lines the order does not have ─────────────────────────────────────────────────────────────
:as_buyer
select is(pg_temp.refusal($$ select public.withdraw_from_order(pg_temp.num('livree'), null, '[]') $$),
  'CM003 Choisissez au moins un article dont vous vous rétractez.', 'no line: CM003');
select is(left(pg_temp.refusal($$ select public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 2, "quantity": 1}]') $$), 5), 'CM003',
  'a line the order does not have (it has two): CM003');
select is(left(pg_temp.refusal($$ select public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 0, "quantity": 3}]') $$), 5), 'CM003',
  'more bowls than the two ordered: CM003');
select is(left(pg_temp.refusal($$ select public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 0, "quantity": 1}, {"line": 0, "quantity": 1}]') $$), 5),
  'CM003', 'the same line twice: CM003');
select is(left(pg_temp.refusal($$ select public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 0, "quantity": 1.5}]') $$), 5), 'CM003',
  'a quantity that is not whole: CM003');
select is(left(pg_temp.refusal($$ select public.withdraw_from_order(pg_temp.num('livree'), null, '{"line": 0}') $$), 5), 'CM003',
  'lines that are not an array: CM003');

-- ── The owner withdraws from one line, then from what remains ────────────────────────────────
select is(public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 1, "quantity": 1}]') -> 'withdrawals' -> 0,
  jsonb_build_object('number', 1, 'status', 'recue', 'lines', '[{"line": 1, "quantity": 1}]'::jsonb, 'beforeShipping', false,
                     'receivedAt', now(), 'returnedAt', null, 'refundedAt', null),
  'the owner (its session) withdraws from the vase after delivery: withdrawal n° 1, received, the goods to come back');
select is(public.my_orders(pg_temp.num('livree')) -> 0 -> 'withdrawals' -> 0 ->> 'status', 'recue', '« Mes commandes » shows the withdrawal received');
select is(pg_temp.refusal($$ select public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 1, "quantity": 1}]') $$),
  U&'CM003 Un article choisi ne fait pas partie de cette commande, ou sa quantit\00E9 d\00E9passe celle dont vous pouvez encore vous r\00E9tracter.',
  'the vase again: nothing remains of it (CM003)');
select is(jsonb_path_query_array(public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 0, "quantity": 1}]'), '$.withdrawals[*].number'),
  '[1, 2]'::jsonb, 'one bowl of the two, later: withdrawal n° 2');
select is(public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 0, "quantity": 1}]') ->> 'status', 'livree',
  'the last bowl: withdrawal n° 3; the order stays delivered (its goods come back)');
select is(pg_temp.refusal($$ select public.withdraw_from_order(pg_temp.num('livree'), null, '[{"line": 0, "quantity": 1}]') $$),
  'CM021 Votre rétractation de tous les articles de cette commande a déjà été reçue.', 'nothing left to withdraw: CM021');
select is(pg_temp.refusal($$ select public.withdraw_from_order(pg_temp.num('annulee'), null, '[{"line": 0, "quantity": 1}]') $$),
  U&'CM021 Cette commande est annul\00E9e\00A0: il n\2019y a rien \00E0 r\00E9tracter.', 'a cancelled order: CM021');

-- ── Before the goods leave: the lines cancelled, the units back at once ─────────────────────
select is((public.withdraw_from_order(pg_temp.num('payee'), null, '[{"line": 0, "quantity": 2}]') -> 'withdrawals' -> 0) - 'receivedAt',
  jsonb_build_object('number', 1, 'status', 'close', 'lines', '[{"line": 0, "quantity": 2}]'::jsonb, 'beforeShipping', true, 'returnedAt', null, 'refundedAt', null),
  'an order not shipped, paid on delivery: the bowls withdrawn are cancelled, nothing to return nor refund (« close »)');
reset role;
-- 50, less 2 for each of the 7 orders, plus the cancelled order's 2, plus these 2.
select is(pg_temp.stock('test96-bol'), 50 - 2 * 7 + 2 + 2, '... their units are back in stock at once');
select is((select sum(quantity)::int from public.order_lines l join public.orders o on o.id = l.order_id where o.number = pg_temp.num('payee')), 3,
  '... and the order''s lines stay as placed');
:as_buyer
select is(public.withdraw_from_order(pg_temp.num('payee'), null, '[{"line": 1, "quantity": 1}]') ->> 'status', 'annulee',
  'the vase too: nothing remains, the order is cancelled (the buyer''s right, shop.status_actor = withdrawal)');
reset role;
select is(pg_temp.stock('test96-vase'), 50 - 7 + 1 + 1, '... the vase is back in stock');
select is(pg_temp.stock('test96-bol'), 50 - 2 * 7 + 2 + 2, '... and the bowls are not given back twice by the cancellation');
select is(current_setting('shop.status_actor', true), '', '... the setting is cleared once the order is cancelled');
:as_buyer
select is(public.withdraw_from_order(pg_temp.num('carte'), null, '[{"line": 1, "quantity": 1}]') -> 'withdrawals' -> 0 ->> 'status', 'a-rembourser',
  'a card order paid, not shipped: the vase withdrawn goes straight to « à rembourser »');

-- ── The device that holds the secret, without a session ──────────────────────────────────────
:as_anon
select is(public.withdraw_from_order(pg_temp.num('device'), pg_temp.secret('device'), '[{"line": 0, "quantity": 1}]') -> 'withdrawals' -> 0 -> 'lines',
  '[{"line": 0, "quantity": 1}]'::jsonb, 'the device with the order''s secret withdraws (anon)');

-- ── The period: to the end of the 14th day after the day of delivery, in Paris ───────────────
reset role;
select pg_temp.delivered_days_ago('ancienne', 15);
select pg_temp.delivered_days_ago('limite', 14);
:as_buyer
select is(pg_temp.refusal($$ select public.withdraw_from_order(pg_temp.num('ancienne'), null, '[{"line": 0, "quantity": 1}]') $$),
  'CM020 Le délai de rétractation de 14 jours a expiré le '
    || (select extract(day from d)::int || ' ' || (array['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'])[extract(month from d)::int]
               || ' ' || extract(year from d)::int
        from (select ((now() - interval '15 days') at time zone 'Europe/Paris')::date + 14 as d) as last_day) || '.',
  'delivered 15 days ago: the period ended yesterday in Paris (CM020, the last day in French)');
select isnt(public.withdraw_from_order(pg_temp.num('limite'), null, '[{"line": 0, "quantity": 1}]'), null,
  'delivered 14 days ago: today is the last day, the withdrawal is received');
reset role;
select is(public.withdrawal_last_day('2026-03-28 23:30:00+00'), '2026-04-12'::date,
  'delivered at 00:30 on 29 March in Paris (23:30 UTC the day before): the last day is 12 April');

-- ── The owner's steps, each withdrawal on its own ───────────────────────────────────────────
:as_anon
select throws_ok($$ select public.admin_set_withdrawal_status(pg_temp.num('livree'), 1, 'retournee') $$, '42501', null,
  'anon may not record a return');
:as_buyer
select throws_ok($$ select public.admin_set_withdrawal_status(pg_temp.num('livree'), 1, 'retournee') $$, '42501', null,
  'the buyer may not record a return');
select is_empty($$ select 1 from public.order_withdrawals $$, 'the buyer reads no withdrawal from the table (RLS)');
update public.order_withdrawals set status = 'remboursee';
:as_other
select throws_ok($$ select public.admin_set_withdrawal_status(pg_temp.num('livree'), 1, 'retournee') $$, '42501', null,
  'another signed-in user (user_metadata says admin) may not either');
:as_service
select throws_ok($$ select public.admin_set_withdrawal_status(pg_temp.num('livree'), 1, 'retournee') $$, '42501', null,
  'service_role may not execute admin_set_withdrawal_status');
:as_admin
select is((select count(*) from public.order_withdrawals where status = 'recue'), 5::bigint,
  'an admin reads every withdrawal: five received after shipping (the buyer''s update changed none)');
select is(pg_temp.refusal($$ select public.admin_set_withdrawal_status(pg_temp.num('livree'), 1, 'remboursee') $$),
  U&'CM022 Une r\00E9tractation au statut \00AB\202Fr\00E9tractation re\00E7ue\202F\00BB ne peut pas passer \00E0 \00AB\202Frembours\00E9e\202F\00BB.',
  'refunded before the goods came back: CM022');
select is(jsonb_path_query_array(public.admin_set_withdrawal_status(pg_temp.num('livree'), 2, 'retournee'), '$.withdrawals[*].status'),
  '["recue", "retournee", "recue"]'::jsonb, 'the admin records the goods of withdrawal n° 2 returned, the others unchanged');
select is(public.admin_set_withdrawal_status(pg_temp.num('livree'), 2, 'remboursee') -> 'withdrawals' -> 1 ->> 'status', 'remboursee', '... then its refund');
select ok((select returned_at = now() and refunded_at = now() from public.order_withdrawals w join public.orders o on o.id = w.order_id
           where o.number = pg_temp.num('livree') and w.number = 2), 'each step keeps its moment');
select is(left(pg_temp.refusal($$ select public.admin_set_withdrawal_status(pg_temp.num('livree'), 2, 'retournee') $$), 5), 'CM022',
  'a refunded withdrawal is final: CM022');
select is(left(pg_temp.refusal($$ select public.admin_set_withdrawal_status(pg_temp.num('livree'), 4, 'retournee') $$), 5), 'CM022',
  'a withdrawal the order does not have: CM022');
select is(left(pg_temp.refusal($$ select public.admin_set_withdrawal_status(pg_temp.num('ancienne'), 1, 'retournee') $$), 5), 'CM022',
  'an order without a withdrawal: CM022');
select is(left(pg_temp.refusal($$ select public.admin_set_withdrawal_status(pg_temp.num('payee'), 1, 'retournee') $$), 5), 'CM022',
  'nothing comes back of a withdrawal before shipping: no return to record (CM022)');
select is(left(pg_temp.refusal($$ select public.admin_set_withdrawal_status(pg_temp.num('payee'), 1, 'remboursee') $$), 5), 'CM022',
  '... and an unpaid one is closed: nothing to refund (CM022)');
select is(public.admin_set_withdrawal_status(pg_temp.num('carte'), 1, 'remboursee') -> 'withdrawals' -> 0 ->> 'status', 'remboursee',
  'a paid one « à rembourser »: the admin records the refund');
select throws_ok($$ update public.order_withdrawals set lines = '[{"line": 0, "quantity": 2}]' $$, '42501', null,
  'even an admin may not change what was withdrawn');

select * from finish();
rollback;

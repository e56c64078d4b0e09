-- An order's statuses by its path (20261128110000_order_paths.sql; issue 42 point 1): the
-- database takes each path's steps, by their actor, and refuses every other change, as the
-- domain's ORDER_STEPS (src/domain/order/order-status.ts). The payment provider's steps pass only
-- when the transaction says the provider acts (shop.status_actor), which admin_set_order_status
-- never does; a non-admin changes nothing; delivered_at is set when the goods are handed over.
begin;
create extension if not exists pgtap with schema extensions;
select plan(22);

\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'

-- One order per path, as the owner: card shipped, card collected, paid on delivery, paid at the shop.
insert into public.orders (number, status, email, recipient_name, address_line, postal_code, city, country, delivery_method, payment_method,
                           payment_last4, payment_reference, subtotal, delivery_fee, total)
values ('CMD-2026-980001', 'en-attente-paiement', 'camille@exemple.fr', 'Camille Martin', '12 rue des Lilas', '75011', 'Paris', 'France',
        'domicile', 'carte', '4242', 'pi_test_1', 20, 4.90, 24.90),
       ('CMD-2026-980002', 'en-attente-paiement', 'lea@exemple.fr', 'Léa Petit', null, null, null, null,
        'retrait-boutique', 'carte', '4242', 'pi_test_2', 20, 0, 20),
       ('CMD-2026-980003', 'en-attente', 'camille@exemple.fr', 'Camille Martin', '12 rue des Lilas', '75011', 'Paris', 'France',
        'point-relais', 'a-la-livraison', null, null, 20, 3.90, 23.90),
       ('CMD-2026-980004', 'en-attente', 'lea@exemple.fr', 'Léa Petit', null, null, null, null,
        'retrait-boutique', 'a-la-livraison', null, null, 20, 0, 20);

-- Whether `actor` may change order `target` from `from_status` to `to_status`: the order is put
-- in `from_status` past the triggers first; the actor is the transaction's for that change only.
create function pg_temp.passes(target text, from_status text, to_status text, actor text) returns boolean
  language plpgsql
as $$
begin
  set local session_replication_role = replica;
  update public.orders set status = from_status where number = target;
  set local session_replication_role = origin;
  perform set_config('shop.status_actor', actor, true);
  update public.orders set status = to_status where number = target;
  perform set_config('shop.status_actor', '', true);
  return true;
exception when sqlstate 'CM004' then
  return false;
end;
$$;

-- Every change of status of `target`, by the provider and by the owner: those that pass.
create function pg_temp.steps_taken(target text) returns text[]
  language sql
as $$
  select coalesce(array_agg(f || ' → ' || t || ' (' || actor || ')' order by i, j, actor desc), '{}')
  from unnest(array['en-attente-paiement', 'en-attente', 'payee', 'prete', 'expediee', 'livree', 'retiree', 'annulee']) with ordinality as a (f, i),
       unnest(array['en-attente-paiement', 'en-attente', 'payee', 'prete', 'expediee', 'livree', 'retiree', 'annulee']) with ordinality as b (t, j),
       unnest(array['provider', 'owner']) as c (actor)
  where f <> t and pg_temp.passes(target, f, t, actor)
$$;

-- The CM004 message a statement raises, or 'no error'.
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
grant execute on all functions in schema pg_temp to anon, authenticated;

-- ── Each path's steps pass, by their actor; every other change is refused ───────────────────────
select is(pg_temp.steps_taken('CMD-2026-980001'), array[
  'en-attente-paiement → payee (provider)', 'en-attente-paiement → annulee (provider)',
  'payee → expediee (owner)', 'payee → annulee (owner)', 'expediee → livree (owner)'],
  'a card order shipped: the provider confirms or gives up its payment, the owner ships it (or cancels it) and marks it delivered; nothing else, of 112');
select is(pg_temp.steps_taken('CMD-2026-980002'), array[
  'en-attente-paiement → payee (provider)', 'en-attente-paiement → annulee (provider)',
  'payee → prete (owner)', 'payee → annulee (owner)', 'prete → retiree (owner)', 'prete → annulee (owner)'],
  'a card order collected at the shop: paid through the provider, then ready, then collected (or cancelled before); nothing else');
select is(pg_temp.steps_taken('CMD-2026-980003'), array[
  'en-attente → expediee (owner)', 'en-attente → annulee (owner)', 'expediee → livree (owner)'],
  'an order paid on delivery: shipped unpaid, then delivered (and paid to the carrier); never « payée » on its own; nothing else');
select is(pg_temp.steps_taken('CMD-2026-980004'), array[
  'en-attente → prete (owner)', 'en-attente → annulee (owner)', 'prete → retiree (owner)', 'prete → annulee (owner)'],
  'an order paid at the shop: ready, then collected (and paid); never shipped; nothing else');

-- Back to their first status, past the triggers.
set local session_replication_role = replica;
update public.orders set status = case when payment_method = 'carte' then 'en-attente-paiement' else 'en-attente' end, delivered_at = null
 where number like 'CMD-2026-98000%';
set local session_replication_role = origin;

-- ── The owner never takes the provider's steps ────────────────────────────────────────────────
:as_admin
select is(pg_temp.refusal($$select public.admin_set_order_status('CMD-2026-980001', 'payee')$$),
  'CM004 Seul le prestataire de paiement confirme ou abandonne le paiement d’une commande par carte.',
  'an admin marks a card order « payée » through admin_set_order_status: refused with the domain''s message');
select is(pg_temp.refusal($$select public.admin_set_order_status('CMD-2026-980002', 'annulee')$$),
  'CM004 Seul le prestataire de paiement confirme ou abandonne le paiement d’une commande par carte.',
  'an admin cancels a card order waiting for its payment: refused (the provider gives it up)');
select is(pg_temp.refusal($$update public.orders set status = 'payee' where number = 'CMD-2026-980001'$$),
  'CM004 Seul le prestataire de paiement confirme ou abandonne le paiement d’une commande par carte.',
  'an admin''s UPDATE of the status to « payée »: refused too');
select set_config('shop.status_actor', 'provider', true) \g /dev/null
select is(pg_temp.refusal($$select public.admin_set_order_status('CMD-2026-980001', 'payee')$$),
  'CM004 Seul le prestataire de paiement confirme ou abandonne le paiement d’une commande par carte.',
  'admin_set_order_status acts as the owner even in a transaction that said the provider acts');
select set_config('shop.status_actor', '', true) \g /dev/null
select is(pg_temp.refusal($$select public.admin_set_order_status('CMD-2026-980003', 'payee')$$),
  U&'CM004 Une commande \00AB\202Fen attente\202F\00BB ne peut pas passer \00E0 \00AB\202Fpay\00E9e\202F\00BB.',
  'an order paid on delivery cannot be marked « payée » before it is delivered');
select is(pg_temp.refusal($$select public.admin_set_order_status('CMD-2026-980004', 'expediee')$$),
  U&'CM004 Une commande \00AB\202Fen attente\202F\00BB ne peut pas passer \00E0 \00AB\202Fexp\00E9di\00E9e\202F\00BB.',
  'an order collected at the shop is never shipped');
select is(pg_temp.refusal($$select public.admin_set_order_status('CMD-2026-980004', 'en-attente')$$),
  U&'CM004 La commande est d\00E9j\00E0 \00AB\202Fen attente\202F\00BB.',
  'the status the order has: refused as the domain says it');

-- ── A non-admin changes nothing ───────────────────────────────────────────────────────────────
:as_user
select is(
  (select count(*)
   from unnest(array['CMD-2026-980001', 'CMD-2026-980002', 'CMD-2026-980003', 'CMD-2026-980004']) as o (number),
        unnest(array['payee', 'prete', 'expediee', 'livree', 'retiree', 'annulee']) as s (status)
   where pg_temp.refusal(format('select public.admin_set_order_status(%L, %L)', o.number, s.status))
         <> '42501 only an admin changes an order''s status'),
  0::bigint,
  'a signed-in non-admin (user_metadata claiming admin) is refused every status of every path through admin_set_order_status');
select is_empty($$update public.orders set status = 'annulee' where number like 'CMD-2026-98000%' returning number$$,
  'a non-admin''s UPDATE of a status: filtered, none');
:as_anon
select throws_ok($$select public.admin_set_order_status('CMD-2026-980003', 'expediee')$$, '42501',
  'permission denied for function admin_set_order_status', 'anon executes admin_set_order_status: refused');
reset role;
select is(
  (select array_agg(status order by number) from public.orders where number like 'CMD-2026-98000%'),
  array['en-attente-paiement', 'en-attente-paiement', 'en-attente', 'en-attente'],
  'no status changed');

-- ── Each path walked by the back office, the provider's step by the provider ───────────────────
select set_config('shop.status_actor', 'provider', true) \g /dev/null
update public.orders set status = 'payee' where number in ('CMD-2026-980001', 'CMD-2026-980002');
select set_config('shop.status_actor', '', true) \g /dev/null
:as_admin
select is(
  array[public.admin_set_order_status('CMD-2026-980001', 'expediee') ->> 'status',
        public.admin_set_order_status('CMD-2026-980001', 'livree') ->> 'status'],
  array['expediee', 'livree'], 'a card order paid by the provider: the admin ships it, then marks it delivered');
select is(
  array[public.admin_set_order_status('CMD-2026-980002', 'prete') ->> 'status',
        public.admin_set_order_status('CMD-2026-980002', 'retiree') ->> 'status'],
  array['prete', 'retiree'], 'a card order collected: ready, then collected');
select is(public.admin_set_order_status('CMD-2026-980003', 'expediee') ->> 'deliveredAt', null,
  'an order paid on delivery is shipped unpaid, not yet delivered');
select ok((public.admin_set_order_status('CMD-2026-980003', 'livree') ->> 'deliveredAt')::timestamptz = now(),
  '... then delivered (and paid): its delivery date is the moment of the change');
select is(public.admin_set_order_status('CMD-2026-980004', 'prete') ->> 'deliveredAt', null,
  'an order paid at the shop is made ready: not yet handed over');
select ok((public.admin_set_order_status('CMD-2026-980004', 'retiree') ->> 'deliveredAt')::timestamptz = now(),
  '... then collected (and paid): the withdrawal period runs from that moment, as from a delivery');
select is(pg_temp.refusal($$select public.admin_set_order_status('CMD-2026-980004', 'annulee')$$),
  U&'CM004 Une commande \00AB\202Fretir\00E9e\202F\00BB ne change plus de statut.',
  'a collected order is final');

select * from finish();
rollback;

-- Card payments (20261128120500_card_payments.sql): the permission matrix of payment_sessions and
-- payment_events, cell by cell (anon, a buyer, an admin, service_role × select, insert, update,
-- delete); who may call payable_order, record_payment_session and record_payment_outcome; only the
-- webhook's role (service_role, through record_payment_outcome) sets « payée », an admin cannot;
-- an event applied once (a replay changes nothing); an amount other than the total, an unknown
-- order or session refused with nothing changed; a failed or expired payment cancels the order
-- with its reason and gives its stock back.
begin;
create extension if not exists pgtap with schema extensions;
select plan(109);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_buyer 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "66666666-6666-4666-8666-666666666666", "role": "authenticated", "is_anonymous": true, "app_metadata": {"provider": "anonymous"}}'';'
\set as_other 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "77777777-7777-4777-8777-777777777777", "role": "authenticated", "is_anonymous": true, "app_metadata": {"provider": "anonymous"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_service 'reset role; set local role service_role; set local request.jwt.claims to ''{"role": "service_role"}'';'

insert into auth.users (id) values ('66666666-6666-4666-8666-666666666666'), ('77777777-7777-4777-8777-777777777777') on conflict do nothing;
insert into public.categories (slug, name, position) values ('test-99c', 'Catégorie de test', 100);
insert into public.products (slug, name, price, category_id, stock, is_published)
select p.slug, p.name, p.price, c.id, 50, true
from public.categories c, (values ('test99c-bol', 'Bol', 12.50), ('test99c-vase', 'Vase', 30.00)) as p (slug, name, price)
where c.slug = 'test-99c';

-- The refusal (SQLSTATE and message) of a statement, or 'no error'.
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
-- A buyer's card order « en attente de paiement » of 2 bowls and 1 vase, home delivery (4.90):
-- 59.90 €, its stock taken, as place_order leaves one (written here as the table's owner).
create function pg_temp.card_order(number text) returns void
  language plpgsql
as $$
declare
  placed bigint;
begin
  insert into public.orders (number, status, email, recipient_name, address_line, postal_code, city, country, delivery_method, payment_method,
                             subtotal, delivery_fee, total, owner)
  values (card_order.number, 'en-attente-paiement', 'camille@exemple.fr', 'Camille Martin', '12 rue des Lilas', '75011', 'Paris', 'France',
          'domicile', 'carte', 55.00, 4.90, 59.90, '66666666-6666-4666-8666-666666666666')
  returning id into placed;
  insert into public.order_lines (order_id, position, product_id, product_name, unit_price, quantity)
  select placed, case p.slug when 'test99c-bol' then 0 else 1 end, p.id, p.name, p.price, case p.slug when 'test99c-bol' then 2 else 1 end
  from public.products p where p.slug like 'test99c-%';
  update public.products p set stock = p.stock - case p.slug when 'test99c-bol' then 2 else 1 end where p.slug like 'test99c-%';
end;
$$;
create function pg_temp.status(number text) returns text language sql as $$ select status from public.orders where orders.number = status.number $$;
create function pg_temp.stock(slug text) returns int language sql as $$ select stock from public.products where products.slug = stock.slug $$;
create function pg_temp.events() returns bigint language sql security definer as $$ select count(*) from public.payment_events $$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

select pg_temp.card_order('CMD-2026-990001');
select pg_temp.card_order('CMD-2026-990002');
select pg_temp.card_order('CMD-2026-990003');
select pg_temp.card_order('CMD-2026-990004');
create temporary table secrets as select number, secret from public.orders where number like 'CMD-2026-99000_';
grant select on secrets to anon, authenticated, service_role;

-- ── The permission matrix of the two tables ─────────────────────────────────────────────────────
select table_privs_are('public', 'payment_sessions', 'anon', array[]::text[], 'anon: payment_sessions: nothing');
select table_privs_are('public', 'payment_sessions', 'authenticated', array[]::text[], 'authenticated: payment_sessions: nothing');
select table_privs_are('public', 'payment_sessions', 'service_role', array['SELECT'], 'service_role: payment_sessions: SELECT only (record_payment_session writes)');
select table_privs_are('public', 'payment_events', 'anon', array[]::text[], 'anon: payment_events: nothing');
select table_privs_are('public', 'payment_events', 'authenticated', array[]::text[], 'authenticated: payment_events: nothing');
select table_privs_are('public', 'payment_events', 'service_role', array['SELECT'], 'service_role: payment_events: SELECT only (record_payment_outcome writes)');

-- Each cell tried: who may do what on each table (42501 is « permission denied »).
create function pg_temp.cell(tbl text, op text) returns text
  language plpgsql
as $$
begin
  return left(pg_temp.refusal(case op
    when 'select' then format('select count(*) from public.%I', tbl)
    when 'insert' then case tbl when 'payment_sessions'
      then $i$insert into public.payment_sessions (order_id, provider_session_id, url, amount_cents, expires_at) values (1, 'cs_x', 'https://x', 1, now())$i$
      else $i$insert into public.payment_events (provider_event_id, type, outcome) values ('evt_x', 'x', 'noted')$i$ end
    when 'update' then case tbl when 'payment_sessions' then 'update public.payment_sessions set url = url' else 'update public.payment_events set type = type' end
    else format('delete from public.%I', tbl) end), 5);
end;
$$;
grant execute on function pg_temp.cell(text, text) to anon, authenticated, service_role;

:as_anon
select is(pg_temp.cell('payment_sessions', 'select'), '42501', 'anon may not read payment_sessions');
select is(pg_temp.cell('payment_sessions', 'insert'), '42501', 'anon may not insert into payment_sessions');
select is(pg_temp.cell('payment_sessions', 'update'), '42501', 'anon may not update payment_sessions');
select is(pg_temp.cell('payment_sessions', 'delete'), '42501', 'anon may not delete from payment_sessions');
select is(pg_temp.cell('payment_events', 'select'), '42501', 'anon may not read payment_events');
select is(pg_temp.cell('payment_events', 'insert'), '42501', 'anon may not insert into payment_events');
select is(pg_temp.cell('payment_events', 'update'), '42501', 'anon may not update payment_events');
select is(pg_temp.cell('payment_events', 'delete'), '42501', 'anon may not delete from payment_events');
:as_buyer
select is(pg_temp.cell('payment_sessions', 'select'), '42501', 'a buyer may not read payment_sessions');
select is(pg_temp.cell('payment_sessions', 'insert'), '42501', 'a buyer may not insert into payment_sessions');
select is(pg_temp.cell('payment_sessions', 'update'), '42501', 'a buyer may not update payment_sessions');
select is(pg_temp.cell('payment_sessions', 'delete'), '42501', 'a buyer may not delete from payment_sessions');
select is(pg_temp.cell('payment_events', 'select'), '42501', 'a buyer may not read payment_events');
select is(pg_temp.cell('payment_events', 'insert'), '42501', 'a buyer may not insert into payment_events');
select is(pg_temp.cell('payment_events', 'update'), '42501', 'a buyer may not update payment_events');
select is(pg_temp.cell('payment_events', 'delete'), '42501', 'a buyer may not delete from payment_events');
:as_admin
select is(pg_temp.cell('payment_sessions', 'select'), '42501', 'an admin may not read payment_sessions');
select is(pg_temp.cell('payment_sessions', 'insert'), '42501', 'an admin may not insert into payment_sessions');
select is(pg_temp.cell('payment_sessions', 'update'), '42501', 'an admin may not update payment_sessions');
select is(pg_temp.cell('payment_sessions', 'delete'), '42501', 'an admin may not delete from payment_sessions');
select is(pg_temp.cell('payment_events', 'select'), '42501', 'an admin may not read payment_events');
select is(pg_temp.cell('payment_events', 'insert'), '42501', 'an admin may not insert into payment_events');
select is(pg_temp.cell('payment_events', 'update'), '42501', 'an admin may not update payment_events');
select is(pg_temp.cell('payment_events', 'delete'), '42501', 'an admin may not delete from payment_events');
:as_service
select is(pg_temp.cell('payment_sessions', 'select'), 'no er', 'service_role reads payment_sessions');
select is(pg_temp.cell('payment_sessions', 'insert'), '42501', 'service_role may not insert into payment_sessions (record_payment_session does)');
select is(pg_temp.cell('payment_sessions', 'update'), '42501', 'service_role may not update payment_sessions');
select is(pg_temp.cell('payment_sessions', 'delete'), '42501', 'service_role may not delete from payment_sessions');
select is(pg_temp.cell('payment_events', 'select'), 'no er', 'service_role reads payment_events');
select is(pg_temp.cell('payment_events', 'insert'), '42501', 'service_role may not insert into payment_events (record_payment_outcome does)');
select is(pg_temp.cell('payment_events', 'update'), '42501', 'service_role may not update payment_events');
select is(pg_temp.cell('payment_events', 'delete'), '42501', 'service_role may not delete from payment_events');

-- ── Who may call the three functions ────────────────────────────────────────────────────────────
select function_privs_are('public', 'payable_order', array['text', 'uuid'], 'service_role', array[]::text[],
  'service_role may not execute payable_order (granted to anon and authenticated: the caller''s own order only)');
select function_privs_are('public', 'record_payment_session', array['text', 'text', 'text', 'bigint', 'timestamp with time zone'], 'anon', array[]::text[],
  'anon may not execute record_payment_session');
select function_privs_are('public', 'record_payment_session', array['text', 'text', 'text', 'bigint', 'timestamp with time zone'], 'authenticated', array[]::text[],
  'authenticated (a buyer, an admin) may not execute record_payment_session');
select function_privs_are('public', 'record_payment_outcome', array['text', 'text', 'text', 'text', 'text', 'bigint', 'text', 'text'], 'anon', array[]::text[],
  'anon may not execute record_payment_outcome');
select function_privs_are('public', 'record_payment_outcome', array['text', 'text', 'text', 'text', 'text', 'bigint', 'text', 'text'], 'authenticated', array[]::text[],
  'authenticated (a buyer, an admin) may not execute record_payment_outcome');
select function_privs_are('public', 'record_payment_outcome', array['text', 'text', 'text', 'text', 'text', 'bigint', 'text', 'text'], 'service_role', array['EXECUTE'],
  'service_role (the webhook''s edge function) executes record_payment_outcome');
:as_admin
select is(left(pg_temp.refusal($$select public.record_payment_outcome('evt_admin', 'checkout.session.completed', 'cs_test_1', 'CMD-2026-990001', 'paid', 5990, 'pi_x', '4242')$$), 5),
  '42501', 'an admin calling record_payment_outcome is refused');

-- ── payable_order: the order's owner or its secret ──────────────────────────────────────────────
:as_anon
select is(public.payable_order('CMD-2026-990001', (select secret from secrets where number = 'CMD-2026-990001')) -> 'totalCents', '5990'::jsonb,
  'the device with the order''s secret reads what to pay, in cents');
select is(public.payable_order('CMD-2026-990001', (select secret from secrets where number = 'CMD-2026-990001')) -> 'lines',
  '[{"name": "Bol", "quantity": 2, "unitPriceCents": 1250}, {"name": "Vase", "quantity": 1, "unitPriceCents": 3000}]'::jsonb,
  'each line with its unit price in cents, in the order''s order');
select is(public.payable_order('CMD-2026-990001', gen_random_uuid()), null, 'a wrong secret reads nothing');
:as_buyer
select is(public.payable_order('CMD-2026-990001') ->> 'deliveryFeeCents', '490', 'the order''s owner reads it by its session, without the secret');
:as_other
select is(public.payable_order('CMD-2026-990001'), null, 'another user reads nothing');

-- ── Only the provider's step sets « payée » ─────────────────────────────────────────────────────
:as_admin
select is(left(pg_temp.refusal($$select public.admin_set_order_status('CMD-2026-990001', 'payee')$$), 5), 'CM004',
  'an admin cannot mark a card order awaiting payment « payée »');
select is(left(pg_temp.refusal($$update public.orders set status = 'payee' where number = 'CMD-2026-990001'$$), 5), 'CM004',
  'nor by updating the order''s status');
:as_service
select lives_ok($$select public.record_payment_session('CMD-2026-990001', 'cs_test_1', 'https://checkout.stripe.com/c/pay/cs_test_1', 5990, now() + interval '30 minutes')$$,
  'the service role stores the session opened for the order''s total');
select is(left(pg_temp.refusal($$select public.record_payment_session('CMD-2026-990002', 'cs_test_x', 'https://checkout.stripe.com/c/pay/cs_test_x', 100, now() + interval '30 minutes')$$), 5), 'CM030',
  'a session for another amount than the total is not stored');
select lives_ok($$select public.record_payment_session('CMD-2026-990002', 'cs_test_2', 'https://checkout.stripe.com/c/pay/cs_test_2', 5990, now() + interval '30 minutes')$$,
  'a session for the second order');
select lives_ok($$select public.record_payment_session('CMD-2026-990003', 'cs_test_3', 'https://checkout.stripe.com/c/pay/cs_test_3', 5990, now() + interval '30 minutes')$$,
  'a session for the third order');
select lives_ok($$select public.record_payment_session('CMD-2026-990004', 'cs_test_4a', 'https://checkout.stripe.com/c/pay/cs_test_4a', 5990, now() + interval '1 minute')$$,
  'a session for the fourth order');
select lives_ok($$select public.record_payment_session('CMD-2026-990004', 'cs_test_4b', 'https://checkout.stripe.com/c/pay/cs_test_4b', 5990, now() + interval '30 minutes')$$,
  'and a second one, the shopper having started again');

-- Refusals: nothing changes, each event is recorded as refused.
select is(public.record_payment_outcome('evt_amount', 'checkout.session.completed', 'cs_test_1', 'CMD-2026-990001', 'paid', 100, 'pi_1', '4242') ->> 'outcome',
  'refused-wrong-amount', 'an amount other than the total is refused');
select is(pg_temp.status('CMD-2026-990001'), 'en-attente-paiement', 'the order still awaits its payment');
select is(public.record_payment_outcome('evt_unknown', 'checkout.session.completed', 'cs_test_1', 'CMD-2026-999999', 'paid', 5990, 'pi_1', '4242') ->> 'outcome',
  'refused-unknown-order', 'an unknown order is refused');
select is(public.record_payment_outcome('evt_session', 'checkout.session.completed', 'cs_test_2', 'CMD-2026-990001', 'paid', 5990, 'pi_1', '4242') ->> 'outcome',
  'refused-unknown-session', 'a session that is not the order''s is refused');
select is((select array_agg(provider_event_id || ' ' || outcome order by provider_event_id) from public.payment_events),
  array['evt_amount refused-wrong-amount', 'evt_session refused-unknown-session', 'evt_unknown refused-unknown-order'], 'each refused event is recorded as refused');
select is(pg_temp.stock('test99c-bol') || ' ' || pg_temp.status('CMD-2026-990002'), '42 en-attente-paiement', 'and nothing else changed');

-- Paid: once.
select is(public.record_payment_outcome('evt_paid', 'checkout.session.completed', 'cs_test_1', 'CMD-2026-990001', 'paid', 5990, 'pi_1', '4242'),
  '{"result": "applied", "outcome": "applied", "status": "payee"}'::jsonb, 'the provider''s payment of the total is applied');
select is((select jsonb_build_object('status', status, 'reference', payment_reference, 'last4', payment_last4) from public.orders where number = 'CMD-2026-990001'),
  '{"status": "payee", "reference": "pi_1", "last4": "4242"}'::jsonb, 'the order is « payée », with the payment''s reference and the card''s last 4 digits');
select is(public.record_payment_outcome('evt_paid', 'checkout.session.completed', 'cs_test_1', 'CMD-2026-990001', 'paid', 5990, 'pi_2', '0000'),
  '{"result": "replayed", "outcome": "applied"}'::jsonb, 'the same event again is answered as replayed');
select is((select payment_reference || ' ' || payment_last4 || ' ' || status from public.orders where number = 'CMD-2026-990001'), 'pi_1 4242 payee',
  'and changes nothing');
select is(public.record_payment_outcome('evt_late', 'checkout.session.expired', 'cs_test_1', 'CMD-2026-990001', 'expired') ->> 'outcome',
  'refused-not-awaiting-payment', 'a paid order is not cancelled by a later event');

-- Failed and expired: cancelled with the reason, the stock given back.
select is(pg_temp.stock('test99c-bol'), 42, 'four orders hold 8 bowls');
select is(public.record_payment_outcome('evt_failed', 'checkout.session.async_payment_failed', 'cs_test_2', 'CMD-2026-990002', 'failed') ->> 'status',
  'annulee', 'a failed payment cancels the order');
select is((select cancellation_reason from public.orders where number = 'CMD-2026-990002'), 'paiement refusé', 'which says why');
select is(public.record_payment_outcome('evt_expired', 'checkout.session.expired', 'cs_test_3', 'CMD-2026-990003', 'expired') ->> 'status',
  'annulee', 'an expired session cancels the order');
select is((select cancellation_reason from public.orders where number = 'CMD-2026-990003'), 'délai de paiement expiré', 'which says why');
select is(pg_temp.stock('test99c-bol'), 46, 'both gave their bowls back');
select is(public.record_payment_outcome('evt_expired', 'checkout.session.expired', 'cs_test_3', 'CMD-2026-990003', 'expired') ->> 'result',
  'replayed', 'the expiry replayed changes nothing');
select is(pg_temp.stock('test99c-bol'), 46, 'and gives nothing back twice');

-- An earlier session expiring while the shopper pays in a newer one: the order waits.
select is(public.record_payment_outcome('evt_4a', 'checkout.session.expired', 'cs_test_4a', 'CMD-2026-990004', 'expired') ->> 'result',
  'noted', 'an earlier session expiring while a newer one is open changes nothing');
select is(pg_temp.status('CMD-2026-990004'), 'en-attente-paiement', 'the order still awaits its payment');
select is(public.record_payment_outcome('evt_4b', 'checkout.session.completed', 'cs_test_4b', 'CMD-2026-990004', 'pending', 5990) ->> 'result',
  'noted', 'a completed session whose payment is still processing changes nothing');
select is(pg_temp.events(), 9::bigint, 'every event is recorded once');

-- An order nobody paid within the hour (release_unpaid_card_orders, pg_cron's, as the owner).
reset role;
select is(public.release_unpaid_card_orders(now() + interval '61 minutes'), 1, 'the order still unpaid an hour on is released');
select is((select status || ' ' || cancellation_reason from public.orders where number = 'CMD-2026-990004'), 'annulee délai de paiement expiré',
  'cancelled, it says why');
select is(pg_temp.stock('test99c-bol'), 48, 'and its bowls are back');

-- ── A card order is placed without its card (20261128120100_card_order_without_card.sql) ─────────
:as_anon
select is((select public.place_order(
    lines => (select jsonb_agg(jsonb_build_object('productId', p.id, 'quantity', 1)) from public.products p where p.slug = 'test99c-vase'),
    email => 'camille@exemple.fr', phone => null, recipient_name => 'Camille Martin', address_line => '12 rue des Lilas',
    postal_code => '75011', city => 'Paris', country => 'France', delivery_method => 'domicile',
    payment_method => 'carte') ->> 'status'), 'en-attente-paiement',
  'the shop places a card order without any card detail: it waits for the provider');
select is(left(pg_temp.refusal($$select public.place_order(
    lines => (select jsonb_agg(jsonb_build_object('productId', p.id, 'quantity', 1)) from public.products p where p.slug = 'test99c-vase'),
    email => 'camille@exemple.fr', phone => null, recipient_name => 'Camille Martin', address_line => '12 rue des Lilas',
    postal_code => '75011', city => 'Paris', country => 'France', delivery_method => 'domicile',
    payment_method => 'carte', payment_last4 => '42')$$), 5), 'CM003', 'card details that are not ones are still refused');
reset role;

-- ── Refunds (20261128121000_card_refunds.sql): the owner cancels a paid card order ──────────────
select table_privs_are('public', 'payment_refunds', 'anon', array[]::text[], 'anon: payment_refunds: nothing');
select table_privs_are('public', 'payment_refunds', 'authenticated', array[]::text[], 'authenticated: payment_refunds: nothing');
select table_privs_are('public', 'payment_refunds', 'service_role', array['SELECT'],
  'service_role: payment_refunds: SELECT, and UPDATE of the refund''s progress only');
select is((select array_agg(column_name::text order by column_name) from information_schema.column_privileges
           where table_schema = 'public' and table_name = 'payment_refunds' and grantee = 'service_role' and privilege_type = 'UPDATE'),
  array['attempts', 'next_attempt_at', 'provider_refund_id', 'refunded_at'], 'service_role updates attempts, next attempt, Stripe''s id and when, nothing else');
select function_privs_are('public', 'claim_payment_refunds', array['integer'], 'authenticated', array[]::text[], 'authenticated may not execute claim_payment_refunds');
select function_privs_are('public', 'settle_payment_refund', array['bigint', 'text'], 'authenticated', array[]::text[], 'authenticated may not execute settle_payment_refund');
select function_privs_are('public', 'claim_payment_refunds', array['integer'], 'anon', array[]::text[], 'anon may not execute claim_payment_refunds');
:as_anon
select is(left(pg_temp.refusal('select count(*) from public.payment_refunds'), 5), '42501', 'anon may not read payment_refunds');
select is(left(pg_temp.refusal('delete from public.payment_refunds'), 5), '42501', 'anon may not delete from payment_refunds');
:as_buyer
select is(left(pg_temp.refusal('select count(*) from public.payment_refunds'), 5), '42501', 'a buyer may not read payment_refunds');
select is(left(pg_temp.refusal($$insert into public.payment_refunds (order_id, payment_reference, amount_cents) values (1, 'pi_x', 1)$$), 5), '42501',
  'a buyer may not insert into payment_refunds');
:as_admin
select is(left(pg_temp.refusal('select count(*) from public.payment_refunds'), 5), '42501', 'an admin may not read payment_refunds');
select is(left(pg_temp.refusal('update public.payment_refunds set attempts = 0'), 5), '42501', 'an admin may not update payment_refunds');
select is(public.admin_set_order_status('CMD-2026-990001', 'annulee') ->> 'status', 'annulee', 'the owner cancels the paid card order');
:as_service
select is(left(pg_temp.refusal($$insert into public.payment_refunds (order_id, payment_reference, amount_cents) values (1, 'pi_x', 1)$$), 5), '42501',
  'service_role may not insert into payment_refunds (the trigger does)');
select is(left(pg_temp.refusal('delete from public.payment_refunds'), 5), '42501', 'service_role may not delete from payment_refunds');
select is((select jsonb_agg(jsonb_build_object('reference', r.payment_reference, 'amount', r.amount_cents)) from public.payment_refunds r),
  '[{"reference": "pi_1", "amount": 5990}]'::jsonb, 'one refund is owed: the payment''s reference, the order''s total in cents');
select is(jsonb_array_length(public.claim_payment_refunds(20)), 1, 'the refund function claims it');
select is(public.claim_payment_refunds(20), '[]'::jsonb, 'claimed, it is not due again at once');
select lives_ok($$select public.settle_payment_refund((select id from public.payment_refunds), 're_1')$$, 'Stripe''s refund is recorded');
select is((select provider_refund_id || ' ' || (refunded_at is not null)::text from public.payment_refunds), 're_1 true', 'made, with Stripe''s id');
select lives_ok($$select public.settle_payment_refund((select id from public.payment_refunds), 're_2')$$, 'settled again');
select is((select provider_refund_id from public.payment_refunds), 're_1', 'a refund made stays as it was');

select * from finish();
rollback;

-- Push notifications (20261127010000_push_notifications.sql): the permission matrix of
-- push_subscriptions, push_follows and push_outbox cell by cell (anon, another shopper, the
-- owner, an admin, service_role × select, insert, update, delete), following an order by its
-- owner or its secret, the triggers that queue one notification per follower and per status
-- change (none on an update that changes nothing, none for « payée ») and per return in stock
-- (none from 3 to 5), the French texts and paths, push_claim and push_settle, and the caps.
begin;
create extension if not exists pgtap with schema extensions;
select plan(116);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_owner 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", "role": "authenticated", "is_anonymous": true, "app_metadata": {"provider": "anonymous"}}'';'
\set as_other 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", "role": "authenticated", "is_anonymous": true, "app_metadata": {"provider": "anonymous"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "cccccccc-cccc-4ccc-8ccc-cccccccccccc", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_service 'reset role; set local role service_role; set local request.jwt.claims to ''{"role": "service_role"}'';'

-- ── Fixtures, as the database's owner ──────────────────────────────────────────────────────
insert into auth.users (id, is_anonymous) values
  ('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', true), ('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', true);
insert into auth.users (id, email, raw_app_meta_data) values ('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'admin@example.fr', '{"role": "admin"}');
insert into public.categories (slug, name, position) values ('test-99', 'Catégorie de test', 100);
insert into public.products (slug, name, price, category_id, stock, is_published)
select p.slug, p.name, 10, c.id, p.stock, p.published
from public.categories c,
  (values ('test99-bol', 'Bol en grès', 0, true), ('test99-vase', 'Vase', 3, true), ('test99-cache', 'Pièce cachée', 0, false)) as p (slug, name, stock, published)
where c.slug = 'test-99';
-- The owner's order, by card, delivered at home; a pickup order paid at the shop, placed without a session.
insert into public.orders (number, status, email, recipient_name, address_line, postal_code, city, country, delivery_method, payment_method,
                           payment_last4, payment_reference, subtotal, delivery_fee, total, owner, secret)
values ('CMD-2026-990001', 'en-attente-paiement', 'camille@exemple.fr', 'Camille Martin', '12 rue des Lilas', '75011', 'Paris', 'France', 'domicile',
        'carte', '4242', 'pi_test_99', 20, 4.90, 24.90, 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', '99999999-0001-4000-8000-000000000001'),
       ('CMD-2026-990002', 'en-attente', 'lea@exemple.fr', 'Léa Petit', null, null, null, null, 'retrait-boutique',
        'a-la-livraison', null, null, 20, 0, 20, null, '99999999-0002-4000-8000-000000000002');
create temporary table fixture as
  select 'product:' || slug as name, id from public.products where slug like 'test99-%'
  union all select 'order:' || number, id from public.orders where number like 'CMD-2026-99000%';
grant select on fixture to anon, authenticated, service_role;

-- A browser's keys: 65 bytes of public key (base64url, 87 characters), 16 of secret (22).
create function pg_temp.key() returns text language sql as $$ select 'B' || repeat('A', 86) $$;
create function pg_temp.secret() returns text language sql as $$ select 'aaaaaaaaaaaaaaaaaaaaaa' $$;

-- The SQLSTATE of what a statement raises, or 'no error'.
create function pg_temp.refusal(statement text) returns text
  language plpgsql
as $$
begin
  execute statement;
  return 'no error';
exception when others then
  return sqlstate;
end;
$$;
-- How many rows a statement touched (a DELETE that row-level security empties touches none).
create function pg_temp.touched(statement text) returns integer
  language plpgsql
as $$
declare
  n integer;
begin
  execute statement;
  get diagnostics n = row_count;
  return n;
end;
$$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

-- ── push_subscriptions ─────────────────────────────────────────────────────────────────────
:as_owner
select lives_ok($$insert into public.push_subscriptions (endpoint, p256dh, auth) values ('https://push.example/owner-1', pg_temp.key(), pg_temp.secret())$$,
  'the owner adds a subscription (owned by their session''s user by default)');
select is((select owner::text from public.push_subscriptions where endpoint = 'https://push.example/owner-1'), 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  'the owner reads it back: theirs');
select is(pg_temp.refusal($$insert into public.push_subscriptions (endpoint, p256dh, auth) values ('http://push.example/plain', pg_temp.key(), pg_temp.secret())$$),
  '42501', 'the owner may not add an endpoint that is not https (send-push would call it)');
select is(pg_temp.refusal($$insert into public.push_subscriptions (owner, endpoint, p256dh, auth) values ('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'https://push.example/forged', pg_temp.key(), pg_temp.secret())$$),
  '42501', 'the owner may not add a subscription in another user''s name (owner is not granted)');
select is(pg_temp.refusal($$insert into public.push_subscriptions (endpoint, p256dh, auth) values ('https://push.example/bad-key', 'BAAA', 'x')$$),
  '23514', 'keys that are not a P-256 public key and a 16-byte secret in base64url are refused');
select is(pg_temp.refusal($$update public.push_subscriptions set p256dh = p256dh$$), '42501', 'the owner may not update their subscription');

:as_other
select lives_ok($$insert into public.push_subscriptions (endpoint, p256dh, auth) values ('https://push.example/other-1', pg_temp.key(), pg_temp.secret())$$,
  'another shopper adds their own subscription');
select is(pg_temp.refusal($$insert into public.push_subscriptions (endpoint, p256dh, auth) values ('https://push.example/owner-1', pg_temp.key(), pg_temp.secret())$$),
  '23505', 'an endpoint is one subscription: another user cannot add it again');
select is_empty($$select 1 from public.push_subscriptions where endpoint = 'https://push.example/owner-1'$$,
  'another shopper does not read the owner''s subscription (user_metadata claiming admin changes nothing)');
select is(pg_temp.touched($$delete from public.push_subscriptions where endpoint = 'https://push.example/owner-1'$$), 0,
  'another shopper deletes none of the owner''s subscriptions');
select is(pg_temp.refusal($$update public.push_subscriptions set endpoint = 'https://attacker.example/' where endpoint = 'https://push.example/owner-1'$$),
  '42501', 'another shopper may not update the owner''s subscription');

:as_admin
select is_empty($$select 1 from public.push_subscriptions$$, 'an admin reads no subscription, no key');
select is(pg_temp.touched($$delete from public.push_subscriptions$$), 0, 'an admin deletes no one''s subscription');
select is(pg_temp.refusal($$update public.push_subscriptions set auth = auth$$), '42501', 'an admin may not update a subscription');

:as_anon
select is(pg_temp.refusal($$select 1 from public.push_subscriptions$$), '42501', 'anon may not read subscriptions');
select is(pg_temp.refusal($$insert into public.push_subscriptions (endpoint, p256dh, auth) values ('https://push.example/anon', pg_temp.key(), pg_temp.secret())$$),
  '42501', 'anon may not add a subscription (no identity to own it)');
select is(pg_temp.refusal($$update public.push_subscriptions set auth = auth$$), '42501', 'anon may not update a subscription');
select is(pg_temp.refusal($$delete from public.push_subscriptions$$), '42501', 'anon may not delete a subscription');

:as_service
select is((select count(*)::int from public.push_subscriptions), 2, 'service_role (send-push) reads every subscription');
select is(pg_temp.refusal($$insert into public.push_subscriptions (endpoint, p256dh, auth) values ('https://push.example/service', pg_temp.key(), pg_temp.secret())$$),
  '42501', 'service_role may not add a subscription');
select is(pg_temp.refusal($$update public.push_subscriptions set auth = auth$$), '42501', 'service_role may not update a subscription');

-- ── push_follows ───────────────────────────────────────────────────────────────────────────
reset role;
create temporary table subs as select endpoint, id from public.push_subscriptions;
grant select on subs to anon, authenticated, service_role;

:as_owner
select lives_ok($$insert into public.push_follows (subscription_id, product_id)
                  values ((select id from subs where endpoint like '%owner-1'), (select id from fixture where name = 'product:test99-bol')),
                         ((select id from subs where endpoint like '%owner-1'), (select id from fixture where name = 'product:test99-vase'))$$,
  'the owner follows two published products');
select is(pg_temp.refusal($$insert into public.push_follows (subscription_id, product_id)
                            values ((select id from subs where endpoint like '%owner-1'), (select id from fixture where name = 'product:test99-bol'))$$),
  '23505', 'a subscription follows a product once');
select is(pg_temp.refusal($$insert into public.push_follows (subscription_id, product_id)
                            values ((select id from subs where endpoint like '%owner-1'), (select id from fixture where name = 'product:test99-cache'))$$),
  '42501', 'the owner may not follow an unpublished product');
select is(pg_temp.refusal($$insert into public.push_follows (subscription_id, product_id)
                            values ((select id from subs where endpoint like '%other-1'), (select id from fixture where name = 'product:test99-bol'))$$),
  '42501', 'the owner may not add a follow to another''s subscription');
select is(pg_temp.refusal($$insert into public.push_follows (subscription_id, order_id)
                            values ((select id from subs where endpoint like '%owner-1'), (select id from fixture where name = 'order:CMD-2026-990002'))$$),
  '42501', 'an order is not followed by a plain insert (order_id is not granted): push_follow_order checks it');
select is(pg_temp.refusal($$update public.push_follows set product_id = product_id$$), '42501', 'the owner may not update a follow');

-- Following an order: the one the session placed, or the one whose secret the device shows.
select is(public.push_follow_order((select id from subs where endpoint like '%owner-1'), 'CMD-2026-990001'), true,
  'the owner follows the order their session placed, without its secret');
select is(public.push_follow_order((select id from subs where endpoint like '%owner-1'), 'CMD-2026-990001'), true,
  'following it again changes nothing');
select is(public.push_follow_order((select id from subs where endpoint like '%owner-1'), 'CMD-2026-990002'), false,
  'the owner may not follow an order they did not place without its secret');
select is(public.push_follow_order((select id from subs where endpoint like '%other-1'), 'CMD-2026-990001'), false,
  'nor through another''s subscription');
select is((select count(*)::int from public.push_follows), 3, 'the owner reads their three follows');
select is((select jsonb_agg(coalesce(e ->> 'order', e ->> 'productName') order by e ->> 'id') from jsonb_array_elements(public.my_push_follows()) e),
  '["Bol en grès", "Vase", "CMD-2026-990001"]'::jsonb, 'my_push_follows names what the owner follows (the order''s number, the product''s name)');

:as_other
select is(public.push_follow_order((select id from subs where endpoint like '%other-1'), 'CMD-2026-990001'), false,
  'another shopper may not follow the owner''s order without its secret');
select is(public.push_follow_order((select id from subs where endpoint like '%other-1'), 'CMD-2026-990001', '99999999-0002-4000-8000-000000000002'), false,
  'nor with another order''s secret');
select is(public.push_follow_order((select id from subs where endpoint like '%other-1'), 'CMD-2026-990001', '99999999-0001-4000-8000-000000000001'), true,
  'whoever shows the order''s secret (the device that placed it) follows it');
select is(public.push_follow_order((select id from subs where endpoint like '%other-1'), 'CMD-2026-990002', '99999999-0002-4000-8000-000000000002'), true,
  'an order placed without a session is followed with its secret');
select is((select count(*)::int from public.push_follows), 2, 'another shopper reads only their own two follows');
select is(jsonb_array_length(public.my_push_follows()), 2, 'my_push_follows lists only the caller''s');
select is(pg_temp.touched($$delete from public.push_follows where subscription_id = (select id from subs where endpoint like '%owner-1')$$), 0,
  'another shopper deletes none of the owner''s follows');

:as_admin
select is_empty($$select 1 from public.push_follows$$, 'an admin reads no one''s follows');
select is(pg_temp.touched($$delete from public.push_follows$$), 0, 'an admin deletes no one''s follows');
select is(jsonb_array_length(public.my_push_follows()), 0, 'my_push_follows: nothing for an admin who follows nothing');

:as_anon
select is(pg_temp.refusal($$select 1 from public.push_follows$$), '42501', 'anon may not read follows');
select is(pg_temp.refusal($$insert into public.push_follows (subscription_id, product_id) values (1, 1)$$), '42501', 'anon may not add a follow');
select is(pg_temp.refusal($$delete from public.push_follows$$), '42501', 'anon may not delete a follow');
select is(pg_temp.refusal($$select public.push_follow_order(1, 'CMD-2026-990001', '99999999-0001-4000-8000-000000000001')$$), '42501',
  'anon may not execute push_follow_order');
select is(pg_temp.refusal($$select public.my_push_follows()$$), '42501', 'anon may not execute my_push_follows');

:as_service
select is(pg_temp.refusal($$select 1 from public.push_follows$$), '42501', 'service_role does not read follows (the triggers do)');

-- ── push_outbox: nobody but service_role ───────────────────────────────────────────────────
:as_anon
select is(pg_temp.refusal($$select 1 from public.push_outbox$$), '42501', 'anon may not read the outbox');
:as_owner
select is(pg_temp.refusal($$select 1 from public.push_outbox$$), '42501', 'the owner may not read the outbox');
select is(pg_temp.refusal($$insert into public.push_outbox (subscription_id, title, body, path, tag) values (1, 'x', 'x', '/', 'x')$$), '42501',
  'the owner may not queue a notification');
select is(pg_temp.refusal($$select public.push_claim()$$), '42501', 'the owner may not execute push_claim');
:as_admin
select is(pg_temp.refusal($$select 1 from public.push_outbox$$), '42501', 'an admin may not read the outbox');
select is(pg_temp.refusal($$select public.push_settle('{}', '{}')$$), '42501', 'an admin may not execute push_settle');
:as_service
select is(pg_temp.refusal($$insert into public.push_outbox (subscription_id, title, body, path, tag) values (1, 'x', 'x', '/', 'x')$$), '42501',
  'service_role may not queue a notification (only the triggers do)');

-- ── The same rules through the browser's RPCs (security invoker: the policies decide) ──────
:as_owner
create temporary table rpc_ids (name text, id bigint);
insert into rpc_ids select 'first', public.push_subscribe('https://push.example/owner-2', pg_temp.key(), pg_temp.secret());
select is((select owner::text from public.push_subscriptions where id = (select id from rpc_ids where name = 'first')), 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  'push_subscribe adds the caller''s subscription');
select is(public.push_subscribe('https://push.example/owner-2', pg_temp.key(), pg_temp.secret()), (select id from rpc_ids where name = 'first'),
  'push_subscribe again with the same endpoint and keys finds it again');
select is(public.push_follow_product((select id from rpc_ids where name = 'first'), (select id from fixture where name = 'product:test99-bol')), true,
  'push_follow_product: the caller''s subscription follows a published product');
select is(public.push_follow_product((select id from rpc_ids where name = 'first'), (select id from fixture where name = 'product:test99-bol')), true,
  'following it again changes nothing');
select is((select count(*)::int from public.push_follows where subscription_id = (select id from rpc_ids where name = 'first')), 1, 'one follow, not two');
select is(pg_temp.refusal($$select public.push_follow_product((select id from rpc_ids where name = 'first'), (select id from fixture where name = 'product:test99-cache'))$$),
  '42501', 'push_follow_product refuses an unpublished product');
select is(pg_temp.refusal($$select public.push_follow_product((select id from subs where endpoint like '%other-1'), (select id from fixture where name = 'product:test99-bol'))$$),
  '42501', 'push_follow_product refuses another''s subscription');
insert into rpc_ids select 'follow', id from public.push_follows where subscription_id = (select id from rpc_ids where name = 'first');
insert into rpc_ids select 'renewed', public.push_subscribe('https://push.example/owner-2', 'B' || repeat('Q', 86), pg_temp.secret());
select isnt((select id from rpc_ids where name = 'renewed'), (select id from rpc_ids where name = 'first'), 'new keys for the endpoint make a new subscription');
select is_empty($$select 1 from public.push_follows where id = (select id from rpc_ids where name = 'follow')$$, 'the old one''s follows went with it');
select is(public.push_follow_product((select id from rpc_ids where name = 'renewed'), (select id from fixture where name = 'product:test99-bol')), true,
  'the new subscription follows the product');
reset role;
grant select on rpc_ids to anon, authenticated, service_role;
insert into rpc_ids select 'follow-2', id from public.push_follows where subscription_id = (select id from rpc_ids where name = 'renewed');

:as_other
select is(pg_temp.refusal($$select public.push_subscribe('https://push.example/owner-2', pg_temp.key(), pg_temp.secret())$$), '23505',
  'push_subscribe: another user may not take an endpoint the owner holds');
select is(public.push_unfollow((select id from rpc_ids where name = 'follow-2')), false, 'push_unfollow: another shopper cannot turn the owner''s follow off');
select is(public.push_unsubscribe('https://push.example/owner-2'), false, 'push_unsubscribe: nor delete the owner''s subscription');
:as_admin
select is(public.push_unfollow((select id from rpc_ids where name = 'follow-2')), false, 'an admin cannot turn it off either');
:as_anon
select is(pg_temp.refusal($$select public.push_subscribe('https://push.example/anon', pg_temp.key(), pg_temp.secret())$$), '42501', 'anon may not execute push_subscribe');
select is(pg_temp.refusal($$select public.push_follow_product(1, 1)$$), '42501', 'anon may not execute push_follow_product');
select is(pg_temp.refusal($$select public.push_unfollow(1)$$), '42501', 'anon may not execute push_unfollow');
select is(pg_temp.refusal($$select public.push_unsubscribe('https://push.example/owner-2')$$), '42501', 'anon may not execute push_unsubscribe');
:as_owner
select is(public.push_follow_order((select id from rpc_ids where name = 'renewed'), 'CMD-2026-990001'), true, 'the owner follows their order on that device too');
select is(public.push_unfollow((select id from rpc_ids where name = 'follow-2')), true, 'push_unfollow: the owner turns their follow off');
select isnt_empty($$select 1 from public.push_subscriptions where endpoint = 'https://push.example/owner-2'$$,
  'the device''s subscription stays while it follows something');
select is(public.push_unfollow((select f.id from public.push_follows f where f.subscription_id = (select id from rpc_ids where name = 'renewed'))), true,
  'the owner turns the last follow off');
reset role;
select is_empty($$select 1 from public.push_subscriptions where endpoint = 'https://push.example/owner-2'$$,
  'push_unfollow: the last follow gone, the device''s subscription (endpoint and keys) is deleted too');
:as_owner
select isnt(public.push_subscribe('https://push.example/owner-2', pg_temp.key(), pg_temp.secret()), null, 'following again saves the subscription anew');
select is(public.push_unsubscribe('https://push.example/owner-2'), true, 'push_unsubscribe: the owner deletes their subscription');
reset role;
select is_empty($$select 1 from public.push_subscriptions where endpoint = 'https://push.example/owner-2'$$, 'it is gone');

-- ── An order's status changes: one notification per follower and per change ───────────────
create function pg_temp.queued() returns text[]
  language sql
as $$ select coalesce(array_agg(s.endpoint || ' ' || o.body || ' ' || o.path || ' ' || o.tag order by o.id), '{}')
      from public.push_outbox o join public.push_subscriptions s on s.id = o.subscription_id $$;

-- The payment provider confirms the card payment (as its webhook's function does).
create function pg_temp.paid_by_provider(number text) returns void
  language sql
as $$
  select set_config('shop.status_actor', 'provider', true);
  update public.orders set status = 'payee' where orders.number = paid_by_provider.number;
  select set_config('shop.status_actor', '', true);
$$;
select lives_ok($$select pg_temp.paid_by_provider('CMD-2026-990001')$$, 'the payment provider marks the order « payée »');
select is(pg_temp.queued(), '{}', '« payée » notifies nobody (the issue''s statuses: shipped, ready, delivered, cancelled)');
:as_admin
select lives_ok($$select public.admin_set_order_status('CMD-2026-990001', 'expediee')$$, 'the admin marks it « expédiée »');
reset role;
select is(pg_temp.queued(), array[
    'https://push.example/owner-1 Votre commande CMD-2026-990001 a été expédiée. /commande/confirmation/CMD-2026-990001 commande-CMD-2026-990001',
    'https://push.example/other-1 Votre commande CMD-2026-990001 a été expédiée. /commande/confirmation/CMD-2026-990001 commande-CMD-2026-990001'],
  'one notification for each of its two followers, naming the order, opening its page');
select is((select title from public.push_outbox limit 1), 'Commande expédiée', 'titled « Commande expédiée »');
:as_admin
update public.orders set status = 'expediee' where number = 'CMD-2026-990001';
reset role;
select is(cardinality(pg_temp.queued()), 2, 'an update that leaves the status as it was queues nothing');
:as_admin
select lives_ok($$select public.admin_set_order_status('CMD-2026-990001', 'livree')$$, 'the admin marks it « livrée »');
reset role;
select is((pg_temp.queued())[3:4], array[
    'https://push.example/owner-1 Votre commande CMD-2026-990001 a été livrée. /commande/confirmation/CMD-2026-990001 commande-CMD-2026-990001',
    'https://push.example/other-1 Votre commande CMD-2026-990001 a été livrée. /commande/confirmation/CMD-2026-990001 commande-CMD-2026-990001'],
  '« livrée »: one more each, and only one');
select is_empty($$select 1 from public.push_follows where order_id = (select id from fixture where name = 'order:CMD-2026-990001')$$,
  'a final status ends the order''s follows');
:as_owner
select is(public.push_follow_order((select id from subs where endpoint like '%owner-1'), 'CMD-2026-990001'), false,
  'a final order is not followed again: nothing more will come');
reset role;
delete from public.push_outbox;

:as_admin
select lives_ok($$select public.admin_set_order_status('CMD-2026-990002', 'prete')$$, 'the pickup order becomes « prête à retirer »');
reset role;
select is(pg_temp.queued(), array[
    E'https://push.example/other-1 Votre commande CMD-2026-990002 est prête\u00a0: elle vous attend en boutique. /commande/confirmation/CMD-2026-990002 commande-CMD-2026-990002'],
  'a pickup order is « prête » and waits at the shop, not shipped');
:as_admin
select lives_ok($$select public.admin_set_order_status('CMD-2026-990002', 'retiree')$$, 'the pickup order becomes « retirée »');
reset role;
select is((select title || ' ' || body from public.push_outbox order by id desc limit 1),
  'Commande retirée Votre commande CMD-2026-990002 a été retirée en boutique. Merci de votre visite.', 'a pickup order « retirée » was collected');
delete from public.push_outbox;
insert into public.orders (number, status, email, recipient_name, address_line, postal_code, city, country, delivery_method, payment_method,
                           subtotal, delivery_fee, total, owner)
values ('CMD-2026-990003', 'en-attente', 'camille@exemple.fr', 'Camille Martin', '12 rue des Lilas', '75011', 'Paris', 'France', 'domicile',
        'a-la-livraison', 20, 4.90, 24.90, 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
:as_owner
select is(public.push_follow_order((select id from subs where endpoint like '%owner-1'), 'CMD-2026-990003'), true, 'the owner follows a third order');
:as_admin
select lives_ok($$select public.admin_set_order_status('CMD-2026-990003', 'annulee')$$, 'the admin cancels it');
reset role;
select is(pg_temp.queued(), array[
    'https://push.example/owner-1 Votre commande CMD-2026-990003 a été annulée. /commande/confirmation/CMD-2026-990003 commande-CMD-2026-990003'],
  '« annulée » names the order');
delete from public.push_outbox;

-- ── A product comes back in stock: once ────────────────────────────────────────────────────
:as_admin
update public.products set stock = 5 where slug = 'test99-vase';
reset role;
select is(pg_temp.queued(), '{}', 'a followed product going from 3 to 5 notifies nobody');
:as_admin
update public.products set stock = 2 where slug = 'test99-bol';
reset role;
select is(pg_temp.queued(), array['https://push.example/owner-1 ' || U&'\00AB\202FBol en grès\202F\00BB est de nouveau en stock.' || ' /produit/test99-bol produit-' ||
                                  (select id from fixture where name = 'product:test99-bol')]::text[],
  'from 0 to 2: one notification to its follower, naming it, opening its page');
select is((select title from public.push_outbox), 'De retour en stock', 'titled « De retour en stock »');
select is((select body from public.push_outbox), U&'\00AB\202FBol en grès\202F\00BB est de nouveau en stock.', 'the name between « » with narrow no-break spaces');
:as_admin
update public.products set stock = 0 where slug = 'test99-bol';
update public.products set stock = 4 where slug = 'test99-bol';
reset role;
select is(cardinality(pg_temp.queued()), 1, 'the follow was done: a second return in stock notifies no one');
:as_admin
update public.products set stock = 0 where slug = 'test99-vase';
update public.products set stock = 1 where slug = 'test99-vase';
reset role;
select is(cardinality(pg_temp.queued()), 2, 'the vase, still followed, notifies once from 0 to 1');

-- ── send-push's two calls ──────────────────────────────────────────────────────────────────
:as_service
create temporary table claimed as select public.push_claim(10) as rows;
select is((select jsonb_array_length(rows) from claimed), 2, 'push_claim hands the two due notifications');
select is((select (rows -> 0) - 'id' from claimed),
  jsonb_build_object('endpoint', 'https://push.example/owner-1', 'p256dh', 'B' || repeat('A', 86), 'auth', 'aaaaaaaaaaaaaaaaaaaaaa',
                     'title', 'De retour en stock', 'body', U&'\00AB\202FBol en grès\202F\00BB est de nouveau en stock.',
                     'path', '/produit/test99-bol', 'tag', 'produit-' || (select id from fixture where name = 'product:test99-bol')),
  'each with its subscription''s endpoint and keys and its text');
select is(public.push_claim(10), '[]'::jsonb, 'a claimed notification is not handed again before its next attempt is due');
select lives_ok($$select public.push_settle(array[((select rows -> 0 ->> 'id' from claimed))::bigint], '{}')$$, 'push_settle: the first was delivered');
reset role;
select is((select array_agg(attempts) from public.push_outbox), array[1], 'the delivered one is gone; the other waits, with one attempt made');
update public.push_outbox set next_attempt_at = now() - interval '1 second';
:as_service
select is((select jsonb_array_length(public.push_claim(10))), 1, 'once due again it is handed again');
select lives_ok($$select public.push_settle('{}', array[((select rows -> 1 ->> 'id' from claimed))::bigint])$$, 'push_settle: its push service said 410');
reset role;
select is((select array_agg(endpoint) from public.push_subscriptions), array['https://push.example/other-1'],
  'a subscription gone at its push service is deleted, with its follows and its queue');
insert into public.push_outbox (subscription_id, title, body, path, tag, attempts, next_attempt_at)
values ((select id from subs where endpoint like '%other-1'), 't', 'b', '/', 'x', 5, now() - interval '1 second');
:as_service
select is(public.push_claim(10), '[]'::jsonb, 'a notification that failed 5 times is dropped, not handed again');

-- ── Caps ───────────────────────────────────────────────────────────────────────────────────
:as_owner
select is(pg_temp.refusal($$insert into public.push_subscriptions (endpoint, p256dh, auth)
                                   select 'https://push.example/many-' || n, pg_temp.key(), pg_temp.secret() from generate_series(1, 11) n$$),
  'CM003', 'a user holds 10 subscriptions at most');
reset role;
insert into public.products (slug, name, price, category_id, stock)
select 'test99-p' || n, 'Produit ' || n, 10, (select id from public.categories where slug = 'test-99'), 0 from generate_series(1, 101) n;
:as_other
select is(pg_temp.refusal($$insert into public.push_follows (subscription_id, product_id)
                            select (select id from subs where endpoint like '%other-1'), p.id from public.products p where p.slug like 'test99-p%'$$),
  'CM003', 'a subscription follows 100 orders and products at most');

select * from finish();
rollback;

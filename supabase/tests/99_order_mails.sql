-- Order mails (20261128120000_order_mails.sql): the queue the triggers fill (an order placed:
-- the confirmation and the owner's notice; « expédiée » and « annulée »; a withdrawal received;
-- its refund), once per order and kind whoever changes the order, the permission matrix of
-- order_mails cell by cell (anon, a shopper, an admin, service_role × select, insert, update,
-- delete, and the two functions), and order_mails_claim / order_mails_settle: the order's
-- document handed with each mail, the backoff, the bounded attempts, the errors kept.
begin;
create extension if not exists pgtap with schema extensions;
select plan(54);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_shopper 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", "role": "authenticated", "is_anonymous": true, "app_metadata": {"provider": "anonymous"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "cccccccc-cccc-4ccc-8ccc-cccccccccccc", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_service 'reset role; set local role service_role; set local request.jwt.claims to ''{"role": "service_role"}'';'

-- ── Fixtures, as the database's owner ──────────────────────────────────────────────────────
insert into auth.users (id, is_anonymous) values ('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', true);
insert into auth.users (id, email, raw_app_meta_data) values ('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'admin@example.fr', '{"role": "admin"}');
insert into public.orders (number, status, email, recipient_name, address_line, postal_code, city, country, delivery_method, payment_method,
                           subtotal, delivery_fee, total, owner, secret)
values ('CMD-2026-980001', 'en-attente', 'camille@exemple.fr', 'Camille Martin', '12 rue des Lilas', '75011', 'Paris', 'France', 'domicile',
        'a-la-livraison', 20, 4.90, 24.90, 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', '98989898-0001-4000-8000-000000000001'),
       ('CMD-2026-980002', 'en-attente', 'lea@exemple.fr', 'Léa Petit', null, null, null, null, 'retrait-boutique',
        'a-la-livraison', 20, 0, 20, null, '98989898-0002-4000-8000-000000000002');
insert into public.order_lines (order_id, position, product_id, product_name, unit_price, quantity)
select o.id, 0, null, 'Bol en grès', 10, 2 from public.orders o where o.number like 'CMD-2026-98000%';
create temporary table fixture as select number, id from public.orders where number like 'CMD-2026-98000%';
grant select on fixture to anon, authenticated, service_role;

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
-- The kinds queued for an order, in the order they were queued.
create function pg_temp.queued(number text) returns text[]
  language sql
as $$
  select coalesce(pg_catalog.array_agg(m.kind order by m.id), '{}')
  from public.order_mails m join public.orders o on o.id = m.order_id
  where o.number = queued.number
$$;
grant execute on all functions in schema pg_temp to anon, authenticated, service_role;

-- ── What the triggers queue ────────────────────────────────────────────────────────────────
select is(pg_temp.queued('CMD-2026-980001'), array['confirmation', 'nouvelle-commande'],
  'an order placed queues the buyer''s confirmation and the owner''s notice');
select is(pg_temp.queued('CMD-2026-980002'), array['confirmation', 'nouvelle-commande'], 'each order its own');

-- An admin moves the order through its statuses, as the back office does (admin_set_order_status,
-- security invoker): the trigger queues as the queue's owner all the same.
:as_admin
select throws_ok($$select public.admin_set_order_status('CMD-2026-980001', 'payee')$$, 'CM004', null,
                 'an order paid on delivery is never marked « payée » (it is paid when delivered)');
reset role;
select is(pg_temp.queued('CMD-2026-980001'), array['confirmation', 'nouvelle-commande'], 'a refused change queues no mail');
:as_admin
select lives_ok($$select public.admin_set_order_status('CMD-2026-980001', 'expediee')$$, 'an admin marks it « expédiée »');
reset role;
select is(pg_temp.queued('CMD-2026-980001'), array['confirmation', 'nouvelle-commande', 'expediee'], '« expédiée » queues the buyer''s mail');
update public.orders set status = status where number = 'CMD-2026-980001';
select is(pg_temp.queued('CMD-2026-980001'), array['confirmation', 'nouvelle-commande', 'expediee'], 'an update that leaves the status queues nothing');
:as_admin
select lives_ok($$select public.admin_set_order_status('CMD-2026-980001', 'livree')$$, 'an admin marks it « livrée »');
reset role;
select is(pg_temp.queued('CMD-2026-980001'), array['confirmation', 'nouvelle-commande', 'expediee'], '« livrée » queues no mail');
:as_admin
select lives_ok($$select public.admin_set_order_status('CMD-2026-980002', 'annulee')$$, 'an admin cancels the other order');
reset role;
select is(pg_temp.queued('CMD-2026-980002'), array['confirmation', 'nouvelle-commande', 'annulee'], '« annulée » queues the buyer''s mail');

-- The buyer withdraws (withdraw_from_order writes order_withdrawals), then the admin's two steps.
:as_shopper
select isnt(public.withdraw_from_order('CMD-2026-980001', '98989898-0001-4000-8000-000000000001'::uuid, '[{"line": 0, "quantity": 1}]'::jsonb), null,
  'the buyer withdraws from the delivered order');
reset role;
select is(pg_temp.queued('CMD-2026-980001'), array['confirmation', 'nouvelle-commande', 'expediee', 'retractation-recue'],
  'a withdrawal received queues the owner''s notice');
:as_admin
select lives_ok($$select public.admin_set_withdrawal_status('CMD-2026-980001', 1, 'retournee')$$, 'the admin records the goods returned');
reset role;
select is(pg_temp.queued('CMD-2026-980001'), array['confirmation', 'nouvelle-commande', 'expediee', 'retractation-recue'], 'the goods returned queue no mail');
:as_admin
select lives_ok($$select public.admin_set_withdrawal_status('CMD-2026-980001', 1, 'remboursee')$$, 'the admin records the refund');
reset role;
select is(pg_temp.queued('CMD-2026-980001'), array['confirmation', 'nouvelle-commande', 'expediee', 'retractation-recue', 'remboursee'],
  'the refund queues the buyer''s mail « remboursée »');

select is(pg_temp.refusal($$insert into public.order_mails (order_id, kind) select id, 'expediee' from fixture where number = 'CMD-2026-980001'$$),
  '23505', 'one mail per order and kind: the same one cannot be queued twice');
select is(pg_temp.refusal($$insert into public.order_mails (order_id, kind) select id, 'bienvenue' from fixture where number = 'CMD-2026-980001'$$),
  '23514', 'a kind the function cannot word is refused');

-- ── Nobody but service_role ────────────────────────────────────────────────────────────────
:as_anon
select is(pg_temp.refusal($$select 1 from public.order_mails$$), '42501', 'anon may not read the queue');
select is(pg_temp.refusal($$insert into public.order_mails (order_id, kind) values (1, 'confirmation')$$), '42501', 'anon may not queue a mail');
select is(pg_temp.refusal($$update public.order_mails set attempts = 0$$), '42501', 'anon may not update the queue');
select is(pg_temp.refusal($$delete from public.order_mails$$), '42501', 'anon may not delete from the queue');
select is(pg_temp.refusal($$select public.order_mails_claim()$$), '42501', 'anon may not execute order_mails_claim');
select is(pg_temp.refusal($$select public.order_mails_settle('{}', '[]')$$), '42501', 'anon may not execute order_mails_settle');

:as_shopper
select is(pg_temp.refusal($$select 1 from public.order_mails$$), '42501', 'a shopper (user_metadata claiming admin) may not read the queue, their own order''s mails included');
select is(pg_temp.refusal($$insert into public.order_mails (order_id, kind) values (1, 'confirmation')$$), '42501', 'a shopper may not queue a mail');
select is(pg_temp.refusal($$update public.order_mails set attempts = 0$$), '42501', 'a shopper may not update the queue');
select is(pg_temp.refusal($$delete from public.order_mails$$), '42501', 'a shopper may not delete from the queue');
select is(pg_temp.refusal($$select public.order_mails_claim()$$), '42501', 'a shopper may not execute order_mails_claim');
select is(pg_temp.refusal($$select public.order_mails_settle('{}', '[]')$$), '42501', 'a shopper may not execute order_mails_settle');

:as_admin
select is(pg_temp.refusal($$select 1 from public.order_mails$$), '42501', 'an admin may not read the queue through the API (the dashboard shows it)');
select is(pg_temp.refusal($$insert into public.order_mails (order_id, kind) values (1, 'confirmation')$$), '42501', 'an admin may not queue a mail');
select is(pg_temp.refusal($$update public.order_mails set attempts = 0$$), '42501', 'an admin may not update the queue');
select is(pg_temp.refusal($$delete from public.order_mails$$), '42501', 'an admin may not delete from the queue');
select is(pg_temp.refusal($$select public.order_mails_claim()$$), '42501', 'an admin may not execute order_mails_claim');
select is(pg_temp.refusal($$select public.order_mails_settle('{}', '[]')$$), '42501', 'an admin may not execute order_mails_settle');

-- ── Draining, as send-order-mails does (service_role) ──────────────────────────────────────
:as_service
select is((select count(*)::int from public.order_mails), 8, 'service_role reads the whole queue: five mails of the first order, three of the other');
create temporary table claimed as select public.order_mails_claim(3) as rows;
select is((select jsonb_array_length(rows) from claimed), 3, 'order_mails_claim hands as many due mails as asked, oldest first');
select is((select rows -> 0 ->> 'kind' from claimed), 'confirmation', 'each with its kind');
select is((select rows -> 0 -> 'order' ->> 'number' from claimed), 'CMD-2026-980001', 'and its order as order_document writes it');
select is((select rows -> 0 -> 'order' ->> 'email' from claimed), 'camille@exemple.fr', 'the buyer''s address included');
select is((select rows -> 0 ->> 'attempt' from claimed), '1', 'and which attempt this is');
select is((select jsonb_array_length(public.order_mails_claim(100))), 5, 'the next call hands the others, not the ones claimed');
select is(public.order_mails_claim(100), '[]'::jsonb, 'a claimed mail is not handed again before its next attempt is due');
select lives_ok($$select public.order_mails_settle(
                    array(select (r ->> 'id')::bigint from claimed, jsonb_array_elements(rows) r where r ->> 'kind' <> 'nouvelle-commande'),
                    (select jsonb_agg(jsonb_build_object('id', (r ->> 'id')::bigint, 'error', '503 Resend unavailable'))
                     from claimed, jsonb_array_elements(rows) r where r ->> 'kind' = 'nouvelle-commande'))$$,
  'order_mails_settle marks the sent ones and keeps the failure''s error');
select is((select count(*)::int from public.order_mails where sent_at is not null), 2, 'the two sent are marked sent');
select is((select last_error from public.order_mails where kind = 'nouvelle-commande' and order_id = (select id from fixture where number = 'CMD-2026-980001')),
  '503 Resend unavailable', 'the failed one keeps its error, for the owner');
update public.order_mails set next_attempt_at = now() - interval '1 second';
select is((select array_agg(r ->> 'kind' order by r ->> 'id') from jsonb_array_elements(public.order_mails_claim(100)) r where r -> 'order' ->> 'number' = 'CMD-2026-980001'),
  array['nouvelle-commande', 'expediee', 'retractation-recue', 'remboursee'], 'once due again, every unsent mail is handed again; a sent one never');
select is((select attempts from public.order_mails where kind = 'nouvelle-commande' and order_id = (select id from fixture where number = 'CMD-2026-980001')), 2,
  'its attempts counted');
select ok((select next_attempt_at between now() + interval '119 seconds' and now() + interval '121 seconds' from public.order_mails
           where kind = 'nouvelle-commande' and order_id = (select id from fixture where number = 'CMD-2026-980001')),
  'the second attempt waits 2 minutes for the third (1, 2, 4… minutes)');
update public.order_mails set attempts = 8, next_attempt_at = now() - interval '1 second' where sent_at is null;
select is(public.order_mails_claim(100), '[]'::jsonb, 'a mail that failed 8 times is no longer handed: it stays, unsent, for the owner to see');
select is((select count(*)::int from public.order_mails where sent_at is null), 6, 'and nothing is deleted');
select lives_ok($$delete from public.order_mails where sent_at is not null$$, 'service_role may delete from the queue');

select * from finish();
rollback;

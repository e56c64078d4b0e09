-- The permission matrix of newsletter_subscribers and of every function in public: each role
-- (anon; a user who is not an admin, whose user_metadata claims admin; an admin by app_metadata;
-- service_role) × select, insert, update, delete, and × execute: allowed, refused (42501) or
-- filtered (no row). A visitor reaches subscribers only through the two functions.
begin;
create extension if not exists pgtap with schema extensions;
select plan(34);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_service 'reset role; set local role service_role; set local request.jwt.claims to ''{"role": "service_role"}'';'

delete from public.newsletter_subscribers;
insert into public.newsletter_subscribers (email, is_active, unsubscribe_token) values
  ('abonne@example.fr', true, 'jeton-abonne'), ('ancien@example.fr', false, 'jeton-ancien');

-- ── the table ────────────────────────────────────────────────────────────────────────────
:as_anon
select throws_ok($$select email from public.newsletter_subscribers$$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon selects subscribers: refused');
select throws_ok($$insert into public.newsletter_subscribers (email, unsubscribe_token) values ('anon@example.fr', 'x')$$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon inserts a subscriber: refused');
select throws_ok($$update public.newsletter_subscribers set is_active = false$$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon updates subscribers: refused');
select throws_ok($$delete from public.newsletter_subscribers$$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon deletes subscribers: refused');

:as_user
select is_empty($$select email from public.newsletter_subscribers$$, 'a user selects subscribers: filtered, none seen');
select throws_ok($$insert into public.newsletter_subscribers (email, unsubscribe_token) values ('user@example.fr', 'x')$$,
  '42501', 'permission denied for table newsletter_subscribers', 'a user inserts a subscriber: refused');
select is_empty($$update public.newsletter_subscribers set is_active = false returning email$$,
  'a user updates subscribers: filtered, no row changed');
select throws_ok($$delete from public.newsletter_subscribers$$,
  '42501', 'permission denied for table newsletter_subscribers', 'a user deletes subscribers: refused');

:as_admin
select results_eq($$select email from public.newsletter_subscribers order by email$$,
  array['abonne@example.fr', 'ancien@example.fr'], 'an admin selects subscribers: all of them');
select throws_ok($$insert into public.newsletter_subscribers (email, unsubscribe_token) values ('admin@example.fr', 'x')$$,
  '42501', 'permission denied for table newsletter_subscribers', 'an admin inserts a subscriber: refused (the functions do)');
select results_eq(
  $$update public.newsletter_subscribers set confirmation_sent = true where email = 'abonne@example.fr' returning email$$,
  array['abonne@example.fr'], 'an admin updates a subscriber''s state: allowed');
select throws_ok($$update public.newsletter_subscribers set email = 'autre@example.fr' where email = 'abonne@example.fr'$$,
  '42501', 'permission denied for table newsletter_subscribers', 'an admin updates a subscriber''s email: refused');
select throws_ok($$delete from public.newsletter_subscribers$$,
  '42501', 'permission denied for table newsletter_subscribers', 'an admin deletes subscribers: refused');

:as_service
select results_eq($$select email from public.newsletter_subscribers order by email$$,
  array['abonne@example.fr', 'ancien@example.fr'], 'service_role selects subscribers: all of them');
select results_eq(
  $$insert into public.newsletter_subscribers (email, unsubscribe_token) values ('service@example.fr', 'jeton-service') returning email$$,
  array['service@example.fr'], 'service_role inserts a subscriber: allowed');
select results_eq(
  $$update public.newsletter_subscribers set confirmation_sent = true where email = 'service@example.fr' returning email$$,
  array['service@example.fr'], 'service_role updates a subscriber: allowed');
select results_eq($$delete from public.newsletter_subscribers where email = 'service@example.fr' returning email$$,
  array['service@example.fr'], 'service_role deletes a subscriber: allowed');

reset role;
select results_eq(
  $$select email || ' ' || is_active::text || ' ' || confirmation_sent::text from public.newsletter_subscribers order by email$$,
  array['abonne@example.fr true true', 'ancien@example.fr false false'],
  'subscribers hold exactly the admin''s change: no refused or filtered write left a trace');

-- ── the functions ────────────────────────────────────────────────────────────────────────
:as_anon
select is(public.newsletter_subscribe('visiteur@example.fr') ->> 'code', 'subscribed', 'anon executes newsletter_subscribe: allowed');
select is(public.newsletter_unsubscribe('jeton-abonne') ->> 'code', 'unsubscribed', 'anon executes newsletter_unsubscribe: allowed');
select throws_ok($$select public.touch_updated_at()$$,
  '42501', 'permission denied for function touch_updated_at', 'anon executes touch_updated_at: refused');

:as_user
select is(public.newsletter_subscribe('client@example.fr') ->> 'code', 'subscribed', 'a user executes newsletter_subscribe: allowed');
select is(public.newsletter_unsubscribe('jeton-inconnu') ->> 'code', 'invalid-token', 'a user executes newsletter_unsubscribe: allowed');
select throws_ok($$select public.touch_updated_at()$$,
  '42501', 'permission denied for function touch_updated_at', 'a user executes touch_updated_at: refused');

:as_admin
select is(public.newsletter_subscribe('admin@example.fr') ->> 'code', 'subscribed', 'an admin executes newsletter_subscribe: allowed');
select is(public.newsletter_unsubscribe('jeton-inconnu') ->> 'code', 'invalid-token', 'an admin executes newsletter_unsubscribe: allowed');
select throws_ok($$select public.touch_updated_at()$$,
  '42501', 'permission denied for function touch_updated_at', 'an admin executes touch_updated_at: refused');

:as_service
select throws_ok($$select public.newsletter_subscribe('service@example.fr')$$,
  '42501', 'permission denied for function newsletter_subscribe', 'service_role executes newsletter_subscribe: refused');
select throws_ok($$select public.newsletter_unsubscribe('jeton-ancien')$$,
  '42501', 'permission denied for function newsletter_unsubscribe', 'service_role executes newsletter_unsubscribe: refused');
select throws_ok($$select public.touch_updated_at()$$,
  '42501', 'permission denied for function touch_updated_at', 'service_role executes touch_updated_at: refused');

reset role;
select results_eq(
  $$select email || ' ' || is_active::text from public.newsletter_subscribers order by email$$,
  array['abonne@example.fr false', 'admin@example.fr true', 'ancien@example.fr false', 'client@example.fr true', 'visiteur@example.fr true'],
  'the functions'' calls left exactly their transitions (and service_role''s refused calls none)');

-- The functions bypass row-level security as their owner, but a caller gets only the answer.
:as_anon
select is(
  (select pg_catalog.array_agg(k order by k) from pg_catalog.jsonb_object_keys(public.newsletter_subscribe('cle@example.fr')) k),
  array['code', 'message', 'ok'], 'newsletter_subscribe answers ok, code and message, nothing of the table');
select is(
  (select pg_catalog.array_agg(k order by k) from pg_catalog.jsonb_object_keys(public.newsletter_unsubscribe('jeton-ancien')) k),
  array['code', 'message', 'ok'], 'newsletter_unsubscribe answers ok, code and message, nothing of the table');
select throws_ok($$select email from public.newsletter_subscribers$$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon still cannot read the table after subscribing');

select * from finish();
rollback;

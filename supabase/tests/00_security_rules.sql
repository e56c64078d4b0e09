-- Rules every object of `public` must follow, present or future: a table added without
-- row-level security, a function executable by everyone, a policy calling auth.jwt() per row or
-- trusting user_metadata, a privilege granted beyond the permission matrix... fails here.
-- tables_are / functions_are fail when an object is added, so that the matrix
-- (10_catalogue_permissions.sql, 20_newsletter_permissions.sql, 90_orders.sql) is extended with it.
begin;
create extension if not exists pgtap with schema extensions;
select plan(69);

select tables_are('public',
  array['categories', 'products', 'product_images', 'product_price_history', 'newsletter_subscribers', 'orders', 'order_lines', 'order_withdrawals', 'payment_sessions', 'payment_events', 'payment_refunds', 'catalogue_words', 'product_words', 'product_terms',
        'push_subscriptions', 'push_follows', 'push_outbox', 'order_mails'],
  'public holds exactly the tables the permission matrix covers');
select functions_are('public',
  array['admin_delete_product', 'admin_orders', 'admin_save_product', 'admin_set_order_status', 'admin_set_withdrawal_status', 'catalogue_close_words', 'claim_payment_refunds', 'catalogue_count', 'catalogue_discount',
        'catalogue_fold', 'catalogue_learn_words', 'catalogue_query', 'catalogue_search', 'catalogue_search_hits', 'catalogue_search_page', 'catalogue_search_page_filtered', 'catalogue_search_ranked', 'catalogue_search_top', 'catalogue_term_fields', 'catalogue_words_vector', 'categories_learn_words', 'categories_slug_to_products', 'my_orders',
        'my_push_follows', 'orders_push_status', 'products_push_restock', 'push_cap', 'push_claim', 'push_follow_order', 'push_follow_product', 'push_settle',
        'push_subscribe', 'push_unfollow', 'push_unsubscribe',
        'newsletter_subscribe', 'newsletter_unsubscribe', 'order_by_secret', 'order_caller', 'order_delivery_options', 'order_document', 'order_lines_remaining', 'order_lines_vat_rate',
        'order_mails_claim', 'order_mails_settle', 'order_withdrawals_queue_mails', 'orders_queue_mails',
        'order_withdrawals_transition', 'orders_by_secrets', 'orders_delivery_zone', 'orders_payment_outcome_details', 'orders_request_card_refund', 'orders_restock_on_cancel', 'orders_status_transition', 'payable_order', 'place_order', 'price_reference',
        'record_payment_outcome', 'record_payment_session', 'settle_payment_refund',
        'product_reference_price', 'products_category_slug', 'products_default_vat_rate', 'products_forget_terms', 'products_learn_words', 'products_price_history', 'products_reference_price', 'products_words_and_discount', 'release_unpaid_card_orders',
        'touch_product_of_picture', 'touch_updated_at', 'withdraw_from_order', 'withdrawal_last_day'],
  'public holds exactly the functions the permission matrix covers');
select views_are('public', array['catalogue_products'],
  'public holds exactly the views the permission matrix covers (15_catalogue_search.sql)');

select is_empty($$
  select c.relname from pg_catalog.pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity
$$, 'every table in public has row-level security enabled');

-- A view runs as its owner unless security_invoker is set: past every row-level policy.
select is_empty($$
  select c.relname from pg_catalog.pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
    and not exists (select 1 from pg_catalog.unnest(coalesce(c.reloptions, '{}')) o
                    where o ~* '^security_invoker=(true|on|yes|1)$')
$$, 'every view in public is security_invoker: the reader''s rights and row-level security apply');

select is_empty($$
  select p.proname from pg_catalog.pg_proc p
  where p.pronamespace = 'public'::regnamespace
    and (p.proacl is null
         or exists (select 1 from pg_catalog.aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE'))
$$, 'no function in public is executable by PUBLIC (every role)');

select is_empty($$
  select p.proname from pg_catalog.pg_proc p
  where p.pronamespace = 'public'::regnamespace
    and not ('search_path=""' = any (coalesce(p.proconfig, '{}')))
$$, 'every function in public runs with search_path = '''' (names schema-qualified)');

select is_empty($$
  select policyname from pg_catalog.pg_policies
  where schemaname = 'public'
    and pg_catalog.regexp_replace(coalesce(qual, '') || ' ' || coalesce(with_check, ''),
                                  'SELECT auth\.(jwt|uid|role)\(\)', '', 'g') ~ 'auth\.(jwt|uid|role)\('
$$, 'policies call auth.jwt() / auth.uid() / auth.role() through (select ...), once per statement');

select is_empty($$
  select policyname from pg_catalog.pg_policies
  where schemaname = 'public' and (coalesce(qual, '') || coalesce(with_check, '')) like '%user_metadata%'
$$, 'no policy trusts user_metadata (any user can change it)');

-- Table privileges per role: nothing beyond what a policy allows (no TRUNCATE, REFERENCES or
-- TRIGGER: TRUNCATE ignores row-level security).
select table_privs_are('public', 'categories', 'anon', array['SELECT'], 'anon: categories: SELECT only');
select table_privs_are('public', 'products', 'anon', array['SELECT'], 'anon: products: SELECT only');
select table_privs_are('public', 'product_images', 'anon', array['SELECT'], 'anon: product_images: SELECT only');
select table_privs_are('public', 'newsletter_subscribers', 'anon', array[]::text[], 'anon: newsletter_subscribers: nothing');
select table_privs_are('public', 'catalogue_products', 'anon', array['SELECT'], 'anon: catalogue_products: SELECT only');
select table_privs_are('public', 'catalogue_products', 'authenticated', array['SELECT'], 'authenticated: catalogue_products: SELECT only');
select table_privs_are('public', 'catalogue_products', 'service_role', array['SELECT'], 'service_role: catalogue_products: SELECT only');
select table_privs_are('public', 'categories', 'authenticated', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  'authenticated: categories: SELECT, INSERT, UPDATE, DELETE (policies keep writes to admins)');
select table_privs_are('public', 'products', 'authenticated', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  'authenticated: products: SELECT, INSERT, UPDATE, DELETE (policies keep writes to admins)');
select table_privs_are('public', 'product_images', 'authenticated', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  'authenticated: product_images: SELECT, INSERT, UPDATE, DELETE (policies keep writes to admins)');
select table_privs_are('public', 'newsletter_subscribers', 'authenticated', array['SELECT'],
  'authenticated: newsletter_subscribers: SELECT (for admins), updates on two columns only');
select column_privs_are('public', 'newsletter_subscribers', 'is_active', 'authenticated', array['SELECT', 'UPDATE'],
  'authenticated may update newsletter_subscribers.is_active (policy: admins)');
select column_privs_are('public', 'newsletter_subscribers', 'email', 'authenticated', array['SELECT'],
  'authenticated may not update newsletter_subscribers.email');
select table_privs_are('public', 'categories', 'service_role', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  'service_role: categories: SELECT, INSERT, UPDATE, DELETE');
select table_privs_are('public', 'products', 'service_role', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  'service_role: products: SELECT, INSERT, UPDATE, DELETE');
select table_privs_are('public', 'product_images', 'service_role', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  'service_role: product_images: SELECT, INSERT, UPDATE, DELETE');
select table_privs_are('public', 'newsletter_subscribers', 'service_role', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  'service_role: newsletter_subscribers: SELECT, INSERT, UPDATE, DELETE');
-- The price history: written by the products_price_history trigger only (20261126181000_price_history.sql).
select table_privs_are('public', 'product_price_history', 'anon', array['SELECT'], 'anon: product_price_history: SELECT only');
select table_privs_are('public', 'product_price_history', 'authenticated', array['SELECT'], 'authenticated: product_price_history: SELECT only');
select table_privs_are('public', 'product_price_history', 'service_role', array['SELECT'], 'service_role: product_price_history: SELECT only');
-- Orders: written by place_order only, never deleted; admins read and change a status.
select table_privs_are('public', 'orders', 'anon', array[]::text[], 'anon: orders: nothing (order_by_secret reads one)');
select table_privs_are('public', 'order_lines', 'anon', array[]::text[], 'anon: order_lines: nothing');
select table_privs_are('public', 'orders', 'authenticated', array['SELECT'],
  'authenticated: orders: SELECT (for admins), updates of the status only');
select column_privs_are('public', 'orders', 'status', 'authenticated', array['SELECT', 'UPDATE'],
  'authenticated may update orders.status (policy: admins; trigger: allowed transitions)');
select is_empty($$
  select a.attname from pg_catalog.pg_attribute a
  where a.attrelid = 'public.orders'::regclass and a.attnum > 0 and not a.attisdropped and a.attname <> 'status'
    and pg_catalog.has_column_privilege('authenticated', 'public.orders', a.attname, 'UPDATE')
$$, 'authenticated may update no other column of orders');
select table_privs_are('public', 'order_lines', 'authenticated', array['SELECT'], 'authenticated: order_lines: SELECT only (for admins)');
select table_privs_are('public', 'orders', 'service_role', array['SELECT'], 'service_role: orders: SELECT only');
select table_privs_are('public', 'order_lines', 'service_role', array['SELECT'], 'service_role: order_lines: SELECT only');
select is_empty($$
  select c.relname from pg_catalog.pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' and c.relname in ('orders_number_seq', 'orders_id_seq', 'order_lines_id_seq')
    and (pg_catalog.has_sequence_privilege('anon', c.oid, 'USAGE, SELECT, UPDATE')
         or pg_catalog.has_sequence_privilege('authenticated', c.oid, 'USAGE, SELECT, UPDATE')
         or pg_catalog.has_sequence_privilege('service_role', c.oid, 'USAGE, SELECT, UPDATE'))
$$, 'no API role may use the sequences of orders (a number is taken by place_order only)');

select is(
  (select pg_catalog.array_agg(p.proname::text order by p.proname) from pg_catalog.pg_proc p
   where p.pronamespace = 'public'::regnamespace and p.prosecdef),
  array['catalogue_learn_words', 'catalogue_search_hits', 'catalogue_search_ranked', 'catalogue_search_top', 'categories_learn_words', 'my_orders', 'my_push_follows', 'newsletter_subscribe', 'newsletter_unsubscribe',
        'order_by_secret', 'order_mails_claim', 'order_withdrawals_queue_mails', 'orders_by_secrets', 'orders_push_status', 'orders_queue_mails', 'orders_request_card_refund', 'payable_order', 'place_order', 'products_forget_terms', 'products_learn_words', 'products_price_history', 'products_push_restock',
        'push_follow_order', 'record_payment_outcome', 'record_payment_session', 'withdraw_from_order'],
  'the two newsletter functions, the five a visitor orders, reads their orders and withdraws with, the search''s hits, its ranking and its ranked top over published products, the lexicon''s writers and the trigger that forgets a deleted product''s words, the trigger that writes the price history, the two that follow and list followed orders and products and the two triggers that queue their notifications, the order a caller may pay and the two functions that record a card payment (service role only) and the trigger that records a refund owed, the two triggers that queue order mails and the claim that hands them with their order''s document, and only they, are security definer');
-- The public surface: what a visitor (the anon key) may execute, each listed with its limits in
-- docs/supabase.md (« What a visitor may call »). A new function granted to anon fails here.
select is(
  (select pg_catalog.array_agg(p.proname::text order by p.proname) from pg_catalog.pg_proc p
   where p.pronamespace = 'public'::regnamespace and pg_catalog.has_function_privilege('anon', p.oid, 'EXECUTE')),
  array['catalogue_count', 'catalogue_search', 'catalogue_search_hits', 'catalogue_search_page', 'catalogue_search_page_filtered', 'catalogue_search_ranked', 'catalogue_search_top', 'newsletter_subscribe', 'newsletter_unsubscribe', 'order_by_secret', 'order_delivery_options',
        'orders_by_secrets', 'payable_order', 'place_order', 'withdraw_from_order'],
  'anon executes exactly the public functions docs/supabase.md lists with their limits');
select function_privs_are('public', 'newsletter_subscribe', array['text'], 'service_role', array[]::text[],
  'service_role may not execute newsletter_subscribe (granted to anon and authenticated only)');
select function_privs_are('public', 'newsletter_unsubscribe', array['text'], 'service_role', array[]::text[],
  'service_role may not execute newsletter_unsubscribe (granted to anon and authenticated only)');
select function_privs_are('public', 'place_order', array['jsonb', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'jsonb', 'bigint'],
  'service_role', array[]::text[], 'service_role may not execute place_order (granted to anon and authenticated only)');
select function_privs_are('public', 'orders_by_secrets', array['jsonb'], 'service_role', array[]::text[],
  'service_role may not execute orders_by_secrets (granted to anon and authenticated only)');
select function_privs_are('public', 'my_orders', array['text', 'integer'], 'anon', array[]::text[],
  'anon may not execute my_orders (granted to authenticated only: an anonymous user reads its own orders)');
select function_privs_are('public', 'my_orders', array['text', 'integer'], 'service_role', array[]::text[],
  'service_role may not execute my_orders (granted to authenticated only)');
select function_privs_are('public', 'admin_orders', array['text', 'text'], 'anon', array[]::text[],
  'anon may not execute admin_orders (granted to authenticated only; the function refuses a non-admin)');
select function_privs_are('public', 'admin_orders', array['text', 'text'], 'service_role', array[]::text[],
  'service_role may not execute admin_orders (granted to authenticated only)');
select function_privs_are('public', 'order_by_secret', array['text', 'uuid'], 'service_role', array[]::text[],
  'service_role may not execute order_by_secret (granted to anon and authenticated only)');
select function_privs_are('public', 'order_document', array['bigint'], 'anon', array[]::text[],
  'anon may not execute order_document (order_by_secret reads a visitor''s order)');
select function_privs_are('public', 'admin_set_order_status', array['text', 'text'], 'service_role', array[]::text[],
  'service_role may not execute admin_set_order_status (granted to authenticated only)');
select function_privs_are('public', 'orders_status_transition', array[]::text[], 'authenticated', array[]::text[],
  'no API role executes the transition trigger''s function by itself (authenticated)');
select function_privs_are('public', 'orders_restock_on_cancel', array[]::text[], 'authenticated', array[]::text[],
  'no API role executes the cancel trigger''s function by itself (authenticated): it runs with the admin''s rights, as the status change does');
-- The catalogue's functions: the search for every reader; the two that compute the generated
-- columns for the writers only (a row's generated columns are computed with its writer's rights).
select function_privs_are('public', 'catalogue_search', array['text[]'], 'anon', array['EXECUTE'],
  'anon may execute catalogue_search');
select function_privs_are('public', 'catalogue_fold', array['text[]'], 'anon', array[]::text[],
  'anon may not execute catalogue_fold');
select function_privs_are('public', 'catalogue_discount', array['numeric', 'numeric'], 'anon', array[]::text[],
  'anon may not execute catalogue_discount');
select function_privs_are('public', 'catalogue_fold', array['text[]'], 'authenticated', array['EXECUTE'],
  'authenticated may execute catalogue_fold (admins write products; policies keep others out)');
select function_privs_are('public', 'catalogue_discount', array['numeric', 'numeric'], 'service_role', array['EXECUTE'],
  'service_role may execute catalogue_discount');
-- Push notifications (20261127010000_push_notifications.sql): the owner's rows only, through
-- row-level security; never an UPDATE; the outbox for send-push (service_role) alone.
select table_privs_are('public', 'push_subscriptions', 'anon', array[]::text[], 'anon: push_subscriptions: nothing');
select table_privs_are('public', 'push_follows', 'anon', array[]::text[], 'anon: push_follows: nothing');
select table_privs_are('public', 'push_outbox', 'anon', array[]::text[], 'anon: push_outbox: nothing');
select table_privs_are('public', 'push_subscriptions', 'authenticated', array['SELECT', 'DELETE'],
  'authenticated: push_subscriptions: SELECT and DELETE (policies: the owner''s rows), INSERT of three columns only');
select table_privs_are('public', 'push_follows', 'authenticated', array['SELECT', 'DELETE'],
  'authenticated: push_follows: SELECT and DELETE (policies: the owner''s rows), INSERT of two columns only');
select table_privs_are('public', 'push_outbox', 'authenticated', array[]::text[], 'authenticated: push_outbox: nothing');
select is(
  (select pg_catalog.array_agg(c.table_name || '.' || c.column_name order by c.table_name, c.column_name)
   from information_schema.column_privileges c
   where c.table_schema = 'public' and c.grantee = 'authenticated' and c.privilege_type in ('INSERT', 'UPDATE') and c.table_name like 'push\_%'),
  array['push_follows.product_id', 'push_follows.subscription_id', 'push_subscriptions.auth', 'push_subscriptions.endpoint', 'push_subscriptions.p256dh'],
  'authenticated inserts a subscription''s endpoint and keys and a follow''s subscription and product, and updates no column of the push tables');
select table_privs_are('public', 'push_subscriptions', 'service_role', array['SELECT', 'DELETE'], 'service_role: push_subscriptions: SELECT and DELETE');
select table_privs_are('public', 'push_follows', 'service_role', array[]::text[], 'service_role: push_follows: nothing (the triggers read them)');
select table_privs_are('public', 'push_outbox', 'service_role', array['SELECT', 'UPDATE', 'DELETE'], 'service_role: push_outbox: SELECT, UPDATE and DELETE (push_claim, push_settle)');
select ok(
  (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = 'service_role')
  and not (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = 'authenticated')
  and not (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = 'anon'),
  'only service_role bypasses row-level security, as on Supabase');

select * from finish();
rollback;

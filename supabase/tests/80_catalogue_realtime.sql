-- Realtime and the catalogue (migration 20261123200000_catalogue_realtime.sql): the product
-- tables are in the `supabase_realtime` publication, and every change of a product's pictures
-- touches the product's row, whose UPDATE event names the product (a deleted picture's event
-- carries its own primary key only). The trigger writes nothing its writer may not write.
begin;
create extension if not exists pgtap with schema extensions;
select plan(11);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'

select is(
  array(select tablename::text from pg_catalog.pg_publication_tables
         where pubname = 'supabase_realtime' and schemaname = 'public' order by tablename),
  array['orders', 'product_images', 'products'],
  'supabase_realtime publishes the product tables and orders (20261123213000_orders.sql), and no other table of public');
select results_eq($$
  select pubinsert and pubupdate and pubdelete from pg_catalog.pg_publication where pubname = 'supabase_realtime'
$$, array[true], 'supabase_realtime publishes inserts, updates and deletes');

-- Fixtures, as the owner: a product last changed long ago, with one picture.
insert into public.categories (slug, name, position) values ('test-rt', 'Catégorie de test', 100);
insert into public.products (slug, name, price, category_id, stock, updated_at)
select 'test-rt-vase', 'Vase', 10.00, id, 3, '2020-01-01T00:00:00Z' from public.categories where slug = 'test-rt';
insert into public.product_images (product_id, url, position)
select id, '/test/vase-1.svg', 0 from public.products where slug = 'test-rt-vase';
update public.products set updated_at = '2020-01-01T00:00:00Z' where slug = 'test-rt-vase';

:as_admin
insert into public.product_images (product_id, url, position)
select id, '/test/vase-2.svg', 1 from public.products where slug = 'test-rt-vase';
select ok((select updated_at > '2020-01-01T00:00:00Z' from public.products where slug = 'test-rt-vase'),
  'an admin adds a picture: the product is touched');

reset role;
update public.products set updated_at = '2020-01-01T00:00:00Z' where slug = 'test-rt-vase';
:as_admin
update public.product_images set position = 2 where url = '/test/vase-1.svg';
select ok((select updated_at > '2020-01-01T00:00:00Z' from public.products where slug = 'test-rt-vase'),
  'an admin reorders a picture: the product is touched');

reset role;
update public.products set updated_at = '2020-01-01T00:00:00Z' where slug = 'test-rt-vase';
:as_admin
delete from public.product_images where url = '/test/vase-1.svg';
select ok((select updated_at > '2020-01-01T00:00:00Z' from public.products where slug = 'test-rt-vase'),
  'an admin deletes a picture: the product is touched');

delete from public.products where slug = 'test-rt-vase';
select is_empty($$select 1 from public.product_images where url like '/test/vase-%'$$,
  'an admin deletes the product: its pictures go with it, the trigger on the product gone does not stand in the way');

reset role;
select is_empty($$
  select 1 from pg_catalog.pg_proc p
   where p.proname = 'touch_product_of_picture' and p.prosecdef
$$, 'touch_product_of_picture runs with its caller''s rights (not security definer)');

:as_anon
select throws_ok($$select public.touch_product_of_picture()$$,
  '42501', 'permission denied for function touch_product_of_picture', 'anon executes touch_product_of_picture: refused');
select throws_ok($$insert into public.product_images (product_id, url) select id, '/test/x.svg' from public.products limit 1$$,
  '42501', 'permission denied for table product_images', 'anon adds a picture (and would touch its product): refused');
:as_user
select throws_ok($$select public.touch_product_of_picture()$$,
  '42501', 'permission denied for function touch_product_of_picture', 'a user executes touch_product_of_picture: refused');
select throws_ok($$insert into public.product_images (product_id, url) select id, '/test/x.svg' from public.products limit 1$$,
  '42501', 'new row violates row-level security policy for table "product_images"', 'a user adds a picture (and would touch its product): refused');

select * from finish();
rollback;

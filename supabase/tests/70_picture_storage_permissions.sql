-- The permission matrix of the product pictures (storage.objects in the `catalogue` bucket,
-- supabase/migrations/20261123201500_catalogue_pictures.sql): anon, an authenticated user who
-- is not an admin (whose user_metadata claims admin), and an admin by app_metadata × select,
-- insert, update, delete; then the bucket as stored. Each role runs as Storage runs a request:
-- `set local role` and the JWT's claims in request.jwt.claims.
begin;
create extension if not exists pgtap with schema extensions;
select plan(22);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'

-- Fixtures, as the owner: a picture of the catalogue, and another bucket whose objects no
-- policy of ours covers.
insert into storage.buckets (id, name, public) values ('autre', 'autre', false);
insert into storage.objects (bucket_id, name, metadata) values
  ('catalogue', 'produits/test-existante.png', '{"mimetype": "image/png", "size": 68}'),
  ('autre', 'test-autre.png', '{"mimetype": "image/png", "size": 68}');

-- ── anon ─────────────────────────────────────────────────────────────────────────────────
:as_anon
select is_empty($$select name from storage.objects where name like '%test-%' order by name$$,
  'anon lists no picture (a public bucket serves its files by URL: listing them would show the drafts'' pictures)');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('catalogue', 'produits/test-anon.png')$$,
  '42501', 'new row violates row-level security policy for table "objects"', 'anon inserts a picture: refused');
select is_empty($$update storage.objects set name = 'produits/test-pirate.png' where bucket_id = 'catalogue' returning name$$,
  'anon updates a picture: filtered, no row changed');
select is_empty($$delete from storage.objects where bucket_id = 'catalogue' returning name$$,
  'anon deletes a picture: filtered, no row deleted');

-- ── authenticated, not an admin (user_metadata says admin: it must not count) ──────────────
:as_user
select is_empty($$select name from storage.objects where name like '%test-%' order by name$$,
  'a user who is not an admin lists no picture');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('catalogue', 'produits/test-user.png')$$,
  '42501', 'new row violates row-level security policy for table "objects"', 'a user inserts a picture: refused');
select is_empty($$update storage.objects set name = 'produits/test-pirate.png' where bucket_id = 'catalogue' returning name$$,
  'a user updates a picture: filtered, no row changed');
select is_empty($$delete from storage.objects where bucket_id = 'catalogue' returning name$$,
  'a user deletes a picture: filtered, no row deleted');

-- ── admin (app_metadata.role = 'admin') ──────────────────────────────────────────────────
:as_admin
select results_eq($$select name from storage.objects where name like '%test-%' order by name$$,
  array['produits/test-existante.png'], 'an admin selects the catalogue''s pictures');
select lives_ok($$insert into storage.objects (bucket_id, name, owner_id) values ('catalogue', 'produits/test-admin.png', '22222222-2222-4222-8222-222222222222')$$,
  'an admin inserts a picture: allowed');
select results_eq($$update storage.objects set metadata = '{"mimetype": "image/png", "size": 70}' where name = 'produits/test-admin.png' returning name$$,
  array['produits/test-admin.png'], 'an admin updates a picture: allowed');
select results_eq($$delete from storage.objects where name = 'produits/test-existante.png' returning name$$,
  array['produits/test-existante.png'], 'an admin deletes a picture: allowed');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('autre', 'test-admin-autre.png')$$,
  '42501', 'new row violates row-level security policy for table "objects"', 'an admin inserts into another bucket: refused (the policies are the catalogue''s only)');
select throws_ok($$update storage.objects set bucket_id = 'autre' where name = 'produits/test-admin.png'$$,
  '42501', 'new row violates row-level security policy for table "objects"', 'an admin moves a picture out of the catalogue: refused');
select is_empty($$delete from storage.objects where bucket_id = 'autre' returning name$$,
  'an admin deletes another bucket''s object: filtered, no row deleted');

-- ── what persisted, and the bucket ───────────────────────────────────────────────────────
reset role;
select results_eq($$select name from storage.objects where name like '%test-%' order by name$$,
  array['produits/test-admin.png', 'test-autre.png'], 'only the admin''s writes took effect');
select results_eq($$select metadata ->> 'size' from storage.objects where name = 'produits/test-admin.png'$$,
  array['70'], 'the admin''s update persisted');
select is((select public from storage.buckets where id = 'catalogue'), true,
  'the catalogue bucket is public: the storefront shows pictures by their public URL');
select is((select file_size_limit from storage.buckets where id = 'catalogue'), 2097152::bigint,
  'the catalogue bucket takes files of 2 Mo at most (MAX_PICTURE_BYTES)');
select is((select allowed_mime_types from storage.buckets where id = 'catalogue'), array['image/jpeg', 'image/png', 'image/webp'],
  'the catalogue bucket takes JPEG, PNG and WebP only (no SVG)');
select policies_are('storage', 'objects', array[
  'Admins read the catalogue''s pictures', 'Admins add catalogue pictures',
  'Admins change catalogue pictures', 'Admins delete catalogue pictures'],
  'storage.objects has exactly the catalogue''s policies');
select is_empty($$
  select policyname from pg_catalog.pg_policies
  where schemaname = 'storage'
    and (pg_catalog.regexp_replace(coalesce(qual, '') || ' ' || coalesce(with_check, ''), 'SELECT auth\.(jwt|uid|role)\(\)', '', 'g') ~ 'auth\.(jwt|uid|role)\('
         or (coalesce(qual, '') || coalesce(with_check, '')) like '%user_metadata%')
$$, 'storage policies call auth.jwt() once per statement and never trust user_metadata');

select * from finish();
rollback;

-- The permission matrix of the catalogue tables: for categories, products and product_images,
-- each role (anon; an authenticated user who is not an admin, whose user_metadata claims admin;
-- an admin by app_metadata; service_role) × select, insert, update, delete: allowed, refused
-- (42501) or filtered (no row). Each role runs as PostgREST runs a request: `set local role`
-- and the JWT's claims in request.jwt.claims.
begin;
create extension if not exists pgtap with schema extensions;
select plan(53);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_service 'reset role; set local role service_role; set local request.jwt.claims to ''{"role": "service_role"}'';'

-- Fixtures, as the owner: a category with a published and a hidden product, each with a
-- picture, and two empty categories to delete.
insert into public.categories (slug, name, position) values
  ('test-cat', 'Catégorie de test', 100), ('test-empty', 'Vide', 101), ('test-empty-2', 'Vide aussi', 102);
insert into public.products (slug, name, price, category_id, stock, is_published, updated_at)
select p.slug, p.name, 10.00, c.id, 3, p.published, '2020-01-01T00:00:00Z'
from public.categories c,
     (values ('test-published', 'Publié', true), ('test-hidden', 'Caché', false)) as p (slug, name, published)
where c.slug = 'test-cat';
insert into public.product_images (product_id, url, position)
select p.id, '/test/' || p.slug || '.svg', 0 from public.products p where p.slug in ('test-published', 'test-hidden');

-- ── anon ─────────────────────────────────────────────────────────────────────────────────
:as_anon
select results_eq($$select slug from public.categories where slug like 'test-%' order by slug$$,
  array['test-cat', 'test-empty', 'test-empty-2'], 'anon selects categories: all of them');
select throws_ok($$insert into public.categories (slug, name) values ('test-anon', 'Anonyme')$$,
  '42501', 'permission denied for table categories', 'anon inserts a category: refused');
select throws_ok($$update public.categories set name = 'Piraté' where slug = 'test-cat'$$,
  '42501', 'permission denied for table categories', 'anon updates a category: refused');
select throws_ok($$delete from public.categories where slug = 'test-empty'$$,
  '42501', 'permission denied for table categories', 'anon deletes a category: refused');

select results_eq($$select slug from public.products where slug like 'test-%' order by slug$$,
  array['test-published'], 'anon selects products: the published ones only');
select is_empty($$select slug from public.products where slug = 'test-hidden'$$,
  'anon selects an unpublished product: filtered out');
select throws_ok($$insert into public.products (slug, name, price, category_id) values ('test-anon', 'Anonyme', 1, 1)$$,
  '42501', 'permission denied for table products', 'anon inserts a product: refused');
select throws_ok($$update public.products set price = 0 where slug = 'test-published'$$,
  '42501', 'permission denied for table products', 'anon updates a product: refused');
select throws_ok($$delete from public.products where slug = 'test-published'$$,
  '42501', 'permission denied for table products', 'anon deletes a product: refused');

select results_eq($$select url from public.product_images where url like '/test/%' order by url$$,
  array['/test/test-published.svg'], 'anon selects pictures: those of published products only');
select throws_ok($$insert into public.product_images (product_id, url) values (1, '/test/anon.svg')$$,
  '42501', 'permission denied for table product_images', 'anon inserts a picture: refused');
select throws_ok($$update public.product_images set position = 9 where url = '/test/test-published.svg'$$,
  '42501', 'permission denied for table product_images', 'anon updates a picture: refused');
select throws_ok($$delete from public.product_images where url = '/test/test-published.svg'$$,
  '42501', 'permission denied for table product_images', 'anon deletes a picture: refused');

-- ── authenticated, not an admin (user_metadata says admin: it must not count) ──────────────
:as_user
select results_eq($$select slug from public.categories where slug like 'test-%' order by slug$$,
  array['test-cat', 'test-empty', 'test-empty-2'], 'a user selects categories: all of them');
select throws_ok($$insert into public.categories (slug, name) values ('test-user', 'Utilisateur')$$,
  '42501', 'new row violates row-level security policy for table "categories"', 'a user inserts a category: refused');
select is_empty($$update public.categories set name = 'Piraté' where slug like 'test-%' returning slug$$,
  'a user updates categories: filtered, no row changed');
select is_empty($$delete from public.categories where slug = 'test-empty' returning slug$$,
  'a user deletes a category: filtered, no row deleted');

select results_eq($$select slug from public.products where slug like 'test-%' order by slug$$,
  array['test-published'], 'a user selects products: the published ones only');
select throws_ok(
  $$insert into public.products (slug, name, price, category_id)
    select 'test-user', 'Utilisateur', 1, id from public.categories where slug = 'test-cat'$$,
  '42501', 'new row violates row-level security policy for table "products"', 'a user inserts a product: refused');
select is_empty($$update public.products set price = 0 where slug like 'test-%' returning slug$$,
  'a user updates products: filtered, no row changed');
select is_empty($$delete from public.products where slug like 'test-%' returning slug$$,
  'a user deletes products: filtered, no row deleted');

select results_eq($$select url from public.product_images where url like '/test/%' order by url$$,
  array['/test/test-published.svg'], 'a user selects pictures: those of published products only');
select throws_ok(
  $$insert into public.product_images (product_id, url)
    select id, '/test/user.svg' from public.products where slug = 'test-published'$$,
  '42501', 'new row violates row-level security policy for table "product_images"', 'a user inserts a picture: refused');
select is_empty($$update public.product_images set position = 9 where url like '/test/%' returning url$$,
  'a user updates pictures: filtered, no row changed');
select is_empty($$delete from public.product_images where url like '/test/%' returning url$$,
  'a user deletes pictures: filtered, no row deleted');

-- ── admin (app_metadata.role = 'admin') ─────────────────────────────────────────────────
:as_admin
select results_eq($$select slug from public.categories where slug like 'test-%' order by slug$$,
  array['test-cat', 'test-empty', 'test-empty-2'], 'an admin selects categories: all of them');
select results_eq($$insert into public.categories (slug, name) values ('test-admin', 'Admin') returning slug$$,
  array['test-admin'], 'an admin inserts a category: allowed');
select results_eq($$update public.categories set name = 'Renommée' where slug = 'test-cat' returning name$$,
  array['Renommée'], 'an admin updates a category: allowed');
select results_eq($$delete from public.categories where slug = 'test-empty' returning slug$$,
  array['test-empty'], 'an admin deletes a category: allowed');

select results_eq($$select slug from public.products where slug like 'test-%' order by slug$$,
  array['test-hidden', 'test-published'], 'an admin selects products: published and unpublished');
select results_eq(
  $$insert into public.products (slug, name, price, category_id, is_published)
    select 'test-admin', 'Ajout admin', 19.90, id, false from public.categories where slug = 'test-cat'
    returning slug$$,
  array['test-admin'], 'an admin inserts a product (unpublished, and sees it back): allowed');
select results_eq(
  $$update public.products set price = 12.00 where slug = 'test-hidden'
    returning price::text || ' ' || (updated_at > '2020-01-01T00:00:00Z')::text$$,
  array['12.00 true'], 'an admin updates a product: allowed, updated_at follows');
select results_eq($$delete from public.products where slug = 'test-admin' returning slug$$,
  array['test-admin'], 'an admin deletes a product: allowed');

select results_eq($$select url from public.product_images where url like '/test/%' order by url$$,
  array['/test/test-hidden.svg', '/test/test-published.svg'], 'an admin selects pictures: all of them');
select results_eq(
  $$insert into public.product_images (product_id, url, position)
    select id, '/test/admin.svg', 1 from public.products where slug = 'test-hidden' returning url$$,
  array['/test/admin.svg'], 'an admin inserts a picture: allowed');
select results_eq($$update public.product_images set position = 2 where url = '/test/admin.svg' returning position$$,
  array[2], 'an admin updates a picture: allowed');
select results_eq($$delete from public.product_images where url = '/test/admin.svg' returning url$$,
  array['/test/admin.svg'], 'an admin deletes a picture: allowed');

-- ── service_role (bypasses row-level security) ──────────────────────────────────────────
:as_service
select results_eq($$select slug from public.categories where slug like 'test-%' order by slug$$,
  array['test-admin', 'test-cat', 'test-empty-2'], 'service_role selects categories: all of them');
select results_eq($$insert into public.categories (slug, name) values ('test-service', 'Service') returning slug$$,
  array['test-service'], 'service_role inserts a category: allowed');
select results_eq($$update public.categories set name = 'Service' where slug = 'test-admin' returning name$$,
  array['Service'], 'service_role updates a category: allowed');
select results_eq($$delete from public.categories where slug = 'test-empty-2' returning slug$$,
  array['test-empty-2'], 'service_role deletes a category: allowed');

select results_eq($$select slug from public.products where slug like 'test-%' order by slug$$,
  array['test-hidden', 'test-published'], 'service_role selects products: published and unpublished');
select results_eq(
  $$insert into public.products (slug, name, price, category_id)
    select 'test-service', 'Ajout service', 5, id from public.categories where slug = 'test-cat' returning slug$$,
  array['test-service'], 'service_role inserts a product: allowed');
select results_eq($$update public.products set stock = 0 where slug = 'test-service' returning stock$$,
  array[0], 'service_role updates a product: allowed');
select results_eq($$delete from public.products where slug = 'test-service' returning slug$$,
  array['test-service'], 'service_role deletes a product: allowed');

select results_eq($$select url from public.product_images where url like '/test/%' order by url$$,
  array['/test/test-hidden.svg', '/test/test-published.svg'], 'service_role selects pictures: all of them');
select results_eq(
  $$insert into public.product_images (product_id, url)
    select id, '/test/service.svg' from public.products where slug = 'test-published' returning url$$,
  array['/test/service.svg'], 'service_role inserts a picture: allowed');
select results_eq($$update public.product_images set position = 3 where url = '/test/service.svg' returning position$$,
  array[3], 'service_role updates a picture: allowed');
select results_eq($$delete from public.product_images where url = '/test/service.svg' returning url$$,
  array['/test/service.svg'], 'service_role deletes a picture: allowed');

-- ── what stayed, seen by the owner: no refused or filtered write left a trace ────────────
reset role;
select results_eq($$select slug || ' ' || name from public.categories where slug like 'test-%' order by slug$$,
  array['test-admin Service', 'test-cat Renommée', 'test-service Service'],
  'categories hold exactly the admin''s and service_role''s changes');
select results_eq(
  $$select slug || ' ' || price::text || ' ' || is_published::text from public.products where slug like 'test-%' order by slug$$,
  array['test-hidden 12.00 false', 'test-published 10.00 true'],
  'products hold exactly the admin''s and service_role''s changes');
select results_eq($$select url || ' ' || position from public.product_images where url like '/test/%' order by url$$,
  array['/test/test-hidden.svg 0', '/test/test-published.svg 0'],
  'pictures hold exactly the admin''s and service_role''s changes');
select is_empty($$select 1 from public.products p join public.categories c on c.id = p.category_id
                  where c.slug in ('test-anon', 'test-user') or p.slug in ('test-anon', 'test-user')$$,
  'no row inserted by anon or a user exists');

select * from finish();
rollback;

-- What the shop's catalogue reads (supabase/migrations/20261123170000_catalogue_search.sql):
-- the generated columns, the view catalogue_products and the function catalogue_search, in the
-- permission matrix (each role reads published products only; nobody writes through them) and
-- in their results (folded text, discount, relevance) as the demo catalogue computes them.
begin;
create extension if not exists pgtap with schema extensions;
select plan(34);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_service 'reset role; set local role service_role; set local request.jwt.claims to ''{"role": "service_role"}'';'

-- Fixtures, as the owner: a category with a published and a hidden product.
insert into public.categories (slug, name, position) values ('test-cat', 'Thé & Infusions', 100);
insert into public.products (slug, name, description, price, original_price, category_id, stock, tags, is_published)
select p.slug, p.name, 'Fonte émaillée, cuisson à l’ancienne.', 17.10, 20.00, c.id, 3, array['Thé', 'Cadeau'], p.published
from public.categories c,
     (values ('test-published', 'Théière « Œuvre » Zéphyr', true), ('test-hidden', 'Théière cachée Zéphyr', false)) as p (slug, name, published)
where c.slug = 'test-cat';

-- ── The generated columns: the demo's normalizeSearchText and discountPercent ─────────────
select is((select search_name from public.products where slug = 'test-published'), ' theiere oeuvre zephyr',
  'search_name: lower case, accents stripped, œ spelled out, punctuation gone, one leading space');
select is((select search_tags from public.products where slug = 'test-published'), ' the cadeau',
  'search_tags: the tags folded and joined');
select is((select search_description from public.products where slug = 'test-published'), ' fonte emaillee cuisson a l ancienne',
  'search_description: an apostrophe separates words, as in the shop');
select is((select search_name from public.categories where slug = 'test-cat'), ' the infusions',
  'categories.search_name: the category''s name folded');
select is(public.catalogue_fold(array['ÀÉÎÕÜ çñ ÿ Ærø ßtraße — 12,5 cm']), ' aeiou cn y aerø sstrasse 12 5 cm',
  'catalogue_fold: capitals, Latin accents, ligatures, ø kept (no decomposition), digits');
select is((select discount_percent from public.products where slug = 'test-published'), 14,
  'discount_percent of 17.10 instead of 20.00: 14 (binary floating point gives 14.4999…, as in the shop)');
select results_eq($$select public.catalogue_discount(v.price, v.original) from (values
    (70.00, 80.00), (9.99, 10.00), (10.00, 10.00), (12.00, 10.00), (5.00, null), (0.00, 10.00), (5.00, 0.00)) as v (price, original)$$,
  $$values (13), (0), (0), (0), (0), (100), (0)$$,
  'catalogue_discount: halves rounded up, under 0.5 % is no discount, none without an original price above the price');
select is((select discount_percent from public.products where slug = 'theiere-en-fonte-kyoto'), 0,
  'a seeded product without an original price: discount 0');

-- ── The view, for each role: published products only; nothing written through it ─────────
:as_anon
select results_eq($$select slug, category_slug, discount_percent, on_sale, relevance from public.catalogue_products where slug like 'test-%'$$,
  $$values ('test-published'::text, 'test-cat'::text, 14, true, 0)$$,
  'anon reads catalogue_products: the published product with its category, discount, « en promotion »');
select is_empty($$select slug from public.products where slug = 'test-hidden'$$,
  'anon reads no generated column of an unpublished product (the table''s policy)');
select throws_ok($$update public.catalogue_products set price = 0 where slug = 'test-published'$$,
  '55000', 'cannot update view "catalogue_products"', 'anon updates through the view: refused (a read-only view)');
select throws_ok($$delete from public.catalogue_products where slug = 'test-published'$$,
  '55000', 'cannot delete from view "catalogue_products"', 'anon deletes through the view: refused (a read-only view)');
select throws_ok($$select public.catalogue_fold(array['x'])$$,
  '42501', 'permission denied for function catalogue_fold', 'anon executes catalogue_fold: refused');
select throws_ok($$select public.catalogue_discount(1, 2)$$,
  '42501', 'permission denied for function catalogue_discount', 'anon executes catalogue_discount: refused');

:as_user
select results_eq($$select slug from public.catalogue_products where slug like 'test-%'$$,
  array['test-published'], 'a signed-in user who is not an admin reads the published product only');
select throws_ok($$insert into public.catalogue_products (slug, name, price) values ('test-user', 'x', 1)$$,
  '55000', 'cannot insert into view "catalogue_products"', 'a user inserts through the view: refused (a read-only view)');

:as_admin
select results_eq($$select slug from public.catalogue_products where slug like 'test-%'$$,
  array['test-published'], 'an admin reads the shop''s catalogue: the published product only, as shoppers see it');
select lives_ok($$insert into public.products (slug, name, price, category_id, tags)
                  select 'test-admin', 'Bol Été', 9.00, id, array['Grès'] from public.categories where slug = 'test-cat'$$,
  'an admin adds a product: its generated columns are computed with the admin''s rights');
-- Its price of 9.00 kept 60 days, then a reduction to 4.50 (20261126181000_price_history.sql).
reset role;
update public.product_price_history set since = now() - interval '60 days'
 where product_id = (select id from public.products where slug = 'test-admin');
:as_admin
update public.products set price = 4.50, original_price = 9.00 where slug = 'test-admin';
select results_eq($$select search_name, search_tags, discount_percent from public.products where slug = 'test-admin'$$,
  $$values (' bol ete'::text, ' gres'::text, 50)$$, 'the admin''s product: folded name and tags, discount 50');
select throws_ok($$update public.products set search_name = ' autre' where slug = 'test-admin'$$,
  '428C9', null, 'a generated column cannot be written, even by an admin');
select throws_ok($$update public.catalogue_products set price = 1 where slug = 'test-admin'$$,
  '55000', 'cannot update view "catalogue_products"', 'an admin writes through the view: refused (admins write the tables)');

:as_service
select results_eq($$select slug from public.catalogue_products where slug like 'test-%' order by slug$$,
  array['test-admin', 'test-published'], 'service_role reads the published products through the view');

-- ── security_invoker: the reader's own rights on the tables apply through the view ─────────
reset role;
revoke select on table public.products from anon;
:as_anon
select throws_ok($$select slug from public.catalogue_products$$,
  '42501', 'permission denied for table products', 'without its own right on products, anon reads nothing through the view');
reset role;
grant select on table public.products to anon;

-- ── catalogue_search: every word starts a word somewhere; relevance as the demo ranks ─────
:as_anon
select results_eq($$select slug, relevance from public.catalogue_search(array['theiere']) where slug like 'test-%'$$,
  $$values ('test-published'::text, 128)$$, 'a word of the name: relevance 8 × 16 (exact); the unpublished product is not found');
select results_eq($$select slug, relevance from public.catalogue_search(array['the']) where slug like 'test-%' order by slug$$,
  $$values ('test-admin'::text, 32), ('test-published'::text, 224)$$,
  '« the »: a word of the category only (2); of the name (8), the tags (4) and the category (2)');
select results_eq($$select slug, relevance from public.catalogue_search(array['infusions', 'cuisson']) where slug like 'test-%'$$,
  $$values ('test-published'::text, 48)$$, 'two words: the category''s name (2) plus the description (1), × 16 (exact)');
select is_empty($$select slug from public.catalogue_search(array['theiere', 'porcelaine']) where slug like 'test-%'$$,
  'a word found nowhere: the product is left out');
select is_empty($$select slug from public.catalogue_search(array['eiere']) where slug like 'test-%'$$,
  'a word must start a word, or be one letter from one: « eiere » is not « theiere »');
select is((select count(*)::int from public.catalogue_search(array[]::text[])), (select count(*)::int from public.catalogue_products),
  'no word: every published product');
select results_eq($$select on_sale, category_slug from public.catalogue_search(array['zephyr']) where slug like 'test-%'$$,
  $$values (true, 'test-cat'::text)$$, 'catalogue_search returns the view''s rows: its columns, filters and orders apply');

:as_user
select results_eq($$select slug from public.catalogue_search(array['zephyr']) where slug like 'test-%'$$,
  array['test-published'], 'a user who is not an admin finds the published product only');
:as_admin
select results_eq($$select slug from public.catalogue_search(array['zephyr']) where slug like 'test-%'$$,
  array['test-published'], 'an admin searching the shop finds the published product only');
:as_service
select results_eq($$select slug from public.catalogue_search(array['zephyr']) where slug like 'test-%'$$,
  array['test-published'], 'service_role finds the published product only');
reset role;
select is(
  (select p.prosecdef from pg_catalog.pg_proc p where p.oid = 'public.catalogue_search(text[])'::regprocedure),
  false, 'catalogue_search runs with the caller''s rights (security invoker): row-level security applies');

select * from finish();
rollback;

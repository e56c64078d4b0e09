-- The seed (supabase/seed.sql, generated from the demo catalogue) as a visitor sees it: the
-- local shop's categories in their order, its 72 products with their pictures, all published.
-- If the demo catalogue changes, these counts change with it (npm run db:seed).
begin;
create extension if not exists pgtap with schema extensions;
select plan(8);

set local role anon;
set local request.jwt.claims to '{"role": "anon"}';

select results_eq($$select slug from public.categories order by position$$,
  array['cuisine', 'maison', 'textile', 'papeterie', 'bien-etre', 'jardin', 'enfants', 'epicerie-fine'],
  'a visitor sees the demo catalogue''s eight categories, in its order');
select is((select count(*)::int from public.products), 72, 'a visitor sees the 72 demo products');
select is((select count(*)::int from public.product_images), 223, 'a visitor sees their 223 pictures');
select is((select count(*)::int from public.products where stock > 0), 65, '65 are in stock, 7 are not');
select is((select count(*)::int from public.products where original_price > price), 18, '18 are on sale');
select results_eq(
  $$select p.name, p.price, p.original_price, c.slug, p.stock, p.tags, p.created_at
    from public.products p join public.categories c on c.id = p.category_id where p.slug = 'theiere-en-fonte-kyoto'$$,
  $$values ('Théière en fonte Kyoto'::text, 54.90::numeric(10, 2), null::numeric(10, 2), 'cuisine'::text, 11,
            array['thé', 'fonte', 'cadeau'], '2025-08-20T18:45:00Z'::timestamptz)$$,
  'the first demo product is there with its price, category, stock, tags and date');
select results_eq(
  $$select i.url from public.product_images i join public.products p on p.id = i.product_id
    where p.slug = 'theiere-en-fonte-kyoto' order by i.position$$,
  array['/images/catalogue/produits/theiere-en-fonte-kyoto-1.svg', '/images/catalogue/produits/theiere-en-fonte-kyoto-2.svg'],
  'with its pictures in order');

reset role;
select lives_ok(
  $$insert into public.categories (slug, name) values ('nouvelle', 'Nouvelle')$$,
  'a row added after the seed gets a fresh id (the identities continue after the seeded ids)');

select * from finish();
rollback;

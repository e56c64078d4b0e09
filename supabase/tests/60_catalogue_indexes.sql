-- The queries the shop sends through PostgREST, run as a visitor on a catalogue of 20,000
-- products, are served by an index (the planner's own choice, statistics analysed). The rows
-- added here are rolled back.
begin;
create extension if not exists pgtap with schema extensions;
select plan(12);

create function pg_temp.plan_of(query text) returns text
  language plpgsql
as $$
declare
  line text;
  plan text := '';
begin
  for line in execute 'explain (costs off) ' || query loop
    plan := plan || line || E'\n';
  end loop;
  return plan;
end;
$$;

insert into public.products (slug, name, price, category_id, stock, is_published, created_at)
select 'volume-' || g, 'Produit ' || g, (g % 400) + 0.9, c.id, g % 7, g % 10 <> 0, now() - g * interval '1 hour'
from generate_series(1, 10000) g
join public.categories c on c.position = g % 8;
insert into public.product_images (product_id, url, position)
select p.id, '/volume/' || p.id || '-' || n || '.svg', n from public.products p, generate_series(0, 1) n;
insert into public.newsletter_subscribers (email, unsubscribe_token, is_active)
select 'abonne-' || g || '@example.fr', 'jeton-' || g, g % 3 = 0 from generate_series(1, 10000) g;
analyze public.products, public.product_images, public.categories, public.newsletter_subscribers;

set local role anon;
set local request.jwt.claims to '{"role": "anon"}';

select matches(
  pg_temp.plan_of($$select id from public.products
                    where is_published = true and category_id = (select id from public.categories where slug = 'jardin')
                    order by id limit 1000$$),
  'products_published_category_idx', 'a category''s products, a page by id: products_published_category_idx');
select matches(
  pg_temp.plan_of($$select id from public.products where is_published = true and category_id = 3 and price <= 50 order by id$$),
  'products_published_category_idx', 'a category with a price bound: products_published_category_idx, price filtered');
select matches(
  pg_temp.plan_of($$select id from public.products where is_published = true order by created_at desc, id limit 24$$),
  'products_published_created_idx', '« Nouveautés », newest first: products_published_created_idx');
select matches(
  pg_temp.plan_of($$select id from public.products where is_published = true order by price, id limit 24$$),
  'products_published_price_idx', '« Prix croissant »: products_published_price_idx');
select matches(
  pg_temp.plan_of($$select id from public.products where is_published = true and slug = 'volume-42'$$),
  'products_slug_key', 'a product page by slug: products_slug_key');
select matches(
  pg_temp.plan_of($$select url from public.product_images where product_id = 42 order by position$$),
  'product_images_product_position_idx', 'a product''s pictures in order: product_images_product_position_idx');

-- The shop's pages, as supabase-catalogue.ts asks them of the view: each sort's first rows.
select matches(
  pg_temp.plan_of($$select id from public.catalogue_products
                    order by created_at desc, search_name, name, id limit 24 offset 24$$),
  'products_published_created_idx', 'a page of « Nouveautés » through catalogue_products: products_published_created_idx');
select matches(
  pg_temp.plan_of($$select id from public.catalogue_products order by price desc, search_name, name, id limit 24$$),
  'products_published_price_idx', 'a page of « Prix décroissant » through catalogue_products: products_published_price_idx');
select matches(
  pg_temp.plan_of($$select id from public.catalogue_products
                    order by discount_percent desc, created_at desc, search_name, name, id limit 24$$),
  'products_published_discount_idx', 'a page of « Meilleures remises »: products_published_discount_idx');
select matches(
  pg_temp.plan_of($$select id from public.catalogue_products where on_sale = true
                    order by created_at desc, search_name, name, id limit 24$$),
  'Index Cond: \(discount_percent > 0\)', '« En promotion » (on_sale): an index condition on discount_percent (int4gt is leakproof)');

reset role;
set local role service_role;
set local request.jwt.claims to '{"role": "service_role"}';
select matches(
  pg_temp.plan_of($$select email, unsubscribe_token from public.newsletter_subscribers where is_active = true order by subscribed_at limit 100$$),
  'newsletter_subscribers_active_idx', 'the newsletter''s recipients (service_role): newsletter_subscribers_active_idx');
select matches(
  pg_temp.plan_of($$select id from public.newsletter_subscribers where email = 'abonne-42@example.fr'$$),
  'newsletter_subscribers_email_key', 'a subscriber by address (the functions): newsletter_subscribers_email_key');

select * from finish();
rollback;

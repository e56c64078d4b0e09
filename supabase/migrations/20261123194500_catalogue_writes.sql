-- The back office's catalogue writes (issue 12): the rules of validateProductDraft
-- (src/domain/catalogue/validate-product-draft.ts) as constraints, so a request forged past the
-- shop's form is refused by the database too, and two SQL functions through which the shop
-- saves and deletes a product (src/adapters/supabase/supabase-catalogue-writer.ts).
--
-- Prices refuse a third decimal rather than round it. numeric(10, 2) rounds 12.345 to 12.35
-- silently, before any check or trigger sees the value: the price columns become plain numeric,
-- with the two decimals and the highest price numeric(10, 2) held as checks. The generated
-- column discount_percent reads price, and PostgreSQL does not change the type of a column that
-- a generated column uses: it is dropped and added again (with its index), and the view
-- catalogue_products and the function catalogue_search, which return its rows, are dropped and
-- made again exactly as 20261123170000_catalogue_search.sql made them.

drop function public.catalogue_search(text[]);
drop view public.catalogue_products;
alter table public.products drop column discount_percent;

alter table public.products
  alter column price type numeric,
  alter column original_price type numeric,
  drop constraint products_price_check,
  drop constraint products_original_price_check;

alter table public.products
  add constraint products_name_check
    check (char_length(name) between 1 and 120 and name !~ '^\s' and name !~ '\s$'),
  add constraint products_slug_check
    check (char_length(slug) <= 120 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  add constraint products_price_check
    check (price > 0 and price <= 99999999.99),
  add constraint products_price_cents_check
    check (price = pg_catalog.round(price, 2)),
  add constraint products_original_price_check
    check (original_price >= price and original_price <= 99999999.99),
  add constraint products_original_price_cents_check
    check (original_price = pg_catalog.round(original_price, 2)),
  add constraint products_stock_max_check
    check (stock <= 1000000);
comment on constraint products_name_check on public.products is
  'A name is stored trimmed, from 1 to 120 characters (PRODUCT_NAME_MAX_LENGTH).';
comment on constraint products_price_cents_check on public.products is
  'At most two decimals: refused, never rounded (the column is plain numeric for this reason).';

alter table public.categories
  add constraint categories_slug_check
    check (char_length(slug) <= 120 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  add constraint categories_name_check
    check (char_length(name) between 1 and 120 and name !~ '^\s' and name !~ '\s$');

alter table public.products
  add column discount_percent int not null generated always as (public.catalogue_discount(price, original_price)) stored;
create index products_published_discount_idx on public.products (discount_percent desc, created_at desc, id) where is_published;

create view public.catalogue_products with (security_invoker = true) as
select
  p.id,
  p.slug,
  p.name collate "fr-x-icu" as name,
  p.description,
  p.price,
  p.original_price,
  p.stock,
  p.tags,
  p.created_at,
  c.slug as category_slug,
  p.discount_percent,
  p.discount_percent > 0 as on_sale,
  p.search_name collate "C" as search_name,
  p.search_tags,
  p.search_description,
  c.search_name as category_search_name,
  0 as relevance
from public.products p
join public.categories c on c.id = p.category_id
where p.is_published;
comment on view public.catalogue_products is
  'The published products with what the shop filters and sorts on; relevance is 0 here, set by catalogue_search.';

create function public.catalogue_search(words text[]) returns setof public.catalogue_products
  language sql
  stable
  parallel safe
  set search_path = ''
as $$
  select v.id, v.slug, v.name, v.description, v.price, v.original_price, v.stock, v.tags, v.created_at,
         v.category_slug, v.discount_percent, v.on_sale, v.search_name, v.search_tags, v.search_description,
         v.category_search_name, m.relevance
  from public.catalogue_products v
  cross join lateral (
    select pg_catalog.sum(h.hit)::int as relevance, pg_catalog.bool_and(h.hit > 0) as everywhere
    from (
      select 8 * (pg_catalog.strpos(v.search_name, ' ' || w.word) > 0)::int
           + 4 * (pg_catalog.strpos(v.search_tags, ' ' || w.word) > 0)::int
           + 2 * (pg_catalog.strpos(v.category_search_name, ' ' || w.word) > 0)::int
           + (pg_catalog.strpos(v.search_description, ' ' || w.word) > 0)::int as hit
      from pg_catalog.unnest(catalogue_search.words) as w (word)
      where w.word <> ''
    ) as h
  ) as m
  where coalesce(m.everywhere, true)
$$;

revoke all on table public.catalogue_products from anon, authenticated, service_role;
grant select on table public.catalogue_products to anon, authenticated, service_role;
revoke execute on function public.catalogue_search(text[]) from public, anon, authenticated, service_role;
grant execute on function public.catalogue_search(text[]) to anon, authenticated, service_role;

-- Saving a product is several writes (a new category perhaps, the product, its pictures in
-- order): one function makes them one transaction, so a refused picture or a slug taken meanwhile
-- leaves nothing half written, and the shop makes one request. Security invoker: the caller's
-- grants and row-level security apply to every write inside, as they would to the same writes
-- sent one by one through PostgREST; the admin check at the start only turns a non-admin's
-- update, which the policies would filter down to no row (« not found »), into a refusal.
--
-- product_id null creates the product; otherwise it is updated, and null is returned when no
-- product has that id (deleted meanwhile). category_slug names the category; with
-- new_category_name, the category is created under that slug unless it exists (the shop makes
-- the slug from the name with slugify), with the default picture of a product as its image.
-- images replace the product's pictures, in their order. Returns the product's id.
create function public.admin_save_product(
  product_id bigint,
  slug text,
  name text,
  description text,
  price numeric,
  original_price numeric,
  stock int,
  tags text[],
  images text[],
  category_slug text,
  new_category_name text
) returns bigint
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  category bigint;
  saved bigint;
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only an admin saves a product' using errcode = '42501';
  end if;
  if new_category_name is not null then
    insert into public.categories (slug, name, image, position)
    values (
      admin_save_product.category_slug,
      admin_save_product.new_category_name,
      '/images/stock/produit-par-defaut.svg',
      (select coalesce(pg_catalog.max(c.position), -1) + 1 from public.categories c)
    )
    on conflict on constraint categories_slug_key do nothing;
  end if;
  select c.id into category from public.categories c where c.slug = admin_save_product.category_slug;
  if category is null then
    raise exception 'no category has the slug %', admin_save_product.category_slug using errcode = '23503';
  end if;

  if product_id is null then
    insert into public.products (slug, name, description, price, original_price, category_id, stock, tags)
    values (admin_save_product.slug, admin_save_product.name, admin_save_product.description, admin_save_product.price,
            admin_save_product.original_price, category, admin_save_product.stock, coalesce(admin_save_product.tags, '{}'))
    returning id into saved;
  else
    update public.products p
       set slug = admin_save_product.slug,
           name = admin_save_product.name,
           description = admin_save_product.description,
           price = admin_save_product.price,
           original_price = admin_save_product.original_price,
           category_id = category,
           stock = admin_save_product.stock,
           tags = coalesce(admin_save_product.tags, '{}')
     where p.id = admin_save_product.product_id
    returning p.id into saved;
    if saved is null then
      return null;
    end if;
    delete from public.product_images i where i.product_id = saved;
  end if;

  insert into public.product_images (product_id, url, position)
  select saved, picture.url, (picture.n - 1)::int
  from pg_catalog.unnest(coalesce(admin_save_product.images, '{}')) with ordinality as picture (url, n);
  return saved;
end;
$$;
comment on function public.admin_save_product(bigint, text, text, text, numeric, numeric, int, text[], text[], text, text) is
  'Creates (product_id null) or updates a product with its pictures in one transaction; admins only (RLS applies).';

-- Deleting a product: its pictures go with it (on delete cascade). True when a product was deleted.
create function public.admin_delete_product(product_id bigint) returns boolean
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only an admin deletes a product' using errcode = '42501';
  end if;
  delete from public.products p where p.id = admin_delete_product.product_id;
  return found;
end;
$$;
comment on function public.admin_delete_product(bigint) is 'Deletes a product and its pictures; admins only (RLS applies).';

-- A signed-in user may call them (the admin check and the policies decide); a visitor may not.
revoke execute on function public.admin_save_product(bigint, text, text, text, numeric, numeric, int, text[], text[], text, text)
  from public, anon, authenticated, service_role;
revoke execute on function public.admin_delete_product(bigint) from public, anon, authenticated, service_role;
grant execute on function public.admin_save_product(bigint, text, text, text, numeric, numeric, int, text[], text[], text, text)
  to authenticated;
grant execute on function public.admin_delete_product(bigint) to authenticated;

-- The catalogue: categories, products and their pictures, readable by every visitor when
-- published, written by admins only (a JWT whose app_metadata.role is 'admin': app_metadata is
-- set by the server, never by the user, unlike user_metadata).
--
-- Row-level security follows Supabase's guidance: RLS on every table; every privilege Supabase
-- grants by default to the API roles is revoked, then only what a policy allows is granted back;
-- policies read the JWT through `(select auth.jwt())`, evaluated once per statement.

create table public.categories (
  id bigint generated always as identity primary key,
  slug text not null unique,
  name text not null,
  description text not null default '',
  image text not null default '',
  position int not null default 0
);

create table public.products (
  id bigint generated always as identity primary key,
  slug text not null unique,
  name text not null,
  description text not null default '',
  price numeric(10, 2) not null check (price >= 0),
  original_price numeric(10, 2) check (original_price >= 0),
  category_id bigint not null references public.categories (id),
  stock int not null default 0 check (stock >= 0),
  tags text[] not null default '{}',
  is_published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.product_images (
  id bigint generated always as identity primary key,
  product_id bigint not null references public.products (id) on delete cascade,
  url text not null,
  position int not null default 0
);

comment on column public.products.stock is 'Units on hand; in stock means stock > 0 (not stored twice).';

-- What the shop asks of products (src/adapters/supabase/supabase-catalogue.ts): the published
-- ones, of a category or all, in pages by id; newest first or by price for a sort done here; a
-- product by slug (its unique index); the pictures of each. Visitors only ever see published
-- rows, so the indexes are partial on is_published and hold nothing else.
--
-- Under row-level security a filter whose operator is not leakproof (numeric comparisons, ILIKE,
-- array containment) is evaluated after the policy, never as an index condition: an index on
-- price for a range, or a trigram index for ILIKE, would serve service_role only. So the price
-- range, « en stock », « en promotion » and the accent-insensitive word search are filters on
-- the rows these indexes find (the word search and its ranking run in src/domain/catalogue).
-- supabase/tests/60_catalogue_indexes.sql shows each query below served by its index as anon.
create index products_published_category_idx on public.products (category_id, id) where is_published;
create index products_published_created_idx on public.products (created_at desc, id) where is_published;
create index products_published_price_idx on public.products (price, id) where is_published;
create index product_images_product_position_idx on public.product_images (product_id, position);

-- updated_at follows every change of a product. An invoker function: it writes only NEW.
create function public.touch_updated_at() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end;
$$;
revoke execute on function public.touch_updated_at() from public, anon, authenticated, service_role;

create trigger products_touch_updated_at
  before update on public.products
  for each row execute function public.touch_updated_at();

-- Row-level security.
alter table public.categories enable row level security;
alter table public.products enable row level security;
alter table public.product_images enable row level security;

revoke all on table public.categories, public.products, public.product_images from anon, authenticated, service_role;
grant select on table public.categories, public.products, public.product_images to anon;
grant select, insert, update, delete on table public.categories, public.products, public.product_images to authenticated;
grant select, insert, update, delete on table public.categories, public.products, public.product_images to service_role;

-- categories: everyone reads them all; admins write.
create policy "Visitors read the categories" on public.categories
  for select to anon, authenticated
  using (true);
create policy "Admins add categories" on public.categories
  for insert to authenticated
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins change categories" on public.categories
  for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins delete categories" on public.categories
  for delete to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- products: visitors read the published ones; admins read them all (an insert or update
-- followed by .select() must see its row) and write.
create policy "Visitors read published products" on public.products
  for select to anon
  using (is_published);
create policy "Users read published products, admins every product" on public.products
  for select to authenticated
  using (is_published or ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins add products" on public.products
  for insert to authenticated
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins change products" on public.products
  for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins delete products" on public.products
  for delete to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- product_images: a picture is visible when its product is.
create policy "Visitors read pictures of published products" on public.product_images
  for select to anon
  using (exists (
    select 1 from public.products p where p.id = product_images.product_id and p.is_published
  ));
create policy "Users read pictures of published products, admins every picture" on public.product_images
  for select to authenticated
  using (
    ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin'
    or exists (select 1 from public.products p where p.id = product_images.product_id and p.is_published)
  );
create policy "Admins add pictures" on public.product_images
  for insert to authenticated
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins change pictures" on public.product_images
  for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins delete pictures" on public.product_images
  for delete to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

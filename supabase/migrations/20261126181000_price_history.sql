-- Honest reductions (issue 25; Code de la consommation, art. L112-1-1, the Omnibus directive):
-- every price a product has had is kept with its date, by the database itself, and a reduction
-- is announced against the lowest price of the 30 days before it began, which the database
-- computes. The rule is the domain's (src/domain/catalogue/price-history.ts): successive falls
-- keep the reference of the first; a rise ends the reduction; a product younger than 30 days is
-- read over its whole life. The catalogue's contract suite proves the two agree.
--
--   * public.product_price_history: one row per price, from `since`; written only by the trigger
--     below (no API role may write it), read as the catalogue is (anon: published products).
--   * products.original_price keeps its meaning for every reader (the struck price the shop
--     shows, discount_percent, on_sale, the view and catalogue_search unchanged), but no API role
--     chooses it: a non-null value written asks for a reduction, and the database replaces it with
--     the reference price, or refuses the write (CM010) when the price is no reduction.
--   * admin_save_product takes on_sale (boolean) instead of original_price.

create table public.product_price_history (
  id bigint generated always as identity primary key,
  product_id bigint not null references public.products (id) on delete cascade,
  price numeric not null check (price > 0),
  since timestamptz not null default pg_catalog.now()
);
create index product_price_history_product_idx on public.product_price_history (product_id, since, id);
comment on table public.product_price_history is
  'Every price a product has had, from `since`; appended by the database on each change of products.price.';

alter table public.product_price_history enable row level security;
revoke all on table public.product_price_history from anon, authenticated, service_role;
grant select on table public.product_price_history to anon, authenticated, service_role;
create policy "Visitors read the prices of published products" on public.product_price_history
  for select to anon
  using (exists (select 1 from public.products p where p.id = product_price_history.product_id and p.is_published));
create policy "Users read the prices of published products, admins every price" on public.product_price_history
  for select to authenticated
  using (
    ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin'
    or exists (select 1 from public.products p where p.id = product_price_history.product_id and p.is_published)
  );

-- The rule, over a history given as two arrays (prices and their dates, oldest first), at `at`:
-- the reference price of the reduction the last price is, or null when it is none.
create function public.price_reference(prices numeric[], since timestamptz[], at timestamptz) returns numeric
  language plpgsql
  immutable
  parallel safe
  set search_path = ''
as $$
declare
  n int := 0;
  first int;
  window_start timestamptz;
  ends timestamptz;
  lowest numeric;
  p numeric[] := '{}';
  s timestamptz[] := '{}';
begin
  -- Only what is in force at `at`.
  for i in 1 .. coalesce(pg_catalog.array_length(prices, 1), 0) loop
    if since[i] <= at then
      p := p || prices[i];
      s := s || since[i];
      n := n + 1;
    end if;
  end loop;
  -- A first price, or a rise, is no reduction.
  if n < 2 or not (p[n] < p[n - 1]) then
    return null;
  end if;
  first := n;
  while first > 2 and p[first - 1] < p[first - 2] loop
    first := first - 1;
  end loop;
  window_start := s[first] - interval '30 days';
  for i in 1 .. first - 1 loop
    ends := case when i + 1 <= n then s[i + 1] else 'infinity'::timestamptz end;
    if s[i] < s[first] and ends > window_start and (lowest is null or p[i] < lowest) then
      lowest := p[i];
    end if;
  end loop;
  return case when lowest is not null and p[n] < lowest then lowest end;
end;
$$;
comment on function public.price_reference(numeric[], timestamptz[], timestamptz) is
  'The lowest price of the 30 days before the reduction the last price is began (successive falls: the first), or null: referencePrice of src/domain/catalogue/price-history.ts.';
revoke execute on function public.price_reference(numeric[], timestamptz[], timestamptz) from public, anon, authenticated, service_role;
grant execute on function public.price_reference(numeric[], timestamptz[], timestamptz) to authenticated, service_role;

-- The reference of a product if its price became `price` now (a change appended unless the same),
-- read from its history as the caller sees it (an admin, who writes, sees every product's).
create function public.product_reference_price(product_id bigint, price numeric) returns numeric
  language plpgsql
  stable
  security invoker
  set search_path = ''
as $$
declare
  prices numeric[];
  dates timestamptz[];
begin
  select coalesce(pg_catalog.array_agg(h.price order by h.since, h.id), '{}'), coalesce(pg_catalog.array_agg(h.since order by h.since, h.id), '{}')
    into prices, dates
    from public.product_price_history h
   where h.product_id = product_reference_price.product_id and h.since <= pg_catalog.now();
  if pg_catalog.cardinality(prices) = 0 or prices[pg_catalog.cardinality(prices)] <> product_reference_price.price then
    prices := prices || product_reference_price.price;
    dates := dates || pg_catalog.now();
  end if;
  return public.price_reference(prices, dates, pg_catalog.now());
end;
$$;
revoke execute on function public.product_reference_price(bigint, numeric) from public, anon, authenticated, service_role;
grant execute on function public.product_reference_price(bigint, numeric) to authenticated, service_role;

-- Before a write: a non-null original_price asks for a reduction; it becomes the reference, or
-- the write is refused.
create function public.products_reference_price() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  reference numeric;
begin
  -- The API's roles (admin_save_product runs as its caller); the owner (migrations, the seed)
  -- writes the price it gives, which pgTAP checks against this rule.
  if new.original_price is null or current_user not in ('anon', 'authenticated', 'service_role') then
    return new;
  end if;
  reference := case when tg_op = 'UPDATE' then public.product_reference_price(new.id, new.price) end;
  if reference is null or new.price >= reference then
    raise exception using
      errcode = 'CM010',
      message = U&'Pas de r\00E9duction possible\00A0: le prix doit \00EAtre inf\00E9rieur au prix de r\00E9f\00E9rence (le plus bas des 30\00A0jours avant la r\00E9duction).',
      detail = pg_catalog.json_build_object('field', 'price', 'reference', reference)::text;
  end if;
  new.original_price := reference;
  return new;
end;
$$;
revoke execute on function public.products_reference_price() from public, anon, authenticated, service_role;
create trigger products_reference_price
  before insert or update of price, original_price on public.products
  for each row execute function public.products_reference_price();

-- After a write: a price that differs from the history's last one is appended (a new product's
-- first price from its creation date).
create function public.products_price_history() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.price is distinct from (
    select h.price from public.product_price_history h where h.product_id = new.id order by h.since desc, h.id desc limit 1
  ) then
    insert into public.product_price_history (product_id, price, since)
    values (new.id, new.price, case when tg_op = 'INSERT' then new.created_at else pg_catalog.now() end);
  end if;
  return null;
end;
$$;
revoke execute on function public.products_price_history() from public, anon, authenticated, service_role;
create trigger products_price_history
  after insert or update of price on public.products
  for each row execute function public.products_price_history();

-- Products saved before this migration: their current price, from their creation.
insert into public.product_price_history (product_id, price, since)
select p.id, p.price, p.created_at from public.products p;

-- ── Saving a product: on_sale instead of original_price ────────────────────────────────────
-- As 20261126160000_vat_rates.sql, with on_sale: true asks for a reduction, which the trigger
-- products_reference_price prices against the history (or refuses, CM010).
drop function public.admin_save_product(bigint, text, text, text, numeric, numeric, int, text[], text[], text, text, int);

create function public.admin_save_product(
  product_id bigint,
  slug text,
  name text,
  description text,
  price numeric,
  on_sale boolean,
  stock int,
  tags text[],
  images text[],
  category_slug text,
  new_category_name text,
  vat_rate int default null
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
    insert into public.categories (slug, name, image, position, vat_rate)
    values (
      admin_save_product.category_slug,
      admin_save_product.new_category_name,
      '/images/stock/produit-par-defaut.svg',
      (select coalesce(pg_catalog.max(c.position), -1) + 1 from public.categories c),
      coalesce(admin_save_product.vat_rate, 2000)
    )
    on conflict on constraint categories_slug_key do nothing;
  end if;
  select c.id into category from public.categories c where c.slug = admin_save_product.category_slug;
  if category is null then
    raise exception 'no category has the slug %', admin_save_product.category_slug using errcode = '23503';
  end if;

  if product_id is null then
    insert into public.products (slug, name, description, price, original_price, category_id, stock, tags, vat_rate)
    values (admin_save_product.slug, admin_save_product.name, admin_save_product.description, admin_save_product.price,
            case when admin_save_product.on_sale then admin_save_product.price end, category, admin_save_product.stock, coalesce(admin_save_product.tags, '{}'),
            admin_save_product.vat_rate)
    returning id into saved;
  else
    update public.products p
       set slug = admin_save_product.slug,
           name = admin_save_product.name,
           description = admin_save_product.description,
           price = admin_save_product.price,
           original_price = case when admin_save_product.on_sale then admin_save_product.price end,
           category_id = category,
           stock = admin_save_product.stock,
           tags = coalesce(admin_save_product.tags, '{}'),
           vat_rate = coalesce(admin_save_product.vat_rate, p.vat_rate)
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
comment on function public.admin_save_product(bigint, text, text, text, numeric, boolean, int, text[], text[], text, text, int) is
  'Creates (product_id null) or updates a product with its pictures and VAT rate in one transaction; on_sale announces a reduction against the reference price the database computes (CM010 when none); admins only (RLS applies).';
revoke execute on function public.admin_save_product(bigint, text, text, text, numeric, boolean, int, text[], text[], text, text, int)
  from public, anon, authenticated, service_role;
grant execute on function public.admin_save_product(bigint, text, text, text, numeric, boolean, int, text[], text[], text, text, int)
  to authenticated;

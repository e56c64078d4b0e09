-- VAT per rate (issue 24, item 5): every product has its French VAT rate, a line keeps the rate it
-- was sold at, and an order's document gives its VAT per rate, computed here as the order domain
-- computes it (src/domain/order/order-totals.ts, vatByRate).
--
-- Rates are basis points (20 % is 2000), one of 2000, 1000, 550 and 210 (src/domain/vat-rate.ts):
-- whole numbers, so no float meets the money math.
--
-- A category has a default rate (categories.vat_rate); a product has its own rate
-- (products.vat_rate, never null): the one the back office chose, else its category's when the
-- product is inserted. A later change of the category's default does not move its products.
--
-- place_order is not restated: a trigger on order_lines copies the product's rate into each line
-- as place_order inserts it. Restated here, each keeping all its latest definition does:
--   catalogue_products (the view, vat_rate added last) and catalogue_search (20261125190000),
--   admin_save_product (20261123194500: a vat_rate argument added, default null),
--   order_document (20261124000000: each line's vatRate, and vatByRate).

-- ── Rates on categories and products ───────────────────────────────────────────────────────
alter table public.categories
  add column vat_rate int not null default 2000
    constraint categories_vat_rate_check check (vat_rate in (2000, 1000, 550, 210));
comment on column public.categories.vat_rate is
  'The VAT rate (basis points: 2000 is 20 %) a new product of the category gets unless it is given one.';

-- Most food is at 5,5 % in France (CGI art. 278-0 bis): the épicerie fine's default.
update public.categories set vat_rate = 550 where slug = 'epicerie-fine';

alter table public.products
  add column vat_rate int
    constraint products_vat_rate_check check (vat_rate in (2000, 1000, 550, 210));
update public.products p set vat_rate = c.vat_rate from public.categories c where c.id = p.category_id;
comment on column public.products.vat_rate is
  'The product''s VAT rate (basis points: 2000, 1000, 550 or 210); its category''s when inserted without one.';

-- A product inserted without a rate gets its category's. An invoker function: it reads the
-- category the inserting admin already reads (categories are readable by everyone).
create function public.products_default_vat_rate() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.vat_rate is null then
    -- 20 % for a category that does not exist: the foreign key then refuses the row (23503).
    new.vat_rate := coalesce((select c.vat_rate from public.categories c where c.id = new.category_id), 2000);
  end if;
  return new;
end;
$$;
revoke execute on function public.products_default_vat_rate() from public, anon, authenticated, service_role;

create trigger products_default_vat_rate
  before insert on public.products
  for each row execute function public.products_default_vat_rate();

alter table public.products alter column vat_rate set not null;

-- ── The rate a line was sold at ────────────────────────────────────────────────────────────
-- Lines placed before rates existed were charged and shown at 20 %.
alter table public.order_lines
  add column vat_rate int not null default 2000
    constraint order_lines_vat_rate_check check (vat_rate in (2000, 1000, 550, 210));
alter table public.order_lines alter column vat_rate drop default;
comment on column public.order_lines.vat_rate is
  'The product''s VAT rate when ordered (basis points), set by the order_lines_vat_rate trigger: never sent by a client.';

-- Whatever the insert says, a line's rate is its product's at that moment: place_order inserts
-- the lines (nobody else may) and needs no change. An invoker function: place_order, a security
-- definer, already reads every product as its owner.
create function public.order_lines_vat_rate() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  select p.vat_rate into new.vat_rate from public.products p where p.id = new.product_id;
  -- place_order only orders products that exist; a line of none would be at the standard rate.
  new.vat_rate := coalesce(new.vat_rate, 2000);
  return new;
end;
$$;
revoke execute on function public.order_lines_vat_rate() from public, anon, authenticated, service_role;

create trigger order_lines_vat_rate
  before insert on public.order_lines
  for each row execute function public.order_lines_vat_rate();

-- ── The catalogue as the shop reads it: each product's rate ────────────────────────────────
create or replace view public.catalogue_products with (security_invoker = true) as
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
  0 as relevance,
  p.vat_rate
from public.products p
join public.categories c on c.id = p.category_id
where p.is_published;

create or replace function public.catalogue_search(words text[]) returns setof public.catalogue_products
  language plpgsql
  stable
  parallel safe
  set search_path = ''
as $$
begin
  -- Oversized calls first: the shop's search box sends a few words.
  if pg_catalog.cardinality(catalogue_search.words) > 20
     or (select pg_catalog.sum(pg_catalog.char_length(w.word)) from pg_catalog.unnest(catalogue_search.words) as w (word)) > 200 then
    raise exception using
      errcode = 'CM006',
      message = U&'Recherche trop longue\00A0: 20 mots et 200 caract\00E8res au plus.',
      detail = '{"field": "words"}';
  end if;
  return query
  select v.id, v.slug, v.name, v.description, v.price, v.original_price, v.stock, v.tags, v.created_at,
         v.category_slug, v.discount_percent, v.on_sale, v.search_name, v.search_tags, v.search_description,
         v.category_search_name, m.relevance, v.vat_rate
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
  where coalesce(m.everywhere, true);
end;
$$;
revoke execute on function public.catalogue_search(text[]) from public, anon, authenticated, service_role;
grant execute on function public.catalogue_search(text[]) to anon, authenticated, service_role;

-- ── Saving a product: its rate ─────────────────────────────────────────────────────────────
-- As 20261123194500_catalogue_writes.sql, with vat_rate: the product's rate (null: its category's
-- on a new product, unchanged on an existing one). A new category takes the rate given, or 20 %.
drop function public.admin_save_product(bigint, text, text, text, numeric, numeric, int, text[], text[], text, text);

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
            admin_save_product.original_price, category, admin_save_product.stock, coalesce(admin_save_product.tags, '{}'),
            admin_save_product.vat_rate)
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
comment on function public.admin_save_product(bigint, text, text, text, numeric, numeric, int, text[], text[], text, text, int) is
  'Creates (product_id null) or updates a product with its pictures and VAT rate in one transaction; admins only (RLS applies).';
revoke execute on function public.admin_save_product(bigint, text, text, text, numeric, numeric, int, text[], text[], text, text, int)
  from public, anon, authenticated, service_role;
grant execute on function public.admin_save_product(bigint, text, text, text, numeric, numeric, int, text[], text[], text, text, int)
  to authenticated;

-- ── An order's VAT per rate ────────────────────────────────────────────────────────────────
-- As 20261124000000_orders_payment_and_device.sql, with each line's vatRate and the order's
-- vatByRate: [{"rate": 550, "base": 12.50, "vat": 0.65}, …], lowest rate first. The rule of
-- vatByRate (src/domain/order/order-totals.ts), in cents: each rate's goods TTC (lines are exact,
-- none rounded), plus its share of the delivery fee split pro rata (« ventilation au prorata »:
-- the delivery follows the goods' rates); each share but the main rate's rounded half up, the rate
-- with the most goods (the higher on a tie) taking the rest; the VAT of each base
-- base × rate / (10000 + rate), rounded half up, once per rate.
create or replace function public.order_document(order_id bigint) returns jsonb
  language sql
  stable
  security invoker
  set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'number', o.number,
    'status', o.status,
    'createdAt', o.created_at,
    'email', o.email,
    'phone', o.phone,
    'recipientName', o.recipient_name,
    'addressLine', o.address_line,
    'postalCode', o.postal_code,
    'city', o.city,
    'country', o.country,
    'deliveryMethod', o.delivery_method,
    'paymentMethod', o.payment_method,
    'paymentLast4', o.payment_last4,
    'paymentReference', o.payment_reference,
    'subtotal', o.subtotal,
    'deliveryFee', o.delivery_fee,
    'total', o.total,
    'lines', (
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'productId', l.product_id,
               'name', l.product_name,
               'unitPrice', l.unit_price,
               'quantity', l.quantity,
               'picture', l.picture,
               'vatRate', l.vat_rate) order by l.position)
      from public.order_lines l
      where l.order_id = o.id
    ),
    'vatByRate', (
      with goods as (
        select l.vat_rate as rate, pg_catalog.sum(pg_catalog.round(l.unit_price * 100)::bigint * l.quantity) as cents
        from public.order_lines l
        where l.order_id = o.id
        group by l.vat_rate
      ),
      ranked as (
        select g.rate, g.cents,
               pg_catalog.round(o.delivery_fee * 100)::bigint as fee,
               pg_catalog.sum(g.cents) over () as subtotal,
               pg_catalog.row_number() over (order by g.cents desc, g.rate desc) as rank
        from goods g
      ),
      shared as (
        select r.rate, r.cents, r.fee, r.rank,
               -- fee × cents / subtotal, half up, on whole numbers
               pg_catalog.div(2 * r.fee * r.cents + r.subtotal, 2 * r.subtotal) as share
        from ranked r
      ),
      based as (
        select s.rate,
               s.cents + case when s.rank = 1
                              then s.fee - coalesce((select pg_catalog.sum(x.share) from shared x where x.rank > 1), 0)
                              else s.share end as base
        from shared s
      )
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'rate', b.rate,
               'base', (b.base / 100.0)::numeric(12, 2),
               'vat', (pg_catalog.div(2 * b.base * b.rate + (10000 + b.rate), 2 * (10000 + b.rate)) / 100.0)::numeric(12, 2))
             order by b.rate)
      from based b
    ))
  from public.orders o
  where o.id = order_document.order_id
$$;

-- place_order at least as fast as before the catalogue grew (issue 28), and a category page
-- sorted by price descending served by an index.
--
-- 1. Functions planned once per session, not once per call. A SQL function with a SET clause
--    (every function here has `set search_path = ''`) is never inlined: PostgreSQL 15 parses and
--    plans its body again on every call. order_document grew (each line's VAT rate, the VAT per
--    rate, the withdrawal) and took about 0.8 ms per call to plan, inside place_order, while
--    the ordered products stay locked; each stock update recomputes the stored generated columns
--    of products, calling catalogue_fold three times and catalogue_discount once, each planned
--    again; order_caller, once per order. Restated in PL/pgSQL with the same body, a function's
--    plan is kept by the session (PostgREST keeps its connections): order_document 0.8 -> 0.2 ms
--    a call, catalogue_discount 0.14 -> 0.02 ms, order_caller 0.15 -> 0.05 ms (1 buyer, 300
--    orders, pg_stat_user_functions).
-- 2. A stock update computes nothing. PostgreSQL 15 recomputes every stored generated column
--    of a row on each UPDATE, whatever it changes: each place_order folded the product's name,
--    tags and description again (0.4 ms an order). The four columns (search_name, search_tags,
--    search_description, discount_percent) are now plain columns that the trigger
--    products_words_and_discount computes when a row is inserted or one of the columns they
--    come from is written, and it refuses them written directly (428C9, as a generated column).
--    Its name sorts after every other BEFORE trigger of products (PostgreSQL fires them by
--    name): products_reference_price may set original_price before the discount is computed.
-- 3. The category page sorted by price descending: products_published_category_price_idx
--    serves the ascending order; the descending one (price descending, then the names and the id
--    ascending, the shop's tie-breakers) cannot be read backwards from it.
--
-- Restated here, bodies unchanged: order_document (as 20261126180000_withdrawals.sql),
-- order_caller (as 20261125190000_abuse_limits.sql), catalogue_fold and catalogue_discount (as
-- 20261123170000_catalogue_search.sql). CREATE OR REPLACE keeps their grants and comments.

-- ── 1. The order document ──────────────────────────────────────────────────────────────────
create or replace function public.order_document(order_id bigint) returns jsonb
  language plpgsql
  stable
  security invoker
  set search_path = ''
as $$
begin
  return (
    select pg_catalog.jsonb_build_object(
      'number', o.number,
      'status', o.status,
      'createdAt', o.created_at,
      'deliveredAt', o.delivered_at,
      'email', o.email,
      'phone', o.phone,
      'recipientName', o.recipient_name,
      'addressLine', o.address_line,
      'postalCode', o.postal_code,
      'city', o.city,
      'country', o.country,
      'deliveryMethod', o.delivery_method,
      'relayPoint', o.relay_point,
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
      ),
      'withdrawal', (
        select pg_catalog.jsonb_build_object(
                 'status', w.status,
                 'lines', w.lines,
                 'receivedAt', w.received_at,
                 'returnedAt', w.returned_at,
                 'refundedAt', w.refunded_at)
        from public.order_withdrawals w
        where w.order_id = o.id
      ))
    from public.orders o
    where o.id = order_document.order_id
  );
end;
$$;

-- ── The caller of a request (place_order's caps) ───────────────────────────────────────────
create or replace function public.order_caller() returns text
  language plpgsql
  stable
  set search_path = ''
as $$
begin
  return (
    select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(a.address, 'UTF8')), 'hex')
    from (
      select coalesce(
               nullif(pg_catalog.btrim(h.headers ->> 'cf-connecting-ip'), ''),
               nullif(pg_catalog.btrim(h.headers ->> 'x-real-ip'), ''),
               nullif(pg_catalog.btrim(pg_catalog.split_part(h.headers ->> 'x-forwarded-for', ',', 1)), '')) as address
      from (select nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb as headers) as h
    ) as a
    where a.address is not null
  );
end;
$$;

-- ── The words and the discount kept on each product ────────────────────────────────────────
create or replace function public.catalogue_fold(parts text[]) returns text
  language plpgsql
  immutable
  strict
  parallel safe
  set search_path = ''
as $$
begin
  return (
    select ' ' || pg_catalog.btrim(pg_catalog.regexp_replace(
      pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
        pg_catalog.regexp_replace(
          pg_catalog.translate(pg_catalog.lower(pg_catalog.array_to_string(parts, ' ')),
            'àáâãäåçèéêëìíîïñòóôõöùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏőŕŗřśŝşšţťũūŭůűųŵŷźżžơưǎǐǒǔǖǘǚǜǟǡǣǧǩǫǭǯǰǵǹǻǽǿȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩȫȭȯȱȳḁḃḅḇḉḋḍḏḑḓḕḗḙḛḝḟḡḣḥḧḩḫḭḯḱḳḵḷḹḻḽḿṁṃṅṇṉṋṍṏṑṓṕṗṙṛṝṟṡṣṥṧṩṫṭṯṱṳṵṷṹṻṽṿẁẃẅẇẉẋẍẏẑẓẕẖẗẘẙẛạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ',
            'aaaaaaceeeeiiiinooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooorrrssssttuuuuuuwyzzzouaiouuuuuaaægkooʒjgnaæøaaeeiioorruusthaeooooyabbbcdddddeeeeefghhhhhiikkkllllmmmnnnnoooopprrrrsssssttttuuuuuvvwwwwwxxyzzzhtwyſaaaaaaaaaaaaeeeeeeeeiioooooooooooouuuuuuuyyyy'),
          '[\u0300-\u036f]+', '', 'g'),
        'œ', 'oe'), 'æ', 'ae'), 'ß', 'ss'),
      '[^[:alnum:]]+', ' ', 'g'))
  );
end;
$$;

create or replace function public.catalogue_discount(price numeric, original_price numeric) returns int
  language plpgsql
  immutable
  parallel safe
  set search_path = ''
as $$
begin
  return (
    select case
      when original_price is null or original_price <= 0 or original_price <= price then 0
      else (
        select case when d - pg_catalog.floor(d) >= 0.5 then pg_catalog.ceil(d) else pg_catalog.floor(d) end::int
        from (select (original_price::float8 - price::float8) / original_price::float8 * 100 as d) as ratio
      )
    end
  );
end;
$$;

-- ── 2. The words and the discount computed when what they come from changes ──────────────
alter table public.products
  alter column search_name drop expression,
  alter column search_tags drop expression,
  alter column search_description drop expression,
  alter column discount_percent drop expression;

create function public.products_words_and_discount() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  written text;
begin
  -- As a generated column: given on insert, or changed by an update, it is refused.
  written := case
    when tg_op = 'INSERT' then case
      when new.search_name is not null then 'search_name' when new.search_tags is not null then 'search_tags'
      when new.search_description is not null then 'search_description' when new.discount_percent is not null then 'discount_percent' end
    else case
      when new.search_name is distinct from old.search_name then 'search_name'
      when new.search_tags is distinct from old.search_tags then 'search_tags'
      when new.search_description is distinct from old.search_description then 'search_description'
      when new.discount_percent is distinct from old.discount_percent then 'discount_percent' end
  end;
  if written is not null then
    raise exception 'column "%" can only be updated to DEFAULT', written
      using errcode = '428C9', detail = pg_catalog.format('Column "%s" is computed from the product''s other columns.', written);
  end if;
  -- The writer's rights, as for a generated column: admins and service_role execute these two.
  new.search_name := public.catalogue_fold(array[new.name]);
  new.search_tags := public.catalogue_fold(new.tags);
  new.search_description := public.catalogue_fold(array[new.description]);
  new.discount_percent := public.catalogue_discount(new.price, new.original_price);
  return new;
end;
$$;
revoke execute on function public.products_words_and_discount() from public, anon, authenticated, service_role;
create trigger products_words_and_discount
  before insert or update of name, tags, description, price, original_price, search_name, search_tags, search_description, discount_percent
  on public.products
  for each row execute function public.products_words_and_discount();

-- ── 3. The category page sorted by price descending ───────────────────────────────────────
create index products_published_category_price_desc_idx on public.products
  (category_slug, price desc, (search_name collate "C"), (name collate "fr-x-icu"), id) include (category_id) where is_published;

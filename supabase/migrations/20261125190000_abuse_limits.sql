-- Abuse limits (issue 23): a visitor can neither drain the stock nor tie up the database with
-- one oversized call.
--
-- Bounded calls. catalogue_search refuses more than 20 words or 200 characters (CM006), and
-- place_order more than 50 lines (CM003), before any other work: the size of an array is known
-- without reading it. A line's quantity is at most 20 (the same product twice in one order is
-- one line: the sum counts), the domain's MAX_QUANTITY_PER_PRODUCT, which the local adapter
-- applies too. A number written 3.0 is the number 3 (JSON has one number type).
--
-- Stock only real orders hold. Shoppers have no account (only the owner signs in), so a caller
-- is what the database can see of the request: the client's address as the API gateway passes
-- it to PostgREST in request.headers (public.order_caller, kept in orders.caller as a SHA-256
-- hash, never the address itself). One caller may hold at most 3 orders « en attente » and 100
-- units in them, paid on delivery or by card alike: twenty orders from one caller take at most
-- 100 units (3 % of the demo shop's 3,320), while a shopper's real order (20 of a product at
-- most, a few orders at once) is never refused. A card order still « en attente » one hour after
-- it was placed was never paid: release_unpaid_card_orders() cancels it, which gives its units
-- back (orders_restock_on_cancel); on Supabase pg_cron runs it every five minutes.
-- A cancellation never fails on the stock's maximum: the units given back stop at 1,000,000.

-- ── Who is calling ─────────────────────────────────────────────────────────────────────────
alter table public.orders add column caller text check (caller ~ '^[0-9a-f]{64}$');
comment on column public.orders.caller is
  'SHA-256 (hex) of the address that placed the order (order_caller); null for an order placed outside the API.';
create index orders_caller_pending_idx on public.orders (caller) where status = 'en-attente';

-- The request's client address as Supabase's gateway passes it: Cloudflare's cf-connecting-ip
-- (set by Cloudflare itself, whatever the client sends), else x-real-ip, else the first address
-- of x-forwarded-for; hashed. Null outside PostgREST (no request.headers: the owner's own SQL
-- connection), where no cap applies.
create function public.order_caller() returns text
  language sql
  stable
  set search_path = ''
as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(a.address, 'UTF8')), 'hex')
  from (
    select coalesce(
             nullif(pg_catalog.btrim(h.headers ->> 'cf-connecting-ip'), ''),
             nullif(pg_catalog.btrim(h.headers ->> 'x-real-ip'), ''),
             nullif(pg_catalog.btrim(pg_catalog.split_part(h.headers ->> 'x-forwarded-for', ',', 1)), '')) as address
    from (select nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb as headers) as h
  ) as a
  where a.address is not null
$$;
comment on function public.order_caller() is
  'The caller of this request (a hash of the client address the API gateway saw); null outside PostgREST.';
revoke execute on function public.order_caller() from public, anon, authenticated, service_role;

-- ── Placing an order: bounded, and held stock capped per caller ────────────────────────────
create or replace function public.place_order(
  lines jsonb,
  email text,
  phone text,
  recipient_name text,
  address_line text,
  postal_code text,
  city text,
  country text,
  delivery_method text,
  payment_method text,
  payment_last4 text default null,
  payment_reference text default null
) returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  clean_email text := pg_catalog.lower(pg_catalog.btrim(coalesce(place_order.email, ''), E' \t\n\r'));
  clean_phone text := pg_catalog.regexp_replace(coalesce(place_order.phone, ''), '[\s.-]', '', 'g');
  clean_name text := pg_catalog.btrim(coalesce(place_order.recipient_name, ''), E' \t\n\r');
  clean_address text := pg_catalog.btrim(coalesce(place_order.address_line, ''), E' \t\n\r');
  clean_postal_code text := pg_catalog.btrim(coalesce(place_order.postal_code, ''), E' \t\n\r');
  clean_city text := pg_catalog.btrim(coalesce(place_order.city, ''), E' \t\n\r');
  clean_country text := pg_catalog.btrim(coalesce(place_order.country, ''), E' \t\n\r');
  product_ids bigint[];
  quantities bigint[];
  problems jsonb;
  first_problem jsonb;
  fee numeric(10, 2);
  threshold numeric(10, 2);
  order_subtotal numeric;
  order_fee numeric(10, 2);
  sequence_number bigint;
  placed_at timestamptz := pg_catalog.now();
  order_number text;
  new_order_id bigint;
  order_secret uuid;
  caller_key text;
  held_orders int;
  held_units bigint;
begin
  -- Oversized calls first, before anything is read: a cart has at most 50 lines.
  if pg_catalog.jsonb_typeof(place_order.lines) = 'array' and pg_catalog.jsonb_array_length(place_order.lines) > 50 then
    raise exception 'Une commande compte au plus 50 lignes.' using errcode = 'CM003', detail = '{"field": "lines"}';
  end if;
  -- The arguments, each refused with a French message and the field it concerns.
  if coalesce(pg_catalog.jsonb_typeof(place_order.lines), '') <> 'array'
     or (case when pg_catalog.jsonb_typeof(place_order.lines) = 'array' then pg_catalog.jsonb_array_length(place_order.lines) end) = 0 then
    raise exception 'Votre panier est vide.' using errcode = 'CM003', detail = '{"field": "lines"}';
  end if;
  if exists (
    select 1 from pg_catalog.jsonb_array_elements(place_order.lines) as l (line)
    -- CASE: the numbers are read only once known to be numbers.
    where case
      when pg_catalog.jsonb_typeof(l.line) is distinct from 'object'
        or pg_catalog.jsonb_typeof(l.line -> 'productId') is distinct from 'number'
        or pg_catalog.jsonb_typeof(l.line -> 'quantity') is distinct from 'number' then true
      else (l.line ->> 'productId')::numeric not between 1 and 9223372036854775807
        or (l.line ->> 'productId')::numeric <> pg_catalog.trunc((l.line ->> 'productId')::numeric)
        or (l.line ->> 'quantity')::numeric not between 1 and 1000000
        or (l.line ->> 'quantity')::numeric <> pg_catalog.trunc((l.line ->> 'quantity')::numeric)
    end
  ) then
    raise exception 'Un article de la commande est invalide (produit ou quantité).'
      using errcode = 'CM003', detail = '{"field": "lines"}';
  end if;
  if clean_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' or pg_catalog.char_length(clean_email) > 254 then
    raise exception 'Adresse e-mail invalide.' using errcode = 'CM003', detail = '{"field": "email"}';
  end if;
  if clean_phone = '' then
    clean_phone := null;
  elsif clean_phone !~ '^(0|\+33)[1-9][0-9]{8}$' then
    raise exception 'Numéro de téléphone invalide.' using errcode = 'CM003', detail = '{"field": "phone"}';
  end if;
  if clean_name = '' or pg_catalog.char_length(clean_name) > 120 then
    raise exception 'Indiquez le nom du destinataire (120 caractères au plus).'
      using errcode = 'CM003', detail = '{"field": "recipientName"}';
  end if;
  if clean_address = '' or pg_catalog.char_length(clean_address) > 200 then
    raise exception 'Indiquez l’adresse de livraison (200 caractères au plus).'
      using errcode = 'CM003', detail = '{"field": "addressLine"}';
  end if;
  if clean_postal_code !~ '^[0-9]{5}$' then
    raise exception 'Code postal invalide (5 chiffres).' using errcode = 'CM003', detail = '{"field": "postalCode"}';
  end if;
  if clean_city = '' or pg_catalog.char_length(clean_city) > 100 then
    raise exception 'Indiquez la ville (100 caractères au plus).' using errcode = 'CM003', detail = '{"field": "city"}';
  end if;
  if clean_country = '' or pg_catalog.char_length(clean_country) > 60 then
    raise exception 'Indiquez le pays (60 caractères au plus).' using errcode = 'CM003', detail = '{"field": "country"}';
  end if;
  select o.fee, o.free_from into fee, threshold
  from public.order_delivery_options() o where o.method = place_order.delivery_method;
  if not found then
    raise exception 'Mode de livraison inconnu.' using errcode = 'CM003', detail = '{"field": "deliveryMethod"}';
  end if;
  if place_order.payment_method is null or place_order.payment_method not in ('a-la-livraison', 'carte') then
    raise exception 'Moyen de paiement inconnu.' using errcode = 'CM003', detail = '{"field": "paymentMethod"}';
  end if;
  -- A card: its last 4 digits and the payment provider's reference, never more of the card.
  -- Paid on delivery: neither.
  if place_order.payment_method = 'carte' and (
       coalesce(place_order.payment_last4, '') !~ '^[0-9]{4}$'
       or pg_catalog.char_length(coalesce(place_order.payment_reference, '')) not between 1 and 100) then
    raise exception 'Paiement par carte incomplet.' using errcode = 'CM003', detail = '{"field": "payment"}';
  end if;
  if place_order.payment_method = 'a-la-livraison' and (place_order.payment_last4 is not null or place_order.payment_reference is not null) then
    raise exception 'Un paiement à la livraison n’a pas de carte.' using errcode = 'CM003', detail = '{"field": "payment"}';
  end if;

  -- The products asked for, each once, in the order of their first line.
  select pg_catalog.array_agg(w.product_id order by w.first_line), pg_catalog.array_agg(w.quantity order by w.first_line)
    into product_ids, quantities
  from (
    -- Through numeric: 3.0 is the number 3 in JSON, and '3.0'::bigint would fail (22P02).
    select (l.line ->> 'productId')::numeric::bigint as product_id,
           pg_catalog.sum((l.line ->> 'quantity')::numeric::bigint) as quantity,
           pg_catalog.min(l.n) as first_line
    from pg_catalog.jsonb_array_elements(place_order.lines) with ordinality as l (line, n)
    group by 1
  ) as w;

  -- At most 20 of one product in an order (the domain's MAX_QUANTITY_PER_PRODUCT).
  if exists (select 1 from pg_catalog.unnest(quantities) as q (quantity) where q.quantity > 20) then
    raise exception 'Au plus 20 exemplaires d’un même produit par commande.' using errcode = 'CM003', detail = '{"field": "lines"}';
  end if;

  -- Stock only real orders hold: one caller (public.order_caller: the address the API gateway
  -- saw) may hold at most 3 orders « en attente » and 100 units in them. The caller's orders
  -- are counted under a lock of that caller, so two calls at once cannot both pass.
  caller_key := public.order_caller();
  if caller_key is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(caller_key, 23));
    select pg_catalog.count(distinct o.id), coalesce(pg_catalog.sum(l.quantity), 0) into held_orders, held_units
    from public.orders o
    left join public.order_lines l on l.order_id = o.id
    where o.caller = caller_key and o.status = 'en-attente';
    if held_orders >= 3 or held_units + (select pg_catalog.sum(q) from pg_catalog.unnest(quantities) as q) > 100 then
      raise exception 'Vous avez déjà des commandes en attente de paiement. Réglez-les ou contactez-nous avant d’en passer une nouvelle.'
        using errcode = 'CM003', detail = '{"field": "pending"}';
    end if;
  end if;

  -- Lock them, in id order; the statements below see their stock as the last order left it.
  perform 1 from (
    select p.id from public.products p where p.id = any (product_ids) order by p.id for update
  ) as locked;

  -- Every line that cannot be served, in the cart's order.
  select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'productId', r.product_id,
           -- An unpublished product is named as an unknown one: its name would tell a draft.
           'name', case when p.is_published then p.name end,
           'requested', r.quantity,
           'available', case when p.is_published then p.stock else 0 end,
           'reason', case when p.id is null or not p.is_published then 'indisponible' else 'stock-insuffisant' end)
         order by r.n)
    into problems
  from rows from (pg_catalog.unnest(product_ids), pg_catalog.unnest(quantities)) with ordinality as r (product_id, quantity, n)
  left join public.products p on p.id = r.product_id
  where p.id is null or not p.is_published or p.stock < r.quantity;

  if problems is not null then
    first_problem := problems -> 0;
    if first_problem ->> 'reason' = 'indisponible' then
      raise exception using
        errcode = 'CM001',
        detail = problems::text,
        message = case
          when first_problem ->> 'name' is null
            then pg_catalog.format('Un produit de votre panier n’est plus disponible (référence %s).', first_problem ->> 'productId')
          -- « Le produit « Bol » n’est plus disponible. »
          else pg_catalog.format(U&'Le produit \00AB\202F%s\202F\00BB n\2019est plus disponible.', first_problem ->> 'name')
        end;
    end if;
    raise exception using
      errcode = 'CM002',
      detail = problems::text,
      message = case
        -- « Le produit « Bol » est épuisé. »
        when (first_problem ->> 'available')::int = 0
          then pg_catalog.format(U&'Le produit \00AB\202F%s\202F\00BB est \00E9puis\00E9.', first_problem ->> 'name')
        -- « Stock insuffisant pour « Bol » : il en reste 2. »
        else pg_catalog.format(U&'Stock insuffisant pour \00AB\202F%s\202F\00BB\00A0: il en reste %s.',
                               first_problem ->> 'name', first_problem ->> 'available')
      end;
  end if;

  -- Totals: prices from products only.
  select pg_catalog.sum(p.price * r.quantity) into order_subtotal
  from rows from (pg_catalog.unnest(product_ids), pg_catalog.unnest(quantities)) as r (product_id, quantity)
  join public.products p on p.id = r.product_id;
  order_fee := case when threshold is not null and order_subtotal >= threshold then 0 else fee end;
  if order_subtotal + order_fee > 99999999.99 then
    raise exception 'Le montant de la commande dépasse le maximum accepté.'
      using errcode = 'CM003', detail = '{"field": "lines"}';
  end if;

  sequence_number := pg_catalog.nextval('public.orders_number_seq');
  order_number := 'CMD-' || pg_catalog.to_char(placed_at at time zone 'Europe/Paris', 'YYYY') || '-'
    || pg_catalog.lpad(sequence_number::text, greatest(6, pg_catalog.length(sequence_number::text)), '0');

  insert into public.orders as o (
    number, email, phone, recipient_name, address_line, postal_code, city, country,
    delivery_method, payment_method, payment_last4, payment_reference, subtotal, delivery_fee, total, created_at, caller
  ) values (
    order_number, clean_email, clean_phone, clean_name, clean_address, clean_postal_code, clean_city, clean_country,
    place_order.delivery_method, place_order.payment_method, place_order.payment_last4, place_order.payment_reference,
    order_subtotal, order_fee, order_subtotal + order_fee, placed_at, caller_key
  )
  returning o.id, o.secret into new_order_id, order_secret;

  -- Each line with the product's main picture then (its first by position; none: null).
  insert into public.order_lines (order_id, position, product_id, product_name, unit_price, quantity, picture)
  select new_order_id, (r.n - 1)::int, p.id, p.name, p.price, r.quantity::int,
         (select i.url from public.product_images i where i.product_id = p.id order by i.position, i.id limit 1)
  from rows from (pg_catalog.unnest(product_ids), pg_catalog.unnest(quantities)) with ordinality as r (product_id, quantity, n)
  join public.products p on p.id = r.product_id;

  update public.products p
     set stock = p.stock - r.quantity
    from rows from (pg_catalog.unnest(product_ids), pg_catalog.unnest(quantities)) as r (product_id, quantity)
   where p.id = r.product_id;

  return public.order_document(new_order_id) || pg_catalog.jsonb_build_object('secret', order_secret);
end;
$$;
revoke execute on function public.place_order(jsonb, text, text, text, text, text, text, text, text, text, text, text)
  from public, anon, authenticated, service_role;
grant execute on function public.place_order(jsonb, text, text, text, text, text, text, text, text, text, text, text)
  to anon, authenticated;

-- ── The search: bounded ────────────────────────────────────────────────────────────────────
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
  where coalesce(m.everywhere, true);
end;
$$;
revoke execute on function public.catalogue_search(text[]) from public, anon, authenticated, service_role;
grant execute on function public.catalogue_search(text[]) to anon, authenticated, service_role;

-- ── Unpaid card orders give their stock back ───────────────────────────────────────────────
-- Every card order still « en attente » placed an hour or more before `now` becomes « annulée »
-- (the transition trigger allows it; orders_restock_on_cancel gives the units back). Answers how
-- many. `now` is a parameter so that the tests can call it with the time they choose. No API role
-- may call it: pg_cron runs it as the owner.
create function public.release_unpaid_card_orders(now timestamptz default pg_catalog.now()) returns int
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  released int;
begin
  with cancelled as (
    update public.orders o
       set status = 'annulee'
     where o.status = 'en-attente' and o.payment_method = 'carte'
       and o.created_at <= release_unpaid_card_orders.now - interval '1 hour'
    returning 1
  )
  select pg_catalog.count(*) into released from cancelled;
  return released;
end;
$$;
comment on function public.release_unpaid_card_orders(timestamptz) is
  'Cancels the card orders left « en attente » an hour or more (their stock comes back); pg_cron runs it.';
revoke execute on function public.release_unpaid_card_orders(timestamptz) from public, anon, authenticated, service_role;

-- On Supabase (pg_cron available), every five minutes. Elsewhere (the tests' PostgreSQL), nothing
-- is scheduled: the function is called by hand.
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    -- As Supabase's « Install » of its Cron module does it.
    create extension if not exists pg_cron with schema pg_catalog;
    grant usage on schema cron to postgres;
    grant all privileges on all tables in schema cron to postgres;
    perform cron.schedule('release-unpaid-card-orders', '*/5 * * * *', 'select public.release_unpaid_card_orders()');
  end if;
end;
$$;

-- ── A cancellation never fails on the stock's maximum ──────────────────────────────────────
create or replace function public.orders_restock_on_cancel() returns trigger
  language plpgsql
  security invoker
  set search_path = ''
as $$
begin
  perform 1
     from public.products p
    where p.id in (select l.product_id from public.order_lines l where l.order_id = new.id)
    order by p.id
      for update;
  -- products_stock_max_check: the owner raised the stock meanwhile; the order is cancelled anyway.
  update public.products p
     set stock = least(p.stock + given.quantity, 1000000)
    from (select l.product_id, sum(l.quantity)::int as quantity
            from public.order_lines l
           where l.order_id = new.id and l.product_id is not null
           group by l.product_id) as given
   where p.id = given.product_id;
  return null;
end;
$$;
revoke execute on function public.orders_restock_on_cancel() from public, anon, authenticated, service_role;

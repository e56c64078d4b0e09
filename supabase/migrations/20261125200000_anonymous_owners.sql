-- Orders owned by an anonymous user (issue 23's suggested mechanism). On the Supabase build the
-- shop signs a shopper in anonymously before their first order (supabase.auth.signInAnonymously:
-- Supabase Auth rate-limits it per address, and can ask for a CAPTCHA), so that a request
-- carries a user, an anonymous one: role `authenticated`, `is_anonymous` true in its JWT.
--
-- - orders.owner: the user who placed the order (auth.uid()), null for an order placed without
--   a session (the anon key alone, the owner's own SQL, every order placed before).
-- - place_order counts a caller's unpaid orders by that user when there is one (3 orders and
--   100 units), under a ceiling of its address over all its shoppers (10 orders and 300 units);
--   an owner-less call is counted by its address alone, as 20261125190000_abuse_limits.sql did.
--   Shoppers behind one address (an office, a carrier's NAT) no longer share 3 orders.
-- - my_orders(number, skip): « Mes commandes » of the request's user, read past row-level
--   security (the orders table stays closed to everyone but admins), newest first, 100 a page.
-- - The per-order secrets stay: place_order still answers one, and order_by_secret and
--   orders_by_secrets still read the orders placed before, or on a device whose session was
--   replaced (the owner signing in and out on it), and the local backend keeps them.

alter table public.orders add column owner uuid references auth.users (id) on delete set null;
comment on column public.orders.owner is
  'The user (a Supabase anonymous user, usually) whose session placed the order; null when placed without one.';
create index orders_owner_idx on public.orders (owner, created_at desc, id desc) where owner is not null;

-- ── Placing an order: owned by the session's user, capped by that user ─────────────────────
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
  asked_units bigint;
  owner_id uuid;
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

  -- Stock only real orders hold. A shopper with a session (a Supabase anonymous user, or any
  -- signed-in user) is counted by that user: at most 3 orders « en attente » and 100 units in
  -- them; the address the API gateway saw (public.order_caller) then holds at most 10 orders and
  -- 300 units over all its shoppers, so that anonymous users made by the dozen from one address
  -- take no more. A call without a session (owner-less) is counted by its address alone, 3 orders
  -- and 100 units, as before anonymous sessions. Each count runs under a lock of what it counts,
  -- always the owner's before the address's, so two calls at once cannot both pass.
  -- The session's user, if Supabase Auth still has it (a user deleted meanwhile: owner-less).
  select u.id into owner_id from auth.users u where u.id = auth.uid();
  asked_units := (select pg_catalog.sum(q) from pg_catalog.unnest(quantities) as q);
  if owner_id is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(owner_id::text, 23));
    select pg_catalog.count(distinct o.id), coalesce(pg_catalog.sum(l.quantity), 0) into held_orders, held_units
    from public.orders o
    left join public.order_lines l on l.order_id = o.id
    where o.owner = owner_id and o.status = 'en-attente';
    if held_orders >= 3 or held_units + asked_units > 100 then
      raise exception 'Vous avez déjà des commandes en attente de paiement. Réglez-les ou contactez-nous avant d’en passer une nouvelle.'
        using errcode = 'CM003', detail = '{"field": "pending"}';
    end if;
  end if;
  caller_key := public.order_caller();
  if caller_key is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(caller_key, 23));
    select pg_catalog.count(distinct o.id), coalesce(pg_catalog.sum(l.quantity), 0) into held_orders, held_units
    from public.orders o
    left join public.order_lines l on l.order_id = o.id
    where o.caller = caller_key and o.status = 'en-attente';
    if held_orders >= (case when owner_id is null then 3 else 10 end)
       or held_units + asked_units > (case when owner_id is null then 100 else 300 end) then
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
    delivery_method, payment_method, payment_last4, payment_reference, subtotal, delivery_fee, total, created_at, caller, owner
  ) values (
    order_number, clean_email, clean_phone, clean_name, clean_address, clean_postal_code, clean_city, clean_country,
    place_order.delivery_method, place_order.payment_method, place_order.payment_last4, place_order.payment_reference,
    order_subtotal, order_fee, order_subtotal + order_fee, placed_at, caller_key, owner_id
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
-- ── « Mes commandes »: the orders of the request's user ───────────────────────────────────
-- At most 100 orders a call, newest first, from the `skip`-th; with `number`, that order only
-- (if it is the user's). No user (the anon key): none. Granted to authenticated only.
create function public.my_orders(number text default null, skip integer default 0) returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(public.order_document(m.id) order by m.created_at desc, m.id desc), '[]'::jsonb)
  from (
    select o.id, o.created_at
    from public.orders o
    where o.owner = auth.uid()
      and (my_orders.number is null or o.number = my_orders.number)
    order by o.created_at desc, o.id desc
    offset greatest(coalesce(my_orders.skip, 0), 0)
    limit 100
  ) as m
$$;
comment on function public.my_orders(text, integer) is
  '« Mes commandes »: the orders the request''s user placed, newest first, 100 a call.';
revoke execute on function public.my_orders(text, integer) from public, anon, authenticated, service_role;
grant execute on function public.my_orders(text, integer) to authenticated;

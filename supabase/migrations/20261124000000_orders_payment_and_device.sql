-- Orders, second step (issue 13's OrderRepository adapters). What the shop shows of an order that
-- 20261123213000_orders.sql did not keep, and the two reads the adapters need:
-- - a card order keeps the card's last 4 digits and the payment provider's reference (never more
--   of the card), so the confirmation and the back office say « Carte •••• 4242 »; place_order
--   takes them as two new arguments (null by default: a call with the ten arguments of before
--   still works, for an order paid on delivery);
-- - a line keeps the product's main picture of the moment (a snapshot, as its name and price);
-- - orders_by_secrets(refs): the orders of one device (« Mes commandes »), each by its number and
--   its secret, as order_by_secret reads one, in one call;
-- - admin_orders(status, number): the back office's list, newest first, all or of one status (or
--   one order by its number); refused (42501) to anyone but an admin, where a SELECT filtered by
--   row-level security would answer a non-admin an empty list, indistinguishable from no order.
-- Whatever the card says, an order is placed « en attente »: the browser's word that a card was
-- accepted is not proof of payment; an admin (or a provider's webhook) marks it « payée ».

alter table public.orders
  add column payment_last4 text check (payment_last4 ~ '^[0-9]{4}$'),
  add column payment_reference text check (char_length(payment_reference) between 1 and 100),
  -- Orders placed before this migration may be card orders without these: only a payment on
  -- delivery is required to have none.
  add constraint orders_payment_details_check
    check (payment_method = 'carte' or (payment_last4 is null and payment_reference is null));
comment on column public.orders.payment_last4 is 'A card order: the card''s last 4 digits (never more of the card).';
comment on column public.orders.payment_reference is 'A card order: the payment provider''s reference.';

alter table public.order_lines
  add column picture text check (char_length(picture) between 1 and 2048);
comment on column public.order_lines.picture is 'The product''s main picture when ordered (null: it had none).';

-- ── An order as the shop shows it: with the payment's details and each line's picture ──────
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
               'picture', l.picture) order by l.position)
      from public.order_lines l
      where l.order_id = o.id
    ))
  from public.orders o
  where o.id = order_document.order_id
$$;

-- ── Placing an order: the card's last 4 digits and the provider's reference kept ──────────
drop function public.place_order(jsonb, text, text, text, text, text, text, text, text, text);

create function public.place_order(
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
begin
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
    select (l.line ->> 'productId')::bigint as product_id,
           pg_catalog.sum((l.line ->> 'quantity')::bigint) as quantity,
           pg_catalog.min(l.n) as first_line
    from pg_catalog.jsonb_array_elements(place_order.lines) with ordinality as l (line, n)
    group by 1
  ) as w;

  -- Lock them, in id order; the statements below see their stock as the last order left it.
  perform 1 from (
    select p.id from public.products p where p.id = any (product_ids) order by p.id for update
  ) as locked;

  -- Every line that cannot be served, in the cart's order.
  select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'productId', r.product_id,
           'name', p.name,
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
    delivery_method, payment_method, payment_last4, payment_reference, subtotal, delivery_fee, total, created_at
  ) values (
    order_number, clean_email, clean_phone, clean_name, clean_address, clean_postal_code, clean_city, clean_country,
    place_order.delivery_method, place_order.payment_method, place_order.payment_last4, place_order.payment_reference,
    order_subtotal, order_fee, order_subtotal + order_fee, placed_at
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
comment on function public.place_order(jsonb, text, text, text, text, text, text, text, text, text, text, text) is
  'Places an order of product ids and quantities: prices from products, stock locked, checked and decremented, one transaction.';
revoke execute on function public.place_order(jsonb, text, text, text, text, text, text, text, text, text, text, text)
  from public, anon, authenticated, service_role;
grant execute on function public.place_order(jsonb, text, text, text, text, text, text, text, text, text, text, text)
  to anon, authenticated;

-- ── A device's orders ──────────────────────────────────────────────────────────────────────
-- refs: [{"number": "CMD-2026-000123", "secret": "…"}, …], at most 200. The orders whose number
-- and secret both match, newest first; a pair that matches nothing is left out, as
-- order_by_secret answers it null. Security definer, for the same reason as order_by_secret.
create function public.orders_by_secrets(refs jsonb) returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
begin
  if coalesce(pg_catalog.jsonb_typeof(orders_by_secrets.refs), '') <> 'array' or pg_catalog.jsonb_array_length(orders_by_secrets.refs) > 200 then
    raise exception 'Une liste de 200 commandes au plus est attendue.' using errcode = 'CM003', detail = '{"field": "refs"}';
  end if;
  return coalesce((
    select pg_catalog.jsonb_agg(public.order_document(o.id) order by o.created_at desc, o.id desc)
    from public.orders o
    join pg_catalog.jsonb_array_elements(orders_by_secrets.refs) as r (ref)
      on o.number = r.ref ->> 'number'
     -- A secret that is no UUID matches no order (rather than failing the whole list).
     and o.secret::text = pg_catalog.lower(r.ref ->> 'secret')
  ), '[]'::jsonb);
end;
$$;
comment on function public.orders_by_secrets(jsonb) is
  'A visitor''s own orders, by the numbers and secrets their device kept, newest first.';

-- ── The back office's orders list ──────────────────────────────────────────────────────────
-- Every order (of `status` when given, the one numbered `number` when given), newest first, as
-- order_document shows it. Security invoker: the policies apply too; the check at the start
-- turns a non-admin's call, which they would filter down to nothing, into a refusal (42501).
create function public.admin_orders(status text default null, number text default null) returns jsonb
  language plpgsql
  stable
  security invoker
  set search_path = ''
as $$
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only an admin reads every order' using errcode = '42501';
  end if;
  return coalesce((
    select pg_catalog.jsonb_agg(public.order_document(o.id) order by o.created_at desc, o.id desc)
    from public.orders o
    where (admin_orders.status is null or o.status = admin_orders.status)
      and (admin_orders.number is null or o.number = admin_orders.number)
  ), '[]'::jsonb);
end;
$$;
comment on function public.admin_orders(text, text) is
  'Every order (of a status, or one by its number), newest first; admins only (42501 otherwise).';

revoke execute on function public.orders_by_secrets(jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.admin_orders(text, text) from public, anon, authenticated, service_role;
grant execute on function public.orders_by_secrets(jsonb) to anon, authenticated;
grant execute on function public.admin_orders(text, text) to authenticated;

-- ── A status « changed » to itself is refused too ──────────────────────────────────────────
-- The transition trigger lets an UPDATE that keeps the status through (nothing changes); the
-- back office asking for it is a mistake the shop's domain refuses (« La commande est déjà
-- « payée ». »): CM004 here as well, with the same details, so both backends answer alike.
create or replace function public.admin_set_order_status(number text, status text) returns jsonb
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  current_status text;
  changed bigint;
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only an admin changes an order''s status' using errcode = '42501';
  end if;
  select o.status into current_status from public.orders o where o.number = admin_set_order_status.number for update;
  if current_status = admin_set_order_status.status then
    raise exception using
      errcode = 'CM004',
      message = 'La commande a déjà ce statut.',
      detail = pg_catalog.jsonb_build_object('from', current_status, 'to', admin_set_order_status.status)::text;
  end if;
  update public.orders o
     set status = admin_set_order_status.status
   where o.number = admin_set_order_status.number
  returning o.id into changed;
  if changed is null then
    return null;
  end if;
  return public.order_document(changed);
end;
$$;

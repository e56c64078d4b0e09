-- A card order is placed before it is paid (issue 41, point 1): place_order, as
-- 20261128110000_order_paths.sql restated it, required the card's last 4 digits and the provider's
-- reference with a card order, which only the provider knows, after the payment; the shop's
-- Supabase adapter now sends neither. Restated with that one check relaxed: a card order comes
-- without them (still checked when sent), and the payment webhook (20261128120500_card_payments.sql)
-- records the provider's. Everything else is 20261128110000_order_paths.sql's, unchanged; its
-- grants stay (same signature).
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
  payment_reference text default null,
  relay_point jsonb default null,
  expected_total_cents bigint default null
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
  clean_relay_point jsonb;
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
  select o.fee, o.free_from into fee, threshold
  from public.order_delivery_options() o where o.method = place_order.delivery_method;
  if not found then
    raise exception 'Mode de livraison inconnu.' using errcode = 'CM003', detail = '{"field": "deliveryMethod"}';
  end if;
  -- A pickup at the shop sends nothing: no address is asked, none is kept. Every other method
  -- needs the shopper's address.
  if place_order.delivery_method = 'retrait-boutique' then
    if place_order.address_line is not null or place_order.postal_code is not null or place_order.city is not null or place_order.country is not null then
      raise exception 'Un retrait en boutique ne demande pas d’adresse de livraison.'
        using errcode = 'CM003', detail = '{"field": "addressLine"}';
    end if;
    clean_address := null;
    clean_postal_code := null;
    clean_city := null;
    clean_country := null;
  else
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
  end if;
  -- The relay point the shopper chose (the carrier's id, its name and address): required for
  -- « Point relais », refused for the other methods. No backend serves relay points: it is kept
  -- as chosen, its shape checked.
  if place_order.delivery_method = 'point-relais' then
    if pg_catalog.jsonb_typeof(place_order.relay_point) is distinct from 'object'
       or pg_catalog.jsonb_typeof(place_order.relay_point -> 'id') is distinct from 'string'
       or pg_catalog.jsonb_typeof(place_order.relay_point -> 'name') is distinct from 'string'
       or pg_catalog.jsonb_typeof(place_order.relay_point -> 'street') is distinct from 'string'
       or pg_catalog.jsonb_typeof(place_order.relay_point -> 'postalCode') is distinct from 'string'
       or pg_catalog.jsonb_typeof(place_order.relay_point -> 'city') is distinct from 'string' then
      raise exception 'Choisissez un point relais.' using errcode = 'CM003', detail = '{"field": "relayPoint"}';
    end if;
    clean_relay_point := pg_catalog.jsonb_build_object(
      'id', pg_catalog.btrim(place_order.relay_point ->> 'id'),
      'name', pg_catalog.btrim(place_order.relay_point ->> 'name'),
      'street', pg_catalog.btrim(place_order.relay_point ->> 'street'),
      'postalCode', pg_catalog.btrim(place_order.relay_point ->> 'postalCode'),
      'city', pg_catalog.btrim(place_order.relay_point ->> 'city'));
    if pg_catalog.char_length(clean_relay_point ->> 'id') not between 1 and 40
       or pg_catalog.char_length(clean_relay_point ->> 'name') not between 1 and 120
       or pg_catalog.char_length(clean_relay_point ->> 'street') not between 1 and 200
       or pg_catalog.char_length(clean_relay_point ->> 'city') not between 1 and 100
       or (clean_relay_point ->> 'postalCode') !~ '^[0-9]{5}$' then
      raise exception 'Le point relais choisi est invalide. Choisissez-en un dans la liste.'
        using errcode = 'CM003', detail = '{"field": "relayPoint"}';
    end if;
  elsif place_order.relay_point is not null then
    raise exception 'Seule la livraison en point relais a un point relais.' using errcode = 'CM003', detail = '{"field": "relayPoint"}';
  end if;
  if place_order.payment_method is null or place_order.payment_method not in ('a-la-livraison', 'carte') then
    raise exception 'Moyen de paiement inconnu.' using errcode = 'CM003', detail = '{"field": "paymentMethod"}';
  end if;
  -- A card is paid after the order is placed, on the provider's page: the order is placed without
  -- its reference and last 4 digits, which the provider's webhook records (record_payment_outcome).
  -- Sent anyway, they must still look like them (the webhook's replace them when it is paid).
  if place_order.payment_method = 'carte' and (
       coalesce(place_order.payment_last4, '0000') !~ '^[0-9]{4}$'
       or pg_catalog.char_length(coalesce(place_order.payment_reference, 'x')) not between 1 and 100) then
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
  -- At most 100 units in an order, all products together (the domain's MAX_UNITS_PER_ORDER):
  -- checked before the unpaid orders' caps, so a first order too big says so, not « en attente ».
  asked_units := (select pg_catalog.sum(q) from pg_catalog.unnest(quantities) as q);
  if asked_units > 100 then
    raise exception 'Une commande compte au plus 100 articles. Pour une commande plus importante, contactez-nous.'
      using errcode = 'CM003', detail = '{"field": "units"}';
  end if;

  -- Stock only real orders hold. A shopper with a session (a Supabase anonymous user, or any
  -- signed-in user) is counted by that user: at most 3 waiting orders (« en attente », or « en
  -- attente de paiement » for a card) and 100 units in them; the address the API gateway saw
  -- (public.order_caller) then holds at most 10 orders and 300 units over all its shoppers, so
  -- that anonymous users made by the dozen from one address take no more. A call without a
  -- session (owner-less) is counted by its address alone, 3 orders and 100 units, as before
  -- anonymous sessions. Each count runs under a lock of what it counts, always the owner's
  -- before the address's, so two calls at once cannot both pass.
  -- The session's user, if Supabase Auth still has it (a user deleted meanwhile: owner-less).
  select u.id into owner_id from auth.users u where u.id = auth.uid();
  if owner_id is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(owner_id::text, 23));
    select pg_catalog.count(distinct o.id), coalesce(pg_catalog.sum(l.quantity), 0) into held_orders, held_units
    from public.orders o
    left join public.order_lines l on l.order_id = o.id
    where o.owner = owner_id and o.status in ('en-attente', 'en-attente-paiement');
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
    where o.caller = caller_key and o.status in ('en-attente', 'en-attente-paiement');
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
  -- The total the shopper saw on the review and paid: a price changed since then refuses the
  -- order, before anything is taken or written.
  if place_order.expected_total_cents is not null
     and place_order.expected_total_cents <> ((order_subtotal + order_fee) * 100)::bigint then
    -- « Le prix d’un article a changé depuis votre récapitulatif : vérifiez… » (a no-break space before the colon).
    raise exception using
      errcode = 'CM007',
      message = U&'Le prix d\2019un article a chang\00E9 depuis votre r\00E9capitulatif\00A0: v\00E9rifiez le nouveau total avant de commander.',
      detail = pg_catalog.jsonb_build_object('expectedCents', place_order.expected_total_cents,
                                             'totalCents', ((order_subtotal + order_fee) * 100)::bigint)::text;
  end if;

  sequence_number := pg_catalog.nextval('public.orders_number_seq');
  order_number := 'CMD-' || pg_catalog.to_char(placed_at at time zone 'Europe/Paris', 'YYYY') || '-'
    || pg_catalog.lpad(sequence_number::text, greatest(6, pg_catalog.length(sequence_number::text)), '0');

  insert into public.orders as o (
    number, status, email, phone, recipient_name, address_line, postal_code, city, country,
    delivery_method, payment_method, payment_last4, payment_reference, subtotal, delivery_fee, total, created_at, caller, owner,
    relay_point
  ) values (
    -- A card order waits for the payment provider; any other for the owner (initialStatusOf).
    order_number, case when place_order.payment_method = 'carte' then 'en-attente-paiement' else 'en-attente' end,
    clean_email, clean_phone, clean_name, clean_address, clean_postal_code, clean_city, clean_country,
    place_order.delivery_method, place_order.payment_method, place_order.payment_last4, place_order.payment_reference,
    order_subtotal, order_fee, order_subtotal + order_fee, placed_at, caller_key, owner_id, clean_relay_point
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


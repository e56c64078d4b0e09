-- Orders (issue 13): a shopper's order is placed by one function, place_order, in which the
-- database alone decides prices and stock; the shopper's device reads its own order back through
-- the order's secret (order_by_secret); admins read every order and move its status along the
-- allowed transitions (admin_set_order_status, or an UPDATE of the status column).
--
-- How a visitor finds their order again: a secret of the order, not an anonymous sign-in.
-- Shoppers use the shop without any sign-in (only the owner signs in, to the back office): the
-- device that placed the order keeps its number and its secret (a v4 UUID, 122 random bits, from
-- gen_random_uuid) and shows it to order_by_secret. An anonymous sign-in would need Supabase's
-- anonymous sign-ins turned on for the project (with a CAPTCHA against the accounts a script can
-- make by the thousand), a session the shop refreshes on every device, and a row in auth.users
-- per visitor; and an order would be lost with its session (site data cleared, another browser)
-- while a number and its secret can be written down or mailed. Either way the device is the key:
-- neither is weaker than the other, and the secret needs nothing the shop does not have.
--
-- Why a function and not row-level security for that read: a policy would need the secret in
-- each request (a header read from request.headers), and anon would be granted SELECT on the
-- table, so one mistake in that policy would list every order with its contact details. The
-- function answers one order, only for its number and its secret together, and anon has no
-- privilege at all on the tables.
--
-- Errors a shopper may meet, raised by place_order with a SQLSTATE of their own (PostgREST
-- forwards code, message, details and hint; the message is French, for the shopper):
--   CM001  a product missing or unpublished   « Le produit « Bol » n’est plus disponible. »
--   CM002  a product short or out of stock    « Stock insuffisant pour « Bol » : il en reste 2. »
--                                             « Le produit « Bol » est épuisé. »
--   CM003  an invalid argument (details: {"field": …})
-- CM001 and CM002 name the first line of the cart (in the order sent) that cannot be served; their
-- details list every such line: [{"productId", "name", "requested", "available", "reason"}],
-- reason 'indisponible' or 'stock-insuffisant'. A refused order writes nothing.
--   CM004  a status change outside the allowed transitions (the orders_status_transition trigger)
--   CM005  a change of anything but an order's status

-- ── Delivery ───────────────────────────────────────────────────────────────────────────────
-- The delivery methods, their fees and the free-delivery threshold, in one place: the order
-- domain's constants (src/domain) mirror these values. Euros, tax included; delivery is free
-- when the subtotal reaches free_from (null: no threshold, the fee is already 0).
create function public.order_delivery_options()
  returns table (method text, fee numeric(10, 2), free_from numeric(10, 2))
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  values ('domicile'::text, 4.90::numeric(10, 2), 60.00::numeric(10, 2)),
         ('point-relais', 3.90, 60.00),
         ('retrait-boutique', 0.00, null)
$$;
comment on function public.order_delivery_options() is
  'Delivery methods with their fee and free-delivery threshold (euros TTC); mirrored by the order domain''s constants.';

-- ── Tables ─────────────────────────────────────────────────────────────────────────────────
-- CMD-AAAA-NNNNNN: the year of the order (Paris time) and a number from this sequence, 6 digits
-- at least (more after 999 999 orders rather than a number given twice).
create sequence public.orders_number_seq as bigint;

create table public.orders (
  id bigint generated always as identity primary key,
  number text not null unique check (number ~ '^CMD-[0-9]{4}-[0-9]{6,}$'),
  secret uuid not null unique default gen_random_uuid(),
  status text not null default 'en-attente'
    check (status in ('en-attente', 'payee', 'expediee', 'livree', 'annulee')),
  email text not null check (char_length(email) <= 254 and email = lower(email) and email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'),
  -- French numbers, stored without separators: 0612345678 or +33612345678.
  phone text check (phone ~ '^(0|\+33)[1-9][0-9]{8}$'),
  recipient_name text not null check (char_length(recipient_name) between 1 and 120 and recipient_name !~ '^\s|\s$'),
  address_line text not null check (char_length(address_line) between 1 and 200 and address_line !~ '^\s|\s$'),
  postal_code text not null check (postal_code ~ '^[0-9]{5}$'),
  city text not null check (char_length(city) between 1 and 100 and city !~ '^\s|\s$'),
  country text not null check (char_length(country) between 1 and 60 and country !~ '^\s|\s$'),
  delivery_method text not null check (delivery_method in ('domicile', 'point-relais', 'retrait-boutique')),
  payment_method text not null check (payment_method in ('a-la-livraison', 'carte')),
  subtotal numeric(10, 2) not null check (subtotal > 0),
  delivery_fee numeric(10, 2) not null check (delivery_fee >= 0),
  total numeric(10, 2) not null,
  created_at timestamptz not null default now(),
  constraint orders_total_check check (total = subtotal + delivery_fee)
);
comment on column public.orders.secret is
  'Known only to the device that placed the order: with the number, it reads the order (order_by_secret).';
comment on column public.orders.payment_method is
  '''a-la-livraison'' (paiement à la livraison) or ''carte''. An order is placed ''en-attente'' either way.';

-- A line keeps the product's name and price of the moment of the order; product_id becomes null
-- if the product is deleted later, the line staying as it was.
create table public.order_lines (
  id bigint generated always as identity primary key,
  order_id bigint not null references public.orders (id) on delete cascade,
  position int not null check (position >= 0),
  product_id bigint references public.products (id) on delete set null,
  product_name text not null,
  unit_price numeric(10, 2) not null check (unit_price > 0),
  quantity int not null check (quantity > 0),
  unique (order_id, position)
);

-- The back office lists orders newest first, all or of one status; deleting a product finds its
-- lines to set their product_id to null.
create index orders_created_idx on public.orders (created_at desc, id desc);
create index orders_status_created_idx on public.orders (status, created_at desc, id desc);
create index order_lines_product_idx on public.order_lines (product_id);

-- ── Status transitions ─────────────────────────────────────────────────────────────────────
-- en-attente → payee | annulee; payee → expediee | annulee; expediee → livree; livree and annulee
-- are final. Anything else is refused, whoever writes (row-level security already keeps the
-- writers to admins). Nothing but the status ever changes: an order is what was placed.
create function public.orders_status_transition() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  labels constant jsonb := '{"en-attente": "en attente", "payee": "payée", "expediee": "expédiée", "livree": "livrée", "annulee": "annulée"}';
begin
  if (pg_catalog.to_jsonb(new) - 'status') is distinct from (pg_catalog.to_jsonb(old) - 'status') then
    raise exception 'Seul le statut d’une commande peut changer.' using errcode = 'CM005';
  end if;
  if new.status is distinct from old.status and not (
       (old.status = 'en-attente' and new.status in ('payee', 'annulee'))
    or (old.status = 'payee' and new.status in ('expediee', 'annulee'))
    or (old.status = 'expediee' and new.status = 'livree')
  ) then
    -- « Une commande « livrée » ne peut pas passer à « annulée ». »
    raise exception using
      errcode = 'CM004',
      message = pg_catalog.format(U&'Une commande \00AB\202F%s\202F\00BB ne peut pas passer \00E0 \00AB\202F%s\202F\00BB.',
                                  coalesce(labels ->> old.status, old.status), coalesce(labels ->> new.status, new.status)),
      detail = pg_catalog.jsonb_build_object('from', old.status, 'to', new.status)::text;
  end if;
  return new;
end;
$$;
revoke execute on function public.orders_status_transition() from public, anon, authenticated, service_role;

create trigger orders_status_transition
  before update on public.orders
  for each row execute function public.orders_status_transition();

-- ── Row-level security ─────────────────────────────────────────────────────────────────────
-- Nobody inserts or deletes an order or a line through the API: orders are written by
-- place_order only and never deleted (an order that will not be served is « annulée »). Admins
-- read everything and change an order's status (the only column granted for update);
-- service_role reads. Visitors have no privilege here: they read their order with its secret.
alter table public.orders enable row level security;
alter table public.order_lines enable row level security;

revoke all on table public.orders, public.order_lines from anon, authenticated, service_role;
revoke all on sequence public.orders_number_seq, public.orders_id_seq, public.order_lines_id_seq
  from anon, authenticated, service_role;
grant select on table public.orders, public.order_lines to authenticated, service_role;
grant update (status) on table public.orders to authenticated;

create policy "Admins read orders" on public.orders
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins change an order's status" on public.orders
  for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins read order lines" on public.order_lines
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- ── An order as the shop shows it ──────────────────────────────────────────────────────────
-- One order with its lines, in the cart's order, as JSON; null when the reader may not see it.
-- Security invoker: the reader's row-level security applies (admins see every order; called from
-- order_by_secret or place_order, it reads as their owner). Not granted to anon.
create function public.order_document(order_id bigint) returns jsonb
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
    'subtotal', o.subtotal,
    'deliveryFee', o.delivery_fee,
    'total', o.total,
    'lines', (
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'productId', l.product_id,
               'name', l.product_name,
               'unitPrice', l.unit_price,
               'quantity', l.quantity) order by l.position)
      from public.order_lines l
      where l.order_id = o.id
    ))
  from public.orders o
  where o.id = order_document.order_id
$$;
comment on function public.order_document(bigint) is
  'An order and its lines as JSON, under the reader''s row-level security; null when unseen.';

-- ── Reading one's own order ────────────────────────────────────────────────────────────────
-- The order with this number and this secret, as the shop shows it, or null when either is
-- wrong (a wrong secret and an unknown number look the same). Security definer: visitors have
-- no privilege on the tables (see the top of this file); search_path is empty and every name
-- qualified, so nothing a caller creates can stand in for them.
create function public.order_by_secret(number text, secret uuid) returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select public.order_document(o.id)
  from public.orders o
  where o.number = order_by_secret.number and o.secret = order_by_secret.secret
$$;
comment on function public.order_by_secret(text, uuid) is
  'A visitor''s own order, by its number and the secret their device kept; null when they do not match.';

-- ── Changing a status (the back office) ────────────────────────────────────────────────────
-- The shop's adapters write through functions (as admin_save_product): this one sets an order's
-- status and answers the order as order_document shows it, or null when no order has that
-- number. Security invoker: the caller's grants, the policies (admins only) and the transition
-- trigger apply as to an UPDATE sent through PostgREST; the admin check at the start turns a
-- non-admin's update, which the policies would filter down to no row, into a refusal (42501).
create function public.admin_set_order_status(number text, status text) returns jsonb
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  changed bigint;
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only an admin changes an order''s status' using errcode = '42501';
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
comment on function public.admin_set_order_status(text, text) is
  'Sets an order''s status along the allowed transitions (CM004 otherwise); admins only (RLS applies).';

-- ── Placing an order ───────────────────────────────────────────────────────────────────────
-- lines: [{"productId": 12, "quantity": 2}, …], in the cart's order; the same product twice is
-- one line of the summed quantity. Only productId and quantity are read: there is no price
-- parameter, and a price inside a line is ignored; names and prices come from products, as
-- they are when the order is placed. The products are locked (for update, in id order, so two
-- orders of the same products never wait on each other in a circle) before their stock is
-- checked: a second order of the last unit waits for the first to commit, then sees stock 0 and
-- is refused. Everything happens in the caller's one transaction: a refusal writes nothing.
--
-- Security definer: visitors may neither update products (stock) nor insert orders; this function
-- does both, only in the way written here. Its search_path is empty and every name qualified,
-- so no object a caller creates can stand in for ours; execute is granted to anon and
-- authenticated only (the shop's API roles), revoked from PUBLIC.
--
-- Returns the order as order_document shows it, with its secret:
-- {"number": "CMD-2026-000123", "secret": "…", "status": "en-attente", "subtotal": 25.00, …}.
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
  payment_method text
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
    delivery_method, payment_method, subtotal, delivery_fee, total, created_at
  ) values (
    order_number, clean_email, clean_phone, clean_name, clean_address, clean_postal_code, clean_city, clean_country,
    place_order.delivery_method, place_order.payment_method, order_subtotal, order_fee, order_subtotal + order_fee, placed_at
  )
  returning o.id, o.secret into new_order_id, order_secret;

  insert into public.order_lines (order_id, position, product_id, product_name, unit_price, quantity)
  select new_order_id, (r.n - 1)::int, p.id, p.name, p.price, r.quantity::int
  from rows from (pg_catalog.unnest(product_ids), pg_catalog.unnest(quantities)) with ordinality as r (product_id, quantity, n)
  join public.products p on p.id = r.product_id;

  update public.products p
     set stock = p.stock - r.quantity
    from rows from (pg_catalog.unnest(product_ids), pg_catalog.unnest(quantities)) as r (product_id, quantity)
   where p.id = r.product_id;

  return public.order_document(new_order_id) || pg_catalog.jsonb_build_object('secret', order_secret);
end;
$$;
comment on function public.place_order(jsonb, text, text, text, text, text, text, text, text, text) is
  'Places an order of product ids and quantities: prices from products, stock locked, checked and decremented, one transaction.';

revoke execute on function public.order_delivery_options() from public, anon, authenticated, service_role;
revoke execute on function public.order_document(bigint) from public, anon, authenticated, service_role;
revoke execute on function public.admin_set_order_status(text, text) from public, anon, authenticated, service_role;
revoke execute on function public.order_by_secret(text, uuid) from public, anon, authenticated, service_role;
revoke execute on function public.place_order(jsonb, text, text, text, text, text, text, text, text, text)
  from public, anon, authenticated, service_role;
grant execute on function public.order_delivery_options() to anon, authenticated, service_role;
grant execute on function public.order_by_secret(text, uuid) to anon, authenticated;
-- A signed-in user may call these (the admin check and the policies decide); a visitor may not.
grant execute on function public.order_document(bigint) to authenticated;
grant execute on function public.admin_set_order_status(text, text) to authenticated;
grant execute on function public.place_order(jsonb, text, text, text, text, text, text, text, text, text)
  to anon, authenticated;

-- ── Realtime ───────────────────────────────────────────────────────────────────────────────
-- A new order appears in the back office's open orders list: orders join the supabase_realtime
-- publication (Realtime applies the policies above: only admins hear of an order).
do $$
begin
  if not exists (
    select 1 from pg_catalog.pg_publication_tables
     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'orders'
  ) then
    alter publication supabase_realtime add table public.orders;
  end if;
end;
$$;

-- Several withdrawals from one order, and withdrawing before the goods leave (issue 42, points 2
-- and 3; src/domain/order/withdrawal.ts and withdrawn-order.ts hold the same rules).
--
-- 1. An order may hold several withdrawals (order_withdrawals was « one at most »): each withdraws
--    some of what remains of the lines (the lines ordered less every earlier withdrawal's), until
--    the period ends. Each is numbered within its order (1 for the first) and moves on its own.
-- 2. Before the goods leave the shop (the order neither « expédiée », « livrée » nor « retirée »),
--    the lines withdrawn are cancelled in the same transaction: their units go back to the stock,
--    nothing is sent back, so the withdrawal starts « a-rembourser » (a card order paid) or
--    « close » (unpaid: nothing to refund); withdrawing all that remains cancels the order. The
--    order's lines and totals stay as placed (the snapshot is the contract): what remains due is
--    the lines less the withdrawals before shipping (the shop's dueTotals).
-- 3. The cancellation by a withdrawal is the buyer's right, not the owner's step nor the
--    provider's: withdraw_from_order sets the transaction-local setting shop.status_actor to
--    'withdrawal' before it writes « annulee », so that a status trigger that checks who takes a
--    step can tell it apart (the order model's trigger: hA1's migration accepts it for any
--    status that has not left the shop).
-- 4. A cancellation gives back only what the order still holds (orders_restock_on_cancel): the
--    units withdrawn before shipping went back already.
--
-- Error codes: as 20261126180000_withdrawals.sql; CM021 now also when nothing remains to
-- withdraw, CM003 for more than remains of a line; CM022 for a withdrawal number the order has not.

-- ── 1. Several withdrawals, each with its number and whether the goods had left ─────────────────
alter table public.order_withdrawals drop constraint order_withdrawals_pkey;
alter table public.order_withdrawals add column number int not null default 1 check (number between 1 and 1000);
alter table public.order_withdrawals alter column number drop default;
alter table public.order_withdrawals add primary key (order_id, number);
alter table public.order_withdrawals add column before_shipping boolean not null default false;
alter table public.order_withdrawals alter column before_shipping drop default;
alter table public.order_withdrawals drop constraint order_withdrawals_status_check;
alter table public.order_withdrawals add constraint order_withdrawals_status_check
  check (status in ('recue', 'retournee', 'a-rembourser', 'remboursee', 'close'));
comment on table public.order_withdrawals is
  'A buyer''s withdrawals from an order (several, each of what remains, numbered from 1): written by withdraw_from_order, moved by admins (admin_set_withdrawal_status).';
comment on column public.order_withdrawals.before_shipping is
  'Received before the goods left the shop: its lines were cancelled and their units given back to the stock; nothing comes back.';
drop index public.order_withdrawals_open_idx;
create index order_withdrawals_open_idx on public.order_withdrawals (received_at) where status in ('recue', 'retournee', 'a-rembourser');

-- Received → returned → refunded; to refund → refunded; refunded and closed are final
-- (WITHDRAWAL_TRANSITIONS); each step keeps its moment; nothing else changes.
create or replace function public.order_withdrawals_transition() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  labels constant jsonb := '{"recue": "rétractation reçue", "retournee": "articles retournés", "a-rembourser": "à rembourser", "remboursee": "remboursée", "close": "close, rien à rembourser"}';
begin
  if new.order_id is distinct from old.order_id or new.number is distinct from old.number or new.lines is distinct from old.lines
     or new.received_at is distinct from old.received_at or new.before_shipping is distinct from old.before_shipping then
    raise exception 'Seul le statut d’une rétractation peut changer.' using errcode = 'CM005';
  end if;
  if not ((old.status = 'recue' and new.status = 'retournee')
       or (old.status in ('retournee', 'a-rembourser') and new.status = 'remboursee')) then
    raise exception using
      errcode = 'CM022',
      message = pg_catalog.format(U&'Une r\00E9tractation au statut \00AB\202F%s\202F\00BB ne peut pas passer \00E0 \00AB\202F%s\202F\00BB.',
                                  coalesce(labels ->> old.status, old.status), coalesce(labels ->> new.status, new.status)),
      detail = pg_catalog.jsonb_build_object('from', old.status, 'to', new.status)::text;
  end if;
  new.returned_at := case when new.status = 'retournee' then pg_catalog.now() else old.returned_at end;
  new.refunded_at := case when new.status = 'remboursee' then pg_catalog.now() else old.refunded_at end;
  return new;
end;
$$;

-- What remains of each line of an order: ordered, less every withdrawal's units (all, or only those
-- received before shipping: what the order still holds from the stock).
create function public.order_lines_remaining(order_id bigint, before_shipping_only boolean default false)
  returns table (line int, product_id bigint, quantity int)
  language sql
  stable
  security invoker
  set search_path = ''
as $$
  select l.position, l.product_id,
         l.quantity - coalesce((select pg_catalog.sum((e ->> 'quantity')::int)
                                  from public.order_withdrawals w, pg_catalog.jsonb_array_elements(w.lines) e
                                 where w.order_id = l.order_id and (e ->> 'line')::int = l.position
                                   and (w.before_shipping or not order_lines_remaining.before_shipping_only)), 0)::int
  from public.order_lines l
  where l.order_id = order_lines_remaining.order_id
$$;
revoke execute on function public.order_lines_remaining(bigint, boolean) from public, anon, authenticated, service_role;

-- ── The order document, with its withdrawals ──────────────────────────────────────────────────
-- Restated from 20261127020000_place_order_plans.sql (unchanged but `withdrawals`, a list oldest
-- first, instead of `withdrawal`).
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
      'withdrawals', (
        select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                 'number', w.number,
                 'status', w.status,
                 'lines', w.lines,
                 'beforeShipping', w.before_shipping,
                 'receivedAt', w.received_at,
                 'returnedAt', w.returned_at,
                 'refundedAt', w.refunded_at) order by w.number)
        from public.order_withdrawals w
        where w.order_id = o.id
      ))
    from public.orders o
    where o.id = order_document.order_id
  );
end;
$$;

-- ── 4. A cancellation gives back what the order still holds ────────────────────────────────────
-- Restated from 20261125190000_abuse_limits.sql: the lines less the units withdrawn before shipping
-- (as order_lines_remaining(…, true) counts them, written out: the trigger runs as the admin, who
-- may not execute that function).
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
    from (select l.product_id,
                 sum(l.quantity - coalesce((select pg_catalog.sum((e ->> 'quantity')::int)
                                              from public.order_withdrawals w, pg_catalog.jsonb_array_elements(w.lines) e
                                             where w.order_id = l.order_id and w.before_shipping and (e ->> 'line')::int = l.position), 0))::int as quantity
            from public.order_lines l
           where l.order_id = new.id and l.product_id is not null
           group by l.product_id) as given
   where p.id = given.product_id and given.quantity > 0;
  return null;
end;
$$;
revoke execute on function public.orders_restock_on_cancel() from public, anon, authenticated, service_role;

-- ── 1–3. The buyer withdraws what remains ──────────────────────────────────────────────────────
create or replace function public.withdraw_from_order(number text, secret uuid default null, lines jsonb default '[]') returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  target public.orders;
  last_day date;
  months constant text[] := array['janvier', U&'f\00E9vrier', 'mars', 'avril', 'mai', 'juin', 'juillet', U&'ao\00FBt', 'septembre', 'octobre', 'novembre', U&'d\00E9cembre'];
  bad_line constant text := U&'Un article choisi ne fait pas partie de cette commande, ou sa quantit\00E9 d\00E9passe celle dont vous pouvez encore vous r\00E9tracter.';
  chosen jsonb;
  shipped boolean;
  next_number int;
begin
  if pg_catalog.jsonb_typeof(withdraw_from_order.lines) is distinct from 'array' or pg_catalog.jsonb_array_length(withdraw_from_order.lines) > 50 then
    raise exception using errcode = 'CM003', message = bad_line, detail = '{"field": "lines"}';
  end if;
  select o.* into target
  from public.orders o
  where o.number = withdraw_from_order.number
    and ((withdraw_from_order.secret is not null and o.secret = withdraw_from_order.secret)
         or (auth.uid() is not null and o.owner = auth.uid()))
  for update;
  if target.id is null then
    return null;
  end if;
  if target.status = 'annulee' then
    raise exception using errcode = 'CM021', message = U&'Cette commande est annul\00E9e\00A0: il n\2019y a rien \00E0 r\00E9tracter.';
  end if;
  if not exists (select 1 from public.order_lines_remaining(target.id) r where r.quantity > 0) then
    raise exception using errcode = 'CM021', message = U&'Votre r\00E9tractation de tous les articles de cette commande a d\00E9j\00E0 \00E9t\00E9 re\00E7ue.';
  end if;
  if target.delivered_at is not null then
    last_day := public.withdrawal_last_day(target.delivered_at);
    if pg_catalog.now() >= ((last_day + 1)::timestamp at time zone 'Europe/Paris') then
      raise exception using
        errcode = 'CM020',
        message = pg_catalog.format(U&'Le d\00E9lai de r\00E9tractation de 14 jours a expir\00E9 le %s %s %s.',
                                    extract(day from last_day)::int, months[extract(month from last_day)::int], extract(year from last_day)::int),
        detail = pg_catalog.jsonb_build_object('lastDay', last_day)::text;
    end if;
  end if;
  -- Each chosen line once, an existing position, 1 to what remains of it; at least one.
  select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('line', c.line, 'quantity', c.quantity) order by c.line) into chosen
  from (
    select (e ->> 'line')::int as line, (e ->> 'quantity')::int as quantity
    from pg_catalog.jsonb_array_elements(withdraw_from_order.lines) e
    where pg_catalog.jsonb_typeof(e -> 'line') = 'number' and pg_catalog.jsonb_typeof(e -> 'quantity') = 'number'
      and (e ->> 'quantity') ~ '^[0-9]{1,6}$' and (e ->> 'line') ~ '^[0-9]{1,6}$'
  ) c
  join public.order_lines_remaining(target.id) r on r.line = c.line
  where c.quantity between 1 and r.quantity;
  if not exists (select 1 from pg_catalog.jsonb_array_elements(withdraw_from_order.lines) e where (e ->> 'quantity') is distinct from '0') then
    raise exception 'Choisissez au moins un article dont vous vous rétractez.' using errcode = 'CM003', detail = '{"field": "lines"}';
  end if;
  if chosen is null
     or pg_catalog.jsonb_array_length(chosen) <> pg_catalog.jsonb_array_length(withdraw_from_order.lines)
     or (select pg_catalog.count(distinct e ->> 'line') from pg_catalog.jsonb_array_elements(chosen) e) <> pg_catalog.jsonb_array_length(chosen) then
    raise exception using errcode = 'CM003', message = bad_line, detail = '{"field": "lines"}';
  end if;
  shipped := target.status in ('expediee', 'livree', 'retiree');
  select coalesce(pg_catalog.max(w.number), 0) + 1 into next_number from public.order_withdrawals w where w.order_id = target.id;
  insert into public.order_withdrawals (order_id, number, lines, before_shipping, status)
  values (target.id, next_number, chosen, not shipped,
          case when shipped then 'recue'
               -- Paid (isPaid): a card order the provider confirmed; one paid on delivery or at the shop is not, before it leaves.
               when target.payment_method = 'carte' and target.status in ('payee', 'prete') then 'a-rembourser'
               else 'close' end);
  if not shipped then
    -- The lines withdrawn are cancelled: their units back to the stock, at once.
    perform 1
       from public.products p
      where p.id in (select l.product_id from public.order_lines l where l.order_id = target.id)
      order by p.id
        for update;
    update public.products p
       set stock = least(p.stock + given.quantity, 1000000)
      from (select l.product_id, sum((c ->> 'quantity')::int)::int as quantity
              from pg_catalog.jsonb_array_elements(chosen) c
              join public.order_lines l on l.order_id = target.id and l.position = (c ->> 'line')::int
             where l.product_id is not null
             group by l.product_id) as given
     where p.id = given.product_id;
    -- Nothing left: the order is cancelled, the buyer's right (orders_restock_on_cancel gives back
    -- what it still holds: nothing).
    if not exists (select 1 from public.order_lines_remaining(target.id) r where r.quantity > 0) then
      perform pg_catalog.set_config('shop.status_actor', 'withdrawal', true);
      update public.orders o set status = 'annulee' where o.id = target.id;
      perform pg_catalog.set_config('shop.status_actor', '', true);
    end if;
  end if;
  return public.order_document(target.id);
end;
$$;
comment on function public.withdraw_from_order(text, uuid, jsonb) is
  'The buyer''s withdrawal (its owner, or the device with its secret) of what remains of the lines (CM003): within 14 days of delivery (CM020), not of a cancelled order nor one with nothing left (CM021). Before shipping: the lines cancelled, their units back in stock, the order cancelled when nothing remains.';

-- ── The owner moves one withdrawal ─────────────────────────────────────────────────────────────
drop function public.admin_set_withdrawal_status(text, text);
create function public.admin_set_withdrawal_status(number text, withdrawal int, status text) returns jsonb
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  target bigint;
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only an admin records a withdrawal''s return or refund' using errcode = '42501';
  end if;
  select o.id into target from public.orders o where o.number = admin_set_withdrawal_status.number;
  if target is null then
    return null;
  end if;
  update public.order_withdrawals w set status = admin_set_withdrawal_status.status
   where w.order_id = target and w.number = admin_set_withdrawal_status.withdrawal;
  if not found then
    raise exception 'Cette commande n’a pas de rétractation.' using errcode = 'CM022', detail = '{"from": null}';
  end if;
  return public.order_document(target);
end;
$$;
comment on function public.admin_set_withdrawal_status(text, int, text) is
  'Moves one withdrawal of an order (its number): recue → retournee → remboursee, a-rembourser → remboursee (CM022 otherwise); admins only (42501).';
revoke execute on function public.admin_set_withdrawal_status(text, int, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_set_withdrawal_status(text, int, text) to authenticated;
